// What a shopper trips on, tried at 375 px and 1280 px: each block is one thing a new shopper ran
// into, checked the way she meets it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, waitForHydration, type viewports } from './browser.ts';

type Viewport = keyof typeof viewports;
const widths = ['phone', 'desktop'] as const satisfies readonly Viewport[];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Opens a page at a width, runs the check, and fails on any console error seen on the way. */
async function onPage(
  viewport: Viewport,
  path: string,
  check: (page: Page) => Promise<void>,
  options: { beforeGoto?: (page: Page) => Promise<void> } = {},
): Promise<void> {
  const { page, context, problems } = await openPage(browser, inject('baseURL'), viewport);
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

describe.each(widths)('phone numbers typed the Indian way (%s)', (viewport) => {
  it.each(['+91 98765 43210', '098765 43210'])(
    'the contact form takes %s and sends the message',
    async (typed) => {
      await onPage(
        viewport,
        '/contact',
        async (page) => {
          const form = page.locator('form', { has: page.locator('select[name="subject"]') });
          await form.locator('[name="name"]').fill('Priya Sharma');
          await form.locator('[name="email"]').fill('priya@example.com');
          const phone = form.locator('[name="phone"]');
          // Typed key by key, as a shopper does: nothing is cut off by the input's length.
          await phone.pressSequentially(typed);
          expect(await phone.inputValue()).toBe(typed);
          await form.locator('[name="subject"]').selectOption('order-status');
          await form.locator('[name="message"]').fill('Where is my order?');
          await form.getByRole('button', { name: 'Send Message' }).click();

          expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);
          expect(await form.getByRole('button', { name: 'Sending...' }).isVisible()).toBe(true);
          // The brief's fake send takes 1.5 s.
          await page.clock.runFor(1_500);
          await form.getByText('Thank you for reaching out!').waitFor();
        },
        { beforeGoto: (page) => page.clock.install() },
      );
    },
  );

  it('the contact form still refuses a number that is not 10 digits', async () => {
    await onPage(viewport, '/contact', async (page) => {
      const form = page.locator('form', { has: page.locator('select[name="subject"]') });
      await form.locator('[name="phone"]').fill('+91 98765 4321');
      await form.getByRole('button', { name: 'Send Message' }).click();
      const describedBy = await form.locator('[name="phone"]').getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
        'Phone number must be 10 digits',
      );
    });
  });
});

/** The cards of FEATURED PRODUCTS a shopper can see, with their boxes on screen. */
async function shownFeaturedCards(page: Page) {
  return page.locator('[data-testid="featured-slot"]').evaluateAll((slots) =>
    slots
      .filter((slot) => getComputedStyle(slot).visibility === 'visible')
      .map((slot) => {
        const box = slot.getBoundingClientRect();
        return { left: box.left, right: box.right, width: box.width };
      }),
  );
}

describe('FEATURED PRODUCTS shows 4 cards from 1024 px, 3 from 768 px, 2 below', () => {
  it.each([
    ['phone', 375, 2, 140],
    ['desktop', 900, 3, 265],
    ['desktop', 1024, 4, 265],
    ['desktop', 1280, 4, 265],
  ] as const)('%s at %i px: %i readable cards', async (viewport, width, expected, cardWidth) => {
    await onPage(
      viewport,
      '/',
      async (page) => {
        await page.setViewportSize({ width, height: 900 });
        const section = page.locator('[data-section="featured-products"]');
        await section.scrollIntoViewIfNeeded();
        await expect
          .poll(() => page.locator('[data-testid="featured-slot"]').count(), { timeout: 15_000 })
          .toBeGreaterThan(expected);
        await expect.poll(async () => (await shownFeaturedCards(page)).length).toBe(expected);
        // Every shown card is whole on screen, side by side, and turned at most 45 degrees away
        // (with the ring's perspective a card at 45 degrees shows about half its width; the
        // fifth card of the old ring, at 60 degrees, showed a quarter).
        const cards = (await shownFeaturedCards(page)).sort((a, b) => a.left - b.left);
        for (const [index, card] of cards.entries()) {
          expect(card.left).toBeGreaterThanOrEqual(0);
          expect(card.right).toBeLessThanOrEqual(width);
          expect(card.width).toBeGreaterThan(cardWidth * 0.45);
          if (index > 0) expect(card.left).toBeGreaterThanOrEqual(cards[index - 1]!.right - 1);
        }
        // The shown cards sit evenly around the middle of the stage.
        const middle = (cards[0]!.left + cards.at(-1)!.right) / 2;
        expect(Math.abs(middle - width / 2)).toBeLessThan(width * 0.05);
      },
      // No auto-rotation, so the shown set holds still while it is measured.
      { beforeGoto: (page) => page.emulateMedia({ reducedMotion: 'reduce' }) },
    );
  });
});

interface ApiCategory {
  _id: string;
  name: string;
}
interface ApiSubcategory {
  name: string;
  category: { _id: string };
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${inject('baseURL')}/api${path}`);
  return ((await response.json()) as { data: T }).data;
}

describe.each(widths)('category cards (%s)', (viewport) => {
  it('show whole subcategory chips and say how many more there are', async () => {
    const [categories, subcategories] = await Promise.all([
      api<ApiCategory[]>('/category'),
      api<ApiSubcategory[]>('/sub-category'),
    ]);
    await onPage(viewport, '/', async (page) => {
      const section = page.locator('[data-section="categories"]');
      await section.scrollIntoViewIfNeeded();
      const lists = section.getByTestId('category-chips');
      await expect.poll(() => lists.count()).toBeGreaterThan(0);
      let summarised = 0;
      for (const category of categories) {
        const names = subcategories
          .filter((subcategory) => subcategory.category._id === category._id)
          .map((subcategory) => subcategory.name);
        if (names.length === 0) continue;
        const list = section.getByRole('list', { name: `${category.name} styles` });
        const seen = await list.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return [...element.children].map((child) => {
            const item = child.getBoundingClientRect();
            return {
              text: child.textContent ?? '',
              more: child.hasAttribute('data-testid'),
              // Wholly inside the list: nothing cut off at its right or bottom edge.
              inside: item.right <= box.right + 0.5 && item.bottom <= box.bottom + 0.5,
              cutText: child.scrollWidth > child.clientWidth + 1,
            };
          });
        });
        expect(
          seen.every((item) => item.inside),
          `${category.name} ${JSON.stringify(seen)}`,
        ).toBe(true);
        expect(seen.some((item) => item.cutText)).toBe(false);
        const chips = seen.filter((item) => !item.more).map((item) => item.text);
        expect(chips).toEqual(names.slice(0, chips.length));
        const more = seen.find((item) => item.more);
        if (chips.length < names.length) {
          expect(more?.text).toBe(`+${names.length - chips.length} more`);
          summarised += 1;
        } else {
          expect(more).toBeUndefined();
        }
        expect(chips.length).toBeGreaterThan(0);
      }
      // At 375 px the cards are too narrow for every chip of the larger categories.
      if (viewport === 'phone') expect(summarised).toBeGreaterThan(0);
    });
  });
});
