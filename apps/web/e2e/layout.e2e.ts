import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';

let browser: Browser;
const baseURL = () => shopURL();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('header and footer (desktop)', () => {
  it('shows the first four categories in capitals, with subcategory dropdowns on hover', async () => {
    const { page, context, problems } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/about');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Categories' });
    const links = nav.locator(':scope > ul > li > a');
    expect(await links.allInnerTexts()).toEqual(['BRAS', 'PANTIES', 'SLEEP & LINGERIE', 'APPAREL']);
    expect(await links.first().getAttribute('href')).toBe('/products/bras');

    const dropdownLink = nav.getByRole('link', { name: 'T-Shirt Bras' });
    await expect.poll(() => dropdownLink.isVisible()).toBe(false);
    await links.first().hover();
    await expect.poll(() => dropdownLink.isVisible()).toBe(true);
    expect(await dropdownLink.getAttribute('href')).toBe('/products/bras/t-shirt-bras');

    await expect
      .poll(() => page.getByRole('link', { name: 'Lacebloom home' }).getAttribute('href'))
      .toBe('/');
    expect(await page.locator('[data-testid="cart-count"]').first().innerText()).toBe('0');
    expect(await page.locator('[data-testid="wishlist-count"]').first().innerText()).toBe('0');
    expect(
      await page
        .getByRole('link', { name: /Wishlist/ })
        .first()
        .getAttribute('href'),
    ).toBe('/Wishlist');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('advertises NEW10 in the marquee and links every footer page', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/');
    const offers = page.getByRole('region', { name: 'Offers', exact: true });
    expect(await offers.innerText()).toContain('flat 10% off');
    expect(await offers.innerText()).toContain('NEW10');
    const footerHrefs = await page
      .locator('footer a')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    for (const href of [
      '/about',
      '/contact',
      '/blogs',
      '/return-refund-policy',
      '/shipping-policy',
      '/terms-and-conditions',
      '/privacy-policy',
      '/faq',
      '/size-guide',
    ]) {
      expect(footerHrefs).toContain(href);
    }
    expect(footerHrefs.some((href) => href?.startsWith('mailto:'))).toBe(true);
    await context.close();
  });

  it('opens the sign-in dialog from the account button, and Continue as Guest closes it', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/about');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Continue as Guest' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });
});

describe('header search', () => {
  // Opening after more than 2 characters and a 300 ms pause, with three tabs and counts, and
  // closing on an outside click: test/components/layout/header-search.test.tsx (fake clock).

  it('goes to the results on Enter and on View All Results, clearing the box', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/about');
    await waitForHydration(page);
    const input = page.locator('#header-search');
    await input.fill('lace');
    await input.press('Enter');
    await page.waitForURL('**/products?search=lace');
    expect(await input.inputValue()).toBe('');

    await input.fill('satin');
    await page.getByRole('button', { name: 'View All Results' }).click();
    await page.waitForURL('**/products?search=satin');
    expect(await input.inputValue()).toBe('');
    await context.close();
  });

  it('says when nothing matches, and the clear button empties the box', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/about');
    await waitForHydration(page);
    const input = page.locator('#header-search');
    await input.fill('zqxjvw');
    const dropdown = page.getByTestId('search-dropdown');
    await dropdown.waitFor();
    expect(await dropdown.innerText()).toContain('No results found for "zqxjvw"');
    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await input.inputValue()).toBe('');
    await expect.poll(() => dropdown.count()).toBe(0);
    await context.close();
  });
});

describe('phone layout', () => {
  it('has a slide-in menu with search and category accordions', async () => {
    const { page, context, problems } = await openPage(browser, baseURL(), 'phone');
    await page.goto('/about');
    await waitForHydration(page);
    expect(await page.getByRole('navigation', { name: 'Categories' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByTestId('mobile-menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.locator('#menu-search').isVisible()).toBe(true);
    const toggle = menu.getByRole('button', { name: 'Show Bras subcategories' });
    await toggle.click();
    const subcategory = menu.getByRole('link', { name: 'Sports Bras' });
    expect(await subcategory.isVisible()).toBe(true);
    await subcategory.click();
    await page.waitForURL('**/products/bras/sports-bras');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('heart cursor', () => {
  it('follows the mouse at 768 px and wider', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/about');
    await waitForHydration(page);
    const heart = page.getByTestId('heart-cursor');
    await heart.waitFor({ state: 'attached' });
    expect(
      await page.evaluate(() => document.documentElement.classList.contains('heart-cursor')),
    ).toBe(true);
    await page.mouse.move(400, 300);
    await page.mouse.move(420, 320);
    await expect
      .poll(async () => heart.evaluate((element) => (element as HTMLElement).style.transform))
      .toMatch(/translate3d\((39\d|40\d|41\d)(\.\d+)?px, (29\d|30\d|31\d)(\.\d+)?px/);
    await context.close();
  });

  it('is absent below 768 px, where the normal cursor stays', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'phone');
    await page.goto('/about');
    await waitForHydration(page);
    expect(await page.getByTestId('heart-cursor').count()).toBe(0);
    expect(
      await page.evaluate(() => document.documentElement.classList.contains('heart-cursor')),
    ).toBe(false);
    await context.close();
  });
});

describe('routes', () => {
  it('answers an unknown path with HTTP 404 and a page linking home', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'phone');
    const response = await page.goto('/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toContain("couldn't find");
    expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    await context.close();
  });

  it('scrolls to the top on a route change', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'phone');
    await page.goto('/about');
    await waitForHydration(page);
    // Make the page tall enough to scroll whatever its content.
    await page.evaluate(() => {
      document.body.style.minHeight = '4000px';
      window.scrollTo(0, 3000);
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.locator('footer').getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL('**/faq');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('serves /Wishlist like /wishlist', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'phone');
    const response = await page.goto('/Wishlist');
    expect(response?.status()).toBe(200);
    expect(await page.getByText('Please login to view your wishlist').isVisible()).toBe(true);
    await context.close();
  });

  it('serves robots.txt and a sitemap listing categories and products', async () => {
    const robots = await fetch(`${baseURL()}/robots.txt`);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    expect(await robots.text()).toMatch(/Sitemap: .*\/sitemap\.xml/);
    const sitemap = await fetch(`${baseURL()}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('xml');
    const xml = await sitemap.text();
    expect(xml).toContain('/products/bras/t-shirt-bras</loc>');
    expect((xml.match(/\/product\/[0-9a-f-]{36}</g) ?? []).length).toBeGreaterThanOrEqual(60);
  });

  it('puts the response nonce on every inline script, and the CSP needs no unsafe-inline for scripts', async () => {
    const response = await fetch(`${baseURL()}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      if (/\bsrc=/.test(tag)) continue;
      expect(tag).toContain(`nonce="${nonce}"`);
    }
  });
});
