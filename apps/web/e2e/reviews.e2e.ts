// Reviews that carry fit, end to end: a buyer whose bra was delivered reviews it (from My Orders on
// a phone, from the product page on a desktop), the owner approves it on the moderation desk, and
// the product page shows it with the fit bar and the new average.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { Product, ProductList } from '@shop/contracts/catalogue';
import type { ReviewListAnswer } from '@shop/contracts/reviews';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, openPage, waitForHydration, waitForOrdersTab } from './browser.ts';
import { fitsWidth, shopperWithPaidOrderOf, signInBrowser } from './admin-helpers.ts';
import { api, moveOrderAs, signInOwner } from './owner-helpers.ts';
import { photograph, seriousViolations, type Viewport } from './page-checks.ts';

let browser: Browser;
const baseURL = () => shopURL();
const shots = '/tmp/shots-reviews';
/** Server work (sign-up's password hashing, payments) takes its time on a busy machine. */
const patient = { timeout: 15_000 };

beforeAll(async () => {
  browser = await launchBrowser();
  if (process.env.E2E_SHOTS) mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The `offset`-th bra (from the end of the list, so other files' bras are not taken) with three
 * pieces of a size in stock and at least three demo reviews with fit answers: one more review
 * then moves its average, and the fit bar is already shown.
 */
async function braToReview(offset: number) {
  const { data: categories } = await api<{ _id: string; slug: string }[]>('GET', '/category');
  const bras = categories.find((category) => category.slug === 'bras')!._id;
  const list = await api<ProductList>('GET', `/product/category/${bras}?limit=100`);
  const fit = list.data.products
    .filter(
      (product) =>
        product.reviewCount >= 3 && product.colors[0]!.sizeStock.some((entry) => entry.stock >= 3),
    )
    .reverse();
  const product: Product = fit[offset]!;
  const color = product.colors[0]!;
  const size = color.sizeStock.find((entry) => entry.stock >= 3)!.size;
  return {
    product,
    line: {
      product: product._id,
      size: size.toLowerCase(),
      color: { colorName: color.colorName, colorHex: color.colorHex },
      selectedImage: color.images[0],
    },
  };
}

const reviewsOf = async (productId: string) =>
  (await api<ReviewListAnswer>('GET', `/product/${productId}/reviews?limit=5`)).data;

for (const [viewport, offset] of [
  ['phone', 0],
  ['desktop', 1],
] as const satisfies readonly (readonly [Viewport, number])[]) {
  describe(`reviews (${viewport})`, () => {
    it('a buyer reviews her delivered bra, the owner approves it, the page shows it', async () => {
      const { product, line } = await braToReview(offset);
      const before = await reviewsOf(product._id);
      const shopper = await shopperWithPaidOrderOf([line]);
      const owner = await signInOwner();
      // Delivered the way the shop does it: confirmed, packed, shipped with an AWB, delivered.
      for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
        const moved = await moveOrderAs<{ status: string }>(
          owner.accessToken,
          shopper.orderId,
          status,
        );
        expect(moved.data?.status, moved.message).toBe(status);
      }

      // The buyer writes her review: from My Orders on a phone, from the product page on a desk.
      const buyer = await openPage(browser, baseURL(), viewport);
      await signInBrowser(buyer.page, shopper);
      const text = `Soft lace and the band sits flat (${viewport} ${Date.now()}).`;
      if (viewport === 'phone') {
        await buyer.page.goto('/profile?tab=orders');
        await waitForOrdersTab(buyer.page);
        const card = buyer.page.getByTestId('order-card').filter({ hasText: shopper.orderNumber });
        await card.waitFor(patient);
        await card.getByRole('button', { name: `Write a review of ${product.name}` }).click();
      } else {
        await buyer.page.goto(`/product/${product._id}`);
        await waitForHydration(buyer.page);
        await buyer.page.getByRole('button', { name: 'Write a review' }).click(patient);
      }
      const form = buyer.page.getByRole('dialog', { name: `Review ${product.name}` });
      await form.waitFor(patient);
      // Nothing chosen yet: the shared schema's messages, nothing sent.
      await form.getByRole('button', { name: 'Send review' }).click();
      await form.getByText('Choose a rating from 1 to 5 stars').waitFor();
      await form.getByText('4 ★').click();
      await form.getByLabel('Title').fill('Lovely and true to size');
      await form.getByLabel('Your review').fill(text);
      await form.getByText('Yes', { exact: true }).click();
      await form.getByText('True to size').click();
      await form.getByText('Tight', { exact: true }).click();
      await form.getByText('Verified buyer').click();
      expect(await form.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true);
      await photograph(buyer.page, { path: `${shots}/write-review-${viewport}.png` });
      await form.getByRole('button', { name: 'Send review' }).click();
      await buyer.page
        .getByText('Thank you! Your review will appear once the shop has read it.')
        .first()
        .waitFor(patient);
      // Pending: shoppers do not see it yet, and the stars have not moved.
      expect((await reviewsOf(product._id)).summary.count).toBe(before.summary.count);

      // The owner approves it on the desk.
      const desk = await openPage(browser, baseURL(), viewport);
      await signInBrowser(desk.page, owner);
      await desk.page.goto('/admin/reviews');
      await desk.page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor(patient);
      const moderate = desk.page
        .getByRole('button', { name: `Moderate the review of ${product.name} by Verified buyer` })
        .filter({ visible: true });
      await moderate.first().waitFor(patient);
      expect(await fitsWidth(desk.page)).toBe(true);
      await photograph(desk.page, { path: `${shots}/desk-${viewport}.png`, fullPage: true });
      await moderate.first().click();
      const decision = desk.page.getByRole('dialog', { name: `Review of ${product.name}` });
      await decision.getByText(text).waitFor();
      await decision.getByLabel(/Reply/).fill('Thank you for the fit notes!');
      await photograph(desk.page, { path: `${shots}/decision-${viewport}.png` });
      await decision.getByRole('button', { name: 'Approve' }).click();
      await desk.page
        .getByRole('status')
        .getByText('Approved: the review is on the product page.')
        .waitFor(patient);
      expect(await seriousViolations(desk.page)).toEqual([]);
      await desk.context.close();

      // The product page: her review first (newest), the shop's reply, the fit bar, the average.
      const after = await reviewsOf(product._id);
      expect(after.summary.count).toBe(before.summary.count + 1);
      const shopperView = await openPage(browser, baseURL(), viewport);
      await shopperView.page.goto(`/product/${product._id}`);
      await waitForHydration(shopperView.page);
      const section = shopperView.page.getByTestId('reviews');
      const mine = section.getByTestId('review').filter({ hasText: text });
      await mine.waitFor(patient);
      expect(await mine.innerText()).toContain('Verified buyer');
      expect(await mine.getByTestId('shop-reply').innerText()).toContain(
        'Thank you for the fit notes!',
      );
      expect(await mine.innerText()).toMatch(/True to size · band tight/);
      expect(await section.getByTestId('review-average').innerText()).toBe(
        after.summary.average.toFixed(1),
      );
      expect(await section.getByTestId('fit-bar-words').innerText()).toMatch(
        /^\d+ % say (true to size|it runs (small|large))/,
      );
      expect(await shopperView.page.getByTestId('rating').innerText()).toContain(
        `(${after.summary.count} reviews)`,
      );
      // The reviews' JSON-LD names the same product with the new average.
      const blocks = await shopperView.page
        .locator('script[type="application/ld+json"]')
        .allTextContents();
      const reviewsBlock = blocks
        .map((json) => JSON.parse(json) as { aggregateRating?: { reviewCount: number } })
        .find((block) => 'review' in block);
      expect(reviewsBlock?.aggregateRating?.reviewCount).toBe(after.summary.count);
      expect(await fitsWidth(shopperView.page)).toBe(true);
      await section.scrollIntoViewIfNeeded();
      await photograph(section, { path: `${shots}/product-reviews-${viewport}.png` });
      expect(await seriousViolations(shopperView.page)).toEqual([]);
      expect(buyer.problems).toEqual([]);
      expect(shopperView.problems).toEqual([]);
      await buyer.context.close();
      await shopperView.context.close();
    }, 180_000);
  });
}
