// Reviews that carry fit: only a delivered buyer (prepaid or cash on delivery) reviews a line,
// once; staff approve or reject on the desk (audited, the author mailed when she can fix it);
// the product's stars and summary count approved reviews only; the list filters by size; a vote
// counts once per account; photos lose their metadata; the request mail goes once per order.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { send, signUp } from './auth-helpers.ts';
import type { StockedChoice } from './cart-helpers.ts';
import { multipartBody } from './media-helpers.ts';
import { eventually, fillCart, moveOrder, orderBody, payOrder } from './order-helpers.ts';
import { readOutbox } from './outbox.ts';
import { openCodShop } from './cod-shop.ts';
import type { TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: { accessToken: string };
let choices: StockedChoice[];
const app = () => world.app;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(world.database.db, query);

const NOT_DELIVERED = 'Only buyers whose order was delivered can review this product';

beforeAll(async () => {
  // Cash on delivery on, for the COD buyer.
  ({ world, owner, choices } = await openCodShop(10));
}, 120_000);
afterAll(() => world?.close());

const move = (orderId: string, status: string) =>
  moveOrder(app(), orderId, status, owner.accessToken);

interface Buyer {
  token: string;
  email: string;
  orderId: string;
  orderItemId: string;
  choice: StockedChoice;
}

/** A new shopper's order of one line, paid online or confirmed for cash, moved up to `until`. */
async function buyer(
  choice: StockedChoice,
  options: { cod?: boolean; until?: 'shipped' | 'delivered' } = {},
): Promise<Buyer> {
  const { accessToken: token, shopper } = await signUp(app());
  await fillCart(app(), token, [[choice, 1]]);
  const placed = await send(app(), 'POST', '/api/order', {
    token,
    body: orderBody([[choice, 1]], options.cod ? { paymentMethod: 'cod' } : {}),
  });
  expect(placed.status).toBe(201);
  const orderId = placed.body.data.orderId as string;
  if (options.cod) {
    const confirmed = await send(app(), 'POST', `/api/admin/orders/${orderId}/cod-confirm`, {
      token: owner.accessToken,
    });
    expect(confirmed.status).toBe(200);
  } else {
    const paid = await payOrder(app(), token, orderId);
    await send(app(), 'POST', '/api/payments/verify', { token, body: paid });
  }
  const steps = ['confirmed', 'processing', 'shipped', 'delivered'];
  for (const status of steps.slice(0, steps.indexOf(options.until ?? 'delivered') + 1)) {
    expect((await move(orderId, status)).status).toBe(200);
  }
  const order = await send(app(), 'GET', `/api/order/${orderId}`, { token });
  return {
    token,
    email: shopper.email as string,
    orderId,
    orderItemId: order.body.data.items[0]._id as string,
    choice,
  };
}

const review = (who: Buyer, body: Record<string, unknown> = {}) =>
  send(app(), 'POST', `/api/product/${who.choice.productId}/reviews`, {
    token: who.token,
    body: {
      orderItemId: who.orderItemId,
      rating: 4,
      text: 'Soft and supportive; my usual size fits.',
      recommend: true,
      fit: { overall: 3, band: 'right', cup: 'right' },
      ...body,
    },
  });

const decide = (reviewId: string, body: Record<string, unknown>) =>
  send(app(), 'PATCH', `/api/admin/reviews/${reviewId}`, { token: owner.accessToken, body });

const listOf = (productId: string, query = '') =>
  send(app(), 'GET', `/api/product/${productId}/reviews${query}`);

describe('who may review', () => {
  it('refuses a prepaid buyer before delivery and takes her review once it is delivered', async () => {
    const shipped = await buyer(choices[0]!, { until: 'shipped' });
    const early = await review(shipped);
    expect(early.status).toBe(403);
    expect(early.body.message).toBe(NOT_DELIVERED);
    const before = await send(
      app(),
      'GET',
      `/api/product/${shipped.choice.productId}/reviews/mine`,
      {
        token: shipped.token,
      },
    );
    expect(before.body.data).toEqual({ reviewable: [], reviewed: [] });

    expect((await move(shipped.orderId, 'delivered')).status).toBe(200);
    // Her usual size, saved in her profile, goes with the review.
    const profile = await send(app(), 'PATCH', '/api/auth/profile', {
      token: shipped.token,
      body: { mySize: '34 b' },
    });
    expect(profile.status).toBe(200);
    const mine = await send(app(), 'GET', `/api/product/${shipped.choice.productId}/reviews/mine`, {
      token: shipped.token,
    });
    expect(mine.body.data.reviewable).toEqual([
      expect.objectContaining({ orderItemId: shipped.orderItemId, size: shipped.choice.size }),
    ]);
    const written = await review(shipped);
    expect(written.status).toBe(201);
    expect(written.body.data.review).toMatchObject({
      state: 'pending',
      sizeBought: shipped.choice.size,
      usualSize: '34B',
      fit: { overall: 3, band: 'right', cup: 'right' },
      canEdit: false,
    });
    const after = await send(
      app(),
      'GET',
      `/api/product/${shipped.choice.productId}/reviews/mine`,
      {
        token: shipped.token,
      },
    );
    expect(after.body.data.reviewable).toEqual([]);
    expect(after.body.data.reviewed).toEqual([
      expect.objectContaining({ orderItemId: shipped.orderItemId, state: 'pending' }),
    ]);
  });

  it('refuses a cash-on-delivery buyer before delivery and takes her review after', async () => {
    const cod = await buyer(choices[1]!, { cod: true, until: 'shipped' });
    const early = await review(cod);
    expect(early.status).toBe(403);
    expect(early.body.message).toBe(NOT_DELIVERED);
    expect((await move(cod.orderId, 'delivered')).status).toBe(200);
    expect((await review(cod)).status).toBe(201);
  });

  it("refuses somebody else's line, another product's line, and a signed-out caller", async () => {
    const delivered = await buyer(choices[2]!);
    const stranger = await signUp(app());
    const theirs = await send(app(), 'POST', `/api/product/${delivered.choice.productId}/reviews`, {
      token: stranger.accessToken,
      body: { orderItemId: delivered.orderItemId, rating: 5, text: 'Great', recommend: true },
    });
    expect(theirs.status).toBe(403);
    expect(theirs.body.message).toBe(NOT_DELIVERED);
    const otherProduct = choices.find((choice) => choice.productId !== delivered.choice.productId)!;
    const wrong = await send(app(), 'POST', `/api/product/${otherProduct.productId}/reviews`, {
      token: delivered.token,
      body: { orderItemId: delivered.orderItemId, rating: 5, text: 'Great', recommend: true },
    });
    expect(wrong.status).toBe(403);
    const signedOut = await send(
      app(),
      'POST',
      `/api/product/${delivered.choice.productId}/reviews`,
      {
        body: { orderItemId: delivered.orderItemId, rating: 5, text: 'Great', recommend: true },
      },
    );
    expect(signedOut.status).toBe(401);
  });

  it('takes one review per line under a burst of five at once', async () => {
    const delivered = await buyer(choices[3]!);
    const answers = await Promise.all(Array.from({ length: 5 }, () => review(delivered)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toMatch(
      /already reviewed this item/,
    );
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from reviews where order_item_id = ${delivered.orderItemId}`,
    );
    expect(count!.n).toBe(1);
  });

  it('refuses a rating outside 1-5 and more than three photos with a 400', async () => {
    const delivered = await buyer(choices[4]!);
    expect((await review(delivered, { rating: 6 })).status).toBe(400);
    const photos = Array.from({ length: 4 }, () => crypto.randomUUID());
    const many = await review(delivered, { photos });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('At most 3 photos.');
  });
});

describe('moderation and the stars', () => {
  it('shows and counts approved reviews only, at every star level, audited', async () => {
    const delivered = await buyer(choices[5]!);
    const productId = delivered.choice.productId;
    const product = async () => (await send(app(), 'GET', `/api/product/${productId}`)).body.data;
    const seeded = await listOf(productId);
    const seededSummary = seeded.body.data.summary;
    const seededProduct = await product();
    // The demo's stars are its approved demo reviews.
    expect(seededProduct.reviewCount).toBe(seededSummary.count);
    expect(seededProduct.rating).toBe(seededSummary.average);

    const written = await review(delivered, {
      rating: 1,
      text: 'The band rolled over on day one.',
    });
    const reviewId = written.body.data.review._id as string;
    // Pending: not shown, not counted.
    expect((await listOf(productId)).body.data.summary).toEqual(seededSummary);
    expect((await product()).reviewCount).toBe(seededSummary.count);

    const queue = await send(app(), 'GET', '/api/admin/reviews?state=pending', {
      token: owner.accessToken,
    });
    expect(queue.body.data.reviews.map((row: { _id: string }) => row._id)).toContain(reviewId);

    // A one-star review is approved like any other.
    const approved = await decide(reviewId, {
      decision: 'approve',
      reply: 'Thank you: try one band up.',
      replyPublic: true,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ state: 'approved', reasonCode: null });
    const listed = (await listOf(productId)).body.data;
    expect(listed.summary.count).toBe(seededSummary.count + 1);
    expect(listed.summary.distribution[1]).toBe(seededSummary.distribution[1] + 1);
    expect(listed.reviews[0]).toMatchObject({
      _id: reviewId,
      author: 'Asha R.',
      rating: 1,
      reply: { text: 'Thank you: try one band up.' },
    });
    const after = await product();
    expect(after.reviewCount).toBe(seededSummary.count + 1);
    expect(after.rating).toBeLessThan(seededProduct.rating);
    expect(after.rating).toBe(listed.summary.average);

    // Taken down: out of the list and the stars again.
    const rejected = await decide(reviewId, { decision: 'reject', reasonCode: 'abuse' });
    expect(rejected.body.data.state).toBe('rejected');
    expect((await product()).reviewCount).toBe(seededSummary.count);

    const audit = await rows<{ action: string }>(
      sql`select action from audit_entries where entity = 'review' and entity_id = ${reviewId}
          order by at`,
    );
    expect(audit.map((entry) => entry.action)).toEqual(['review.approve', 'review.reject']);
  });

  it('sends an editable rejection back to the author to fix, and spam to nobody', async () => {
    const delivered = await buyer(choices[6]!);
    const written = await review(delivered, { text: 'Call me on 98765 43210 for tips.' });
    const reviewId = written.body.data.review._id as string;
    const queued = await send(app(), 'GET', '/api/admin/reviews?state=pending&limit=100', {
      token: owner.accessToken,
    });
    const row = queued.body.data.reviews.find((item: { _id: string }) => item._id === reviewId);
    expect(row.flags).toContain('contains_phone');

    expect((await decide(reviewId, { decision: 'reject' })).status).toBe(400);
    expect((await decide(reviewId, { decision: 'approve', reasonCode: 'spam' })).status).toBe(400);
    const sentBack = await decide(reviewId, { decision: 'reject', reasonCode: 'personal_data' });
    expect(sentBack.body.data).toMatchObject({ state: 'rejected', reasonCode: 'personal_data' });
    await eventually(async () =>
      (await readOutbox(world.config.outboxDir)).some(
        (mail) =>
          mail.to.includes(delivered.email) && mail.subject === 'Your review needs a small change',
      ),
    );

    const mine = await send(
      app(),
      'GET',
      `/api/product/${delivered.choice.productId}/reviews/mine`,
      {
        token: delivered.token,
      },
    );
    expect(mine.body.data.reviewed[0]).toMatchObject({
      canEdit: true,
      reasonCode: 'personal_data',
    });
    const edited = await send(app(), 'PUT', `/api/reviews/${reviewId}`, {
      token: delivered.token,
      body: { rating: 4, text: 'Lovely fit, true to size.', recommend: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.review).toMatchObject({ state: 'pending', canEdit: false });
    // Once resent it cannot be edited again until staff send it back.
    const again = await send(app(), 'PUT', `/api/reviews/${reviewId}`, {
      token: delivered.token,
      body: { rating: 4, text: 'Changed my mind.', recommend: true },
    });
    expect(again.status).toBe(409);

    const spamMailsBefore = (await readOutbox(world.config.outboxDir)).filter((mail) =>
      mail.to.includes(delivered.email),
    ).length;
    await decide(reviewId, { decision: 'reject', reasonCode: 'spam' });
    const spamMine = await send(
      app(),
      'GET',
      `/api/product/${delivered.choice.productId}/reviews/mine`,
      { token: delivered.token },
    );
    expect(spamMine.body.data.reviewed[0]).toMatchObject({ canEdit: false, reasonCode: 'spam' });
    const [queuedMails] = await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where sent_at is null`,
    );
    expect(queuedMails!.n).toBe(0);
    expect(
      (await readOutbox(world.config.outboxDir)).filter((mail) => mail.to.includes(delivered.email))
        .length,
    ).toBe(spamMailsBefore);
  });
});

describe('the product page list', () => {
  it('filters by the size bought', async () => {
    const sized = choices.find((choice) => choice.productId === choices[7]!.productId)!;
    const delivered = await buyer(sized);
    const written = await review(delivered, { anonymous: true });
    await decide(written.body.data.review._id, { decision: 'approve' });
    const all = (await listOf(sized.productId, '?limit=50')).body.data;
    const ofSize = (
      await listOf(sized.productId, `?size=${encodeURIComponent(sized.size)}&limit=50`)
    ).body.data;
    expect(ofSize.total).toBeGreaterThanOrEqual(1);
    expect(
      ofSize.reviews.every((item: { sizeBought: string }) => item.sizeBought === sized.size),
    ).toBe(true);
    expect(ofSize.reviews.map((item: { author: string }) => item.author)).toContain(
      'Verified buyer',
    );
    expect(ofSize.total).toBeLessThanOrEqual(all.total);
    expect(ofSize.summary).toEqual(all.summary);
    const none = (await listOf(sized.productId, '?size=99Z')).body.data;
    expect(none).toMatchObject({ reviews: [], total: 0 });
  });

  it("adds the sister sizes in the product's chart when asked", async () => {
    // A bra sold in a size and its sister one band up and one cup down (32C and 34B).
    const listing = await send(app(), 'GET', '/api/product/products?limit=100');
    const cups = ['A', 'B', 'C', 'D'];
    let pair: [StockedChoice, StockedChoice] | undefined;
    for (const product of listing.body.data.products) {
      for (const color of product.colors) {
        const inStock = color.sizeStock.filter((entry: { stock: number }) => entry.stock >= 2);
        for (const entry of inStock) {
          const match = /^(\d{2})([B-D])$/.exec(entry.size);
          if (!match) continue;
          const sister = `${Number(match[1]) + 2}${cups[cups.indexOf(match[2]!) - 1]}`;
          if (!inStock.some((other: { size: string }) => other.size === sister)) continue;
          const choiceOf = (size: string): StockedChoice => ({
            productId: product._id,
            name: product.name,
            price: product.price,
            originalPrice: product.originalPrice,
            categoryId: product.category,
            colorName: color.colorName,
            colorHex: color.colorHex,
            size,
            stock: 2,
            image: color.images[0],
          });
          pair ??= [choiceOf(entry.size), choiceOf(sister)];
        }
      }
    }
    expect(pair).toBeDefined();
    const [own, sister] = pair!;
    const ids: string[] = [];
    for (const choice of [own, sister]) {
      const delivered = await buyer(choice);
      const written = await review(delivered);
      ids.push(written.body.data.review._id);
      await decide(written.body.data.review._id, { decision: 'approve' });
    }
    const idsIn = async (query: string) => {
      const answer = (await listOf(own.productId, `${query}&limit=50`)).body.data;
      return answer.reviews.map((item: { _id: string }) => item._id) as string[];
    };
    const alone = await idsIn(`?size=${own.size}`);
    expect(alone).toContain(ids[0]);
    expect(alone).not.toContain(ids[1]);
    const withSisters = await idsIn(`?size=${own.size}&sisterSizes=true`);
    expect(withSisters).toEqual(expect.arrayContaining(ids));
    const sizes = (
      await listOf(own.productId, `?size=${own.size}&sisterSizes=true&limit=50`)
    ).body.data.reviews.map((item: { sizeBought: string }) => item.sizeBought);
    const [band, cup] = [Number(own.size.slice(0, 2)), own.size.slice(2)];
    const allowed = [own.size, sister.size, `${band - 2}${cups[cups.indexOf(cup) + 1] ?? 'DD'}`];
    expect(sizes.every((size: string) => allowed.includes(size))).toBe(true);
  });

  it('counts a helpful vote once per account', async () => {
    const delivered = await buyer(choices[8]!);
    const written = await review(delivered);
    const reviewId = written.body.data.review._id as string;
    const voter = await signUp(app());
    // Not approved yet: nothing to vote on.
    const early = await send(app(), 'POST', `/api/reviews/${reviewId}/helpful`, {
      token: voter.accessToken,
    });
    expect(early.status).toBe(404);
    await decide(reviewId, { decision: 'approve' });
    const votes = await Promise.all(
      Array.from({ length: 3 }, () =>
        send(app(), 'POST', `/api/reviews/${reviewId}/helpful`, { token: voter.accessToken }),
      ),
    );
    expect(votes.map((vote) => vote.body.data.helpfulCount)).toEqual([1, 1, 1]);
    const second = await signUp(app());
    const other = await send(app(), 'POST', `/api/reviews/${reviewId}/helpful`, {
      token: second.accessToken,
    });
    expect(other.body.data.helpfulCount).toBe(2);
    const listed = (await listOf(delivered.choice.productId, '?sort=helpful')).body.data;
    expect(listed.reviews[0]).toMatchObject({ _id: reviewId, helpfulCount: 2 });

    // Writes and votes are counted per account: 30 an hour, then 429.
    const busy = await signUp(app());
    const answers = [];
    for (let vote = 0; vote < 31; vote += 1) {
      answers.push(
        (
          await send(app(), 'POST', `/api/reviews/${reviewId}/helpful`, {
            token: busy.accessToken,
          })
        ).status,
      );
    }
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});

describe('review photos', () => {
  it('are stored without their metadata and attach only to their uploader', async () => {
    const delivered = await buyer(choices[9 % choices.length]!);
    const withGps = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 120, b: 140 } },
    })
      .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Camera 1' }, IFD3: { GPSLatitudeRef: 'N' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const body = multipartBody(withGps);
    const uploaded = await app().inject({
      method: 'POST',
      url: '/api/reviews/photos',
      payload: body.payload,
      headers: { authorization: `Bearer ${delivered.token}`, 'content-type': body.contentType },
    });
    expect(uploaded.statusCode).toBe(201);
    const photo = uploaded.json().data as { id: string; url: string };
    const stored = await app().inject({ method: 'GET', url: photo.url });
    expect(stored.statusCode).toBe(200);
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();

    const stranger = await buyer(choices[0]!);
    const stolen = await review(stranger, { photos: [photo.id] });
    expect(stolen.status).toBe(400);
    const written = await review(delivered, { photos: [photo.id] });
    expect(written.status).toBe(201);
    expect(written.body.data.review.photos).toEqual([photo]);
    const queued = await send(app(), 'GET', '/api/admin/reviews?state=pending&limit=100', {
      token: owner.accessToken,
    });
    const row = queued.body.data.reviews.find(
      (item: { _id: string }) => item._id === written.body.data.review._id,
    );
    expect(row.flags).toContain('has_photos');
    expect(row.photos).toEqual([photo]);
  });
});

