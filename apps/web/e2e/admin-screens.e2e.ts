// Every back-office screen in a real browser as the owner with data on it: at 1280 px each is
// loaded from the server, axe finds nothing serious and nothing is wider than the screen; at 375 px
// each, reached inside the app, fits the phone. E2E_SHOTS=1 photographs each into
// /tmp/shots-admin-story/ to be looked at. A screen added to the route table and missing here
// fails the first test.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import {
  fitsWidth,
  shopperWithPaidOrderOf,
  signInBrowser,
  twoBras,
  type Shopper,
} from './admin-helpers.ts';
import { launchBrowser, openPage, waitForHydration, type ShopperPage } from './browser.ts';
import { api, moveOrderAs, signInOwner, type OwnerSession } from './owner-helpers.ts';
import { seriousViolations, type Viewport, photograph } from './page-checks.ts';

let browser: Browser;
let owner: OwnerSession;
let shopper: Shopper & { orderId: string; orderNumber: string };
let ids: {
  order: string;
  returnLine: string;
  customer: string;
  product: string;
  discount: string;
  offer: string;
  sizeChart: string;
  post: string;
  grievance: string;
};
const shots = '/tmp/shots-admin-story';
const patient = { timeout: 30_000 };

/** Each back-office route of the route table, with the screen's path and its heading. */
const screens: { route: string; path: () => string; heading: RegExp }[] = [
  { route: '', path: () => '/admin', heading: /^Dashboard$/ },
  { route: 'orders', path: () => '/admin/orders', heading: /^Orders$/ },
  { route: 'orders/:orderId', path: () => `/admin/orders/${ids.order}`, heading: /^Order LB/ },
  { route: 'dispatch', path: () => '/admin/dispatch', heading: /^Dispatch$/ },
  { route: 'returns', path: () => '/admin/returns', heading: /^Returns$/ },
  {
    route: 'returns/:lineId',
    path: () => `/admin/returns/${ids.returnLine}`,
    heading: /^(Return|Exchange): /,
  },
  { route: 'customers', path: () => '/admin/customers', heading: /^Customers$/ },
  {
    route: 'customers/:customerId',
    path: () => `/admin/customers/${ids.customer}`,
    heading: /./,
  },
  { route: 'staff', path: () => '/admin/staff', heading: /^Staff$/ },
  { route: 'audit', path: () => '/admin/audit', heading: /^Audit log$/ },
  { route: 'products', path: () => '/admin/products', heading: /^Products$/ },
  { route: 'products/new', path: () => '/admin/products/new', heading: /^New product$/ },
  { route: 'products/:productId', path: () => `/admin/products/${ids.product}`, heading: /./ },
  { route: 'stock', path: () => '/admin/stock', heading: /^Stock$/ },
  { route: 'stock/low', path: () => '/admin/stock/low', heading: /^Low stock$/ },
  { route: 'stock/:productId', path: () => `/admin/stock/${ids.product}`, heading: /./ },
  { route: 'media', path: () => '/admin/media', heading: /^Photos$/ },
  { route: 'discounts', path: () => '/admin/discounts', heading: /^Discounts$/ },
  { route: 'discounts/new', path: () => '/admin/discounts/new', heading: /^New discount code$/ },
  {
    route: 'discounts/:discountId',
    path: () => `/admin/discounts/${ids.discount}`,
    heading: /./,
  },
  { route: 'offers', path: () => '/admin/offers', heading: /^Offers$/ },
  { route: 'offers/new', path: () => '/admin/offers/new', heading: /^New offer$/ },
  { route: 'offers/:offerId', path: () => `/admin/offers/${ids.offer}`, heading: /./ },
  { route: 'settings', path: () => '/admin/settings', heading: /^Shop settings$/ },
  { route: 'gst', path: () => '/admin/gst', heading: /^GST returns$/ },
  { route: 'categories', path: () => '/admin/categories', heading: /^Categories$/ },
  { route: 'size-charts', path: () => '/admin/size-charts', heading: /^Size charts$/ },
  { route: 'size-charts/new', path: () => '/admin/size-charts/new', heading: /^New size chart$/ },
  {
    route: 'size-charts/:chartId',
    path: () => `/admin/size-charts/${ids.sizeChart}`,
    heading: /./,
  },
  { route: 'banners', path: () => '/admin/banners', heading: /^Banners$/ },
  { route: 'blog', path: () => '/admin/blog', heading: /^Journal$/ },
  { route: 'blog/new', path: () => '/admin/blog/new', heading: /^New post$/ },
  { route: 'blog/:postId', path: () => `/admin/blog/${ids.post}`, heading: /./ },
  { route: 'pages', path: () => '/admin/pages', heading: /^Pages$/ },
  {
    route: 'pages/:pageKey',
    path: () => '/admin/pages/shipping-policy',
    heading: /^Shipping Policy$/,
  },
  { route: 'grievances', path: () => '/admin/grievances', heading: /^Grievances$/ },
  {
    route: 'grievances/:ticket',
    path: () => `/admin/grievances/${ids.grievance}`,
    heading: /^GRV-\d{4}-\d{6}$/,
  },
  { route: 'reviews', path: () => '/admin/reviews', heading: /^Reviews$/ },
];

