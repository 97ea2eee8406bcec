/**
 * What jsdom lacks and the home page's components use: matchMedia (answering from a viewport
 * width, as Chromium does for max-width queries) and IntersectionObserver (everything in view at
 * once). Component tests call it before rendering; vi.unstubAllGlobals() undoes it.
 */
import { vi } from 'vitest';

export function stubBrowser({ width }: { width: number }) {
  vi.stubGlobal('innerWidth', width);
  vi.stubGlobal('matchMedia', (query: string) => {
    const maxWidth = /max-width:\s*(\d+)px/.exec(query);
    return {
      matches: maxWidth ? width <= Number(maxWidth[1]) : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
      observe() {
        this.callback([{ isIntersecting: true }]);
      }
      disconnect() {}
      unobserve() {}
    },
  );
}
