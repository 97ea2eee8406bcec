import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Flags that keep headless Chromium off the network it cannot reach here. */
export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install it (apt-get install -y chromium) or set CHROME_PATH.`,
    );
  }
  return path;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs, headless: true });
}

export const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

export interface ShopperPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far (hydration warnings included). */
  problems: string[];
}

/** A fresh browser context at a viewport, collecting console errors as it goes. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: keyof typeof viewports = 'desktop',
): Promise<ShopperPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: viewports[viewport],
    hasTouch: viewport === 'phone',
    isMobile: viewport === 'phone',
    locale: 'en-IN',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

/** Waits until React has hydrated the page (the root sets data-hydrated). */
export async function waitForHydration(page: Page) {
  await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 15_000 });
}

/**
 * Waits until My Orders has hydrated too: its code loads apart from the page's, and until it has,
 * the server's HTML of the tab takes no clicks. (With the page's clock paused React does not
 * finish it on its own, so a test that pauses the clock does not wait for this.)
 */
export async function waitForOrdersTab(page: Page) {
  await waitForHydration(page);
  await page.waitForSelector('[data-hydrating]', { state: 'detached', timeout: 15_000 });
}

/**
 * Lets the page finish what it has in hand: queued work and state updates, then two rendered
 * frames. For checks that something does NOT happen after an event the test has already waited
 * for (a late answer ignored, a closed dialog staying closed): the page's own clock, not a
 * fixed sleep.
 */
export async function settled(page: Page) {
  await page.evaluate(() => {
    // The page's own frame callback (typed here: this file is also compiled without DOM types).
    const { requestAnimationFrame: nextFrame } = globalThis as unknown as {
      requestAnimationFrame: (callback: () => void) => number;
    };
    return new Promise<void>((resolve) => nextFrame(() => nextFrame(() => setTimeout(resolve, 0))));
  });
}