/** The back office's routes as the app's route table declares them. */
function adminRoutes(): string[] {
  const table = readFileSync(fileURLToPath(new URL('../app/routes.ts', import.meta.url)), 'utf8');
  // From the admin prefix to the end of its block (the not-found route follows it).
  const block = table.slice(table.indexOf("prefix('admin'"), table.indexOf("route('*'"));
  const routes = [...block.matchAll(/route\('([^']+)'/g)].map((match) => match[1]!);
  return block.includes('index(') ? ['', ...routes] : routes;
}

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  owner = await signInOwner();
  // A delivered order of two bras with an exchange asked for one: every screen has rows.
  const { toReturn, toExchange } = await twoBras(4);
  shopper = await shopperWithPaidOrderOf([toReturn.line, toExchange.line]);
  for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
    const moved = await moveOrderAs(owner.accessToken, shopper.orderId, status);
    expect(moved.status).toBe(200);
  }
  const order = await api<{ items: { _id: string; product: string }[] }>(
    'GET',
    `/order/${shopper.orderId}`,
    { token: shopper.accessToken },
  );
  const item = order.data.items.find((line) => line.product === toExchange.line.product)!;
  const asked = await api<{ returns: { _id: string }[] }>(
    'POST',
    `/order/${shopper.orderId}/return`,
    {
      token: shopper.accessToken,
      body: {
        reason: 'The fit is not right',
        items: [{ itemId: item._id, action: 'exchange', size: toExchange.otherSize }],
      },
    },
  );
  expect(asked.status).toBe(200);
  const customers = await api<{ customers: { _id: string }[] }>(
    'GET',
    `/admin/customers?q=${encodeURIComponent(shopper.email)}`,
    { token: owner.accessToken },
  );
  const products = await api<{ products: { _id: string }[] }>('GET', '/admin/products?limit=1', {
    token: owner.accessToken,
  });
  // The shop's seeded codes are there from the start.
  const discounts = await api<{ discounts: { _id: string }[] }>('GET', '/admin/discounts', {
    token: owner.accessToken,
  });
  // The shop's seeded offer is there from the start.
  const offers = await api<{ offers: { _id: string }[] }>('GET', '/admin/offers', {
    token: owner.accessToken,
  });
  // The seeded size charts are there from the start.
  const sizeCharts = await api<{ _id: string }[]>('GET', '/admin/size-charts', {
    token: owner.accessToken,
  });
  // The seeded journal's articles are there from the start.
  const posts = await api<{ posts: { id: string }[] }>('GET', '/admin/blog?limit=1', {
    token: owner.accessToken,
  });
  const grievance = await api<{ ticket: string }>('POST', '/grievances', {
    body: {
      name: 'Screens Test',
      email: shopper.email,
      category: 'delivery',
      subject: 'The parcel is late',
      description: 'It was due on Monday and has not come yet.',
    },
  });
  expect(grievance.status).toBe(201);
  ids = {
    post: posts.data.posts[0]!.id,
    grievance: grievance.data.ticket,
    order: shopper.orderId,
    returnLine: asked.data.returns[0]!._id,
    customer: customers.data.customers[0]!._id,
    product: products.data.products[0]!._id,
    discount: discounts.data.discounts[0]!._id,
    offer: offers.data.offers[0]!._id,
    sizeChart: sizeCharts.data[0]!._id,
  };
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

