/** Checks the browser suites share: axe findings, and a page opened, checked and closed. */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page, PageScreenshotOptions } from 'playwright-core';
import { expect } from 'vitest';
import { shopURL } from './shop.ts';
import { openPage, waitForHydration, type viewports } from './browser.ts';

export type Viewport = keyof typeof viewports;

/** Serious and critical axe findings on the page as it is now, as 'rule: target' lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
    );
}

/** Opens `path` at a width, runs the check, and fails on any console error seen on the way. */
export async function checkPage(
  browser: Browser,
  viewport: Viewport,
  path: string,
  check: (page: Page) => Promise<void>,
  options: { beforeGoto?: (page: Page) => Promise<void> } = {},
): Promise<void> {
  const { page, context, problems } = await openPage(browser, shopURL(), viewport);
  try {
    await options.beforeGoto?.(page);
    await page.goto(path);
    await waitForHydration(page);
    await check(page);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}

/**
 * A photograph of the page (or one part of it) to look at, taken only when asked for with
 * E2E_SHOTS=1: it checks nothing, and a full-page picture costs the run a second on a small machine.
 */
export async function photograph(
  target: Page | Locator,
  options: PageScreenshotOptions & { path: string },
): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  await target.screenshot(options);
}