describe('the review request mail', () => {
  it('goes once per order a week after delivery, and its unsubscribe link works', async () => {
    const first = await buyer(choices[1]!);
    const second = await buyer(choices[2]!);
    // Delivered eight days ago.
    await world.database.db.execute(
      sql`update orders set delivered_at = now() - interval '8 days'
          where id in (${first.orderId}, ${second.orderId})`,
    );
    const runs = await Promise.all([
      app().jobs.sendReviewRequests(),
      app().jobs.sendReviewRequests(),
    ]);
    expect(runs.reduce((sum, queued) => sum + queued, 0)).toBeGreaterThanOrEqual(2);
    expect(await app().jobs.sendReviewRequests()).toBe(0);
    const requestsTo = async (email: string) =>
      (await readOutbox(world.config.outboxDir)).filter(
        (mail) => mail.to.includes(email) && mail.subject === 'How did your order fit?',
      );
    await eventually(async () => (await requestsTo(first.email)).length === 1);
    const [mail] = await requestsTo(first.email);
    expect(mail!.subject).not.toMatch(/lingerie|bra|panty/i);
    expect(mail!.text).not.toContain(first.choice.name);
    const link = /(\/api\/reviews\/unsubscribe\?[^\s"]+)/.exec(mail!.text)?.[1];
    expect(link).toBeDefined();
    const unsubscribed = await app().inject({ method: 'GET', url: link!.replace(/&amp;/g, '&') });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.body).toContain('no more review requests');
    const forged = await app().inject({
      method: 'GET',
      url: link!.replace(/token=[^&]+/, 'token=forged'),
    });
    expect(forged.statusCode).toBe(404);

    // Her next delivered order gets no request.
    const [{ userId }] = (await rows<{ userId: string }>(
      sql`select user_id as "userId" from orders where id = ${first.orderId}`,
    )) as [{ userId: string }];
    const { accessToken } = { accessToken: first.token };
    await fillCart(app(), accessToken, [[choices[3]!, 1]]);
    const placed = await send(app(), 'POST', '/api/order', {
      token: accessToken,
      body: orderBody([[choices[3]!, 1]]),
    });
    const nextOrder = placed.body.data.orderId as string;
    const paid = await payOrder(app(), accessToken, nextOrder);
    await send(app(), 'POST', '/api/payments/verify', { token: accessToken, body: paid });
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
      expect((await move(nextOrder, status)).status).toBe(200);
    }
    await world.database.db.execute(
      sql`update orders set delivered_at = now() - interval '8 days' where id = ${nextOrder}`,
    );
    await app().jobs.sendReviewRequests();
    const [claimed] = await rows<{ n: number }>(
      sql`select count(*)::int as n from review_requests r join orders o on o.id = r.order_id
          where o.user_id = ${userId}`,
    );
    expect(claimed!.n).toBe(2);
    await app().jobs.deliverMail();
    expect(await requestsTo(first.email)).toHaveLength(1);
  });
});