it('covers every back-office route of the route table', () => {
  expect(screens.map((screen) => screen.route).sort()).toEqual(adminRoutes().sort());
});

/**
 * Calls the page has in flight, counted from its requests' start and end: a screen's data has
 * loaded when none is left, without networkidle's fixed half second of silence.
 */
function trackCalls(page: Page): () => number {
  let inFlight = 0;
  page.on('request', () => (inFlight += 1));
  page.on('requestfinished', () => (inFlight -= 1));
  page.on('requestfailed', () => (inFlight -= 1));
  return () => inFlight;
}

/** The screen's heading is up, its data loaded: no call in flight, no "Loading..." left. */
async function loaded(page: Page, calls: () => number, heading: RegExp) {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor(patient);
  await expect.poll(calls, patient).toBe(0);
  await expect.poll(() => page.getByText(/^Loading/).count(), patient).toBe(0);
}

/** The screen's photograph, to look at (E2E_SHOTS=1). */
function photographScreen(page: Page, route: string, viewport: Viewport) {
  const name = route.replace(/[^a-z]+/gi, '-').replace(/-$/, '') || 'dashboard';
  return photograph(page, { path: `${shots}/screen-${name}-${viewport}.png`, fullPage: true });
}

// At 1280 px each screen is loaded from the server as a bookmark would (its server HTML hydrates
// without a console error), axe finds nothing serious, and nothing is wider than the screen. One
// signed-in page serves every screen: the owner's session is the same on each.
describe('every back-office screen (desktop)', () => {
  let session: ShopperPage;
  let calls: () => number;
  beforeAll(async () => {
    session = await openPage(browser, shopURL(), 'desktop');
    calls = trackCalls(session.page);
    await signInBrowser(session.page, owner);
  });
  afterAll(() => session?.context.close());

  for (const screen of screens) {
    it(`/admin/${screen.route} passes axe and fits 1280 px`, async () => {
      const { page, problems } = session;
      problems.length = 0;
      await page.goto(screen.path());
      await waitForHydration(page);
      await loaded(page, calls, screen.heading);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await photographScreen(page, screen.route, 'desktop');
      expect(problems).toEqual([]);
    }, 90_000);
  }
});

// At 375 px the owner moves between the screens inside the app (as the menu does), and each
// fits the phone's width. The phone's shell (its menu button and bar) passes axe on the first.
describe('every back-office screen (phone)', () => {
  let session: ShopperPage;
  let calls: () => number;
  beforeAll(async () => {
    session = await openPage(browser, shopURL(), 'phone');
    calls = trackCalls(session.page);
    await signInBrowser(session.page, owner);
    await session.page.goto('/admin');
    await waitForHydration(session.page);
  });
  afterAll(() => session?.context.close());

  for (const [index, screen] of screens.entries()) {
    it(`/admin/${screen.route} fits 375 px${index === 0 ? ' and passes axe' : ''}`, async () => {
      const { page, problems } = session;
      problems.length = 0;
      await page.evaluate((path) => {
        const { __reactRouterDataRouter: router } = window as unknown as {
          __reactRouterDataRouter: { navigate: (to: string) => Promise<void> };
        };
        return router.navigate(path);
      }, screen.path());
      expect(new URL(page.url()).pathname).toBe(screen.path());
      await loaded(page, calls, screen.heading);
      if (index === 0) expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await photographScreen(page, screen.route, 'phone');
      expect(problems).toEqual([]);
    }, 90_000);
  }
});
