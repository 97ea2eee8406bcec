import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches; null during server rendering and hydration, so the first client
 * render equals the server's and nothing window-dependent is rendered before hydration.
 */
export function useMediaQuery(query: string): boolean | null {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => null,
  );
}

/** Banner and carousel breakpoint: mobile is 768 px or narrower. */
export const MOBILE_QUERY = '(max-width: 768px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Viewport width once hydrated (for the carousel's ring size); null before. */
export function useViewportWidth(): number | null {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange);
      return () => window.removeEventListener('resize', onChange);
    },
    () => window.innerWidth,
    () => null,
  );
}
