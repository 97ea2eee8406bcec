// The session cookie (decision 0055): set with every token pair the API hands out, rotated with
// the refresh token, cleared by sign-out and by a refresh token's reuse; the server renders a
// shopper's own pages with it, and it never authorises a write on its own. The page tests need
// the built storefront (`npm run build -w @shop/web`), as `npm test` builds it before this suite.
import { formatMoney } from '@shop/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearedSessionCookie, sessionCookie } from '../src/features/auth/session-cookie.ts';
import { send, signUp } from './auth-helpers.ts';
import { addBody, guestSessionId, stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { address } from './order-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let choices: StockedChoice[];
const app = () => world.app;

// A seeded database and the storefront's server build: slow on a loaded machine.
beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' }, { storefront: true });
  choices = await stockedChoices(app());
}, 180_000);
afterAll(async () => {
  await world?.close();
});

/** The Set-Cookie lines of an answer. */
function setCookies(headers: Record<string, unknown>): string[] {
  const value = headers['set-cookie'];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

function sessionCookieOf(headers: Record<string, unknown>): string | undefined {
  return setCookies(headers).find((line) => line.startsWith('lb_session='));
}

function cookieValue(line: string | undefined): string | undefined {
  return line?.split(';')[0]?.slice('lb_session='.length);
}

/** A page as a browser without JavaScript gets it, with the cookies given. */
async function page(url: string, cookie?: string) {
  const response = await app().inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

/** Text as React writes it into HTML. */
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** The rupee figure as the cart page writes it (₹1,708.20). */
const shown = (rupees: number) => formatMoney(Math.round(rupees * 100));

async function shopperWithLines(count: number) {
  const session = await signUp(app());
  let cart: any;
  for (const choice of choices.slice(0, count)) {
    const added = await send(app(), 'POST', '/api/cart', {
      body: addBody(choice),
      token: session.accessToken,
    });
    expect(added.status).toBe(200);
    cart = added.body.data;
  }
  return { ...session, cart };
}

describe('the session cookie', () => {
  it('is httpOnly, SameSite=Lax, host-only on the whole site, Secure when asked, and holds the refresh token', async () => {
    const answer = await send(app(), 'POST', '/api/auth/signup', {
      body: {
        firstName: 'Asha',
        lastName: 'Rao',
        email: `cookie.${Date.now()}@example.in`,
        password: 'rose-petal-7',
        phone: '9876543210',
      },
    });
    const line = sessionCookieOf(answer.headers);
    expect(line).toBeDefined();
    expect(cookieValue(line)).toBe(answer.body.data.refreshToken);
    const attributes = line!.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes.some((part) => part.startsWith('domain='))).toBe(false);
    // Not production on https here: a Secure cookie would never come back over plain http.
    expect(attributes).not.toContain('secure');
    // Over https it is a __Host- cookie (Secure, Path=/, no Domain): see session-cookie.test.ts.
    expect(sessionCookie('t', { secure: true }).split('; ')).toContain('Secure');
    expect(clearedSessionCookie({ secure: true })).toMatch(
      /^__Host-lb_session=; .*Max-Age=0.*Secure/,
    );
  });

  it('is set by sign-in and rotated with the refresh token', async () => {
    const { shopper } = await signUp(app());
    const login = await send(app(), 'POST', '/api/auth/login', {
      body: { email: shopper.email, password: shopper.password },
    });
    expect(cookieValue(sessionCookieOf(login.headers))).toBe(login.body.data.refreshToken);
    const refreshed = await send(app(), 'POST', '/api/auth/refresh', {
      body: { refreshToken: login.body.data.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const rotated = cookieValue(sessionCookieOf(refreshed.headers));
    expect(rotated).toBe(refreshed.body.data.refreshToken);
    expect(rotated).not.toBe(login.body.data.refreshToken);
  });

  it('is cleared by sign-out, and the page then renders signed out', async () => {
    const her = await shopperWithLines(1);
    const cookie = `lb_session=${her.refreshToken}`;
    expect((await page('/cart', cookie)).html).toContain(escaped(choices[0]!.name));
    const logout = await send(app(), 'POST', '/api/auth/logout', {
      body: { refreshToken: her.refreshToken },
      token: her.accessToken,
    });
    expect(logout.status).toBe(200);
    const cleared = sessionCookieOf(logout.headers);
    expect(cleared).toMatch(/^lb_session=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    // A browser that kept the old cookie anyway is not signed in by it.
    const after = await page('/cart', cookie);
    // No line of hers (the product may still show among the page's suggestions).
    expect(after.html).not.toContain('data-testid="cart-line"');
    expect(after.html).toContain('Guest Mode');
  });

  it('is cleared when a spent refresh token comes back, and the sign-in it named renders signed out', async () => {
    const her = await shopperWithLines(1);
    const refreshed = await send(app(), 'POST', '/api/auth/refresh', {
      body: { refreshToken: her.refreshToken },
    });
    const newest = refreshed.body.data.refreshToken as string;
    expect((await page('/cart', `lb_session=${newest}`)).html).toContain(escaped(choices[0]!.name));
    // The old token again: copied, so the whole sign-in ends, newest token included.
    const reuse = await send(app(), 'POST', '/api/auth/refresh', {
      body: { refreshToken: her.refreshToken },
    });
    expect(reuse.status).toBe(401);
    expect(sessionCookieOf(reuse.headers)).toMatch(/^lb_session=;.*Max-Age=0/);
    const revoked = await page('/cart', `lb_session=${newest}`);
    expect(revoked.status).toBe(200);
    expect(revoked.html).not.toContain('data-testid="cart-line"');
    expect(revoked.html).not.toContain(her.user.firstName + ' ' + her.user.lastName);
  });

  it('alone changes nothing: a cross-site post carrying only the cookie is refused and the cart stays', async () => {
    const her = await shopperWithLines(1);
    const crossSite = {
      cookie: `lb_session=${her.refreshToken}`,
      origin: 'https://evil.example',
      referer: 'https://evil.example/offer.html',
    };
    const attempts = [
      { method: 'POST' as const, url: '/api/cart', payload: addBody(choices[1]!, 3) },
      { method: 'DELETE' as const, url: '/api/cart/clear', payload: undefined },
      { method: 'PATCH' as const, url: '/api/auth/profile', payload: { firstName: 'Mallory' } },
      { method: 'POST' as const, url: '/api/auth/refresh', payload: {} },
    ];
    for (const attempt of attempts) {
      // As a JSON call and as a plain HTML form would send it.
      for (const form of [false, true]) {
        const response = await app().inject({
          method: attempt.method,
          url: attempt.url,
          headers: {
            ...crossSite,
            'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
          },
          ...(attempt.payload === undefined
            ? {}
            : {
                payload: form
                  ? new URLSearchParams(JSON.stringify(attempt.payload)).toString()
                  : JSON.stringify(attempt.payload),
              }),
        });
        expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }
    }
    // A form posted to the page itself: pages take no writes.
    const pagePost = await app().inject({
      method: 'POST',
      url: '/cart',
      headers: { ...crossSite, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=clear',
    });
    expect(pagePost.statusCode).toBeGreaterThanOrEqual(400);
    const cart = await send(app(), 'GET', '/api/cart', { token: her.accessToken });
    expect(cart.body.data.items.map((item: any) => [item.productId, item.quantity])).toEqual([
      [choices[0]!.productId, 1],
    ]);
    const profile = await send(app(), 'GET', '/api/auth/profile', { token: her.accessToken });
    expect(profile.body.data.firstName).toBe(her.user.firstName);
    // And her sign-in was not rotated away by the refresh attempt: the cookie still renders her.
    expect((await page('/cart', crossSite.cookie)).html).toContain(escaped(choices[0]!.name));
  });
});

describe('the server-rendered cart', () => {
  it('shows a signed-in shopper her own lines and total in the first HTML, with no guest text', async () => {
    const her = await shopperWithLines(5);
    const { status, html, headers } = await page('/cart', `lb_session=${her.refreshToken}`);
    expect(status).toBe(200);
    expect(headers['cache-control']).toMatch(/no-store/);
    for (const item of her.cart.items) expect(html).toContain(escaped(item.name));
    expect(her.cart.items).toHaveLength(5);
    expect(html).toContain(shown(her.cart.total));
    expect(html).not.toContain('Guest Mode');
    expect(html).not.toContain('Loading your bag');
    // The token the page was rendered with stays on the server.
    expect(html).not.toContain(her.refreshToken);
  });

  it('shows a guest her guest cart by its cookie', async () => {
    const id = guestSessionId();
    let cart: any;
    for (const choice of choices.slice(0, 5)) {
      const { product, ...line } = addBody(choice);
      const added = await send(app(), 'POST', `/api/cart/guest/${id}/product/${product}`, {
        body: line,
      });
      expect(added.status).toBe(200);
      cart = added.body.data;
    }
    const { html } = await page('/cart', `lb_guest_cart=${id}`);
    for (const item of cart.items) expect(html).toContain(escaped(item.name));
    expect(html).toContain(shown(cart.total));
    expect(html).toContain('Guest Mode');
    expect(html).not.toContain('Loading your bag');
  });

  it('renders the wishlist, profile, orders tab and checkout of the shopper the cookie names', async () => {
    const her = await shopperWithLines(2);
    const cookie = `lb_session=${her.refreshToken}`;
    const wishlist = await page('/wishlist', cookie);
    expect(wishlist.html).not.toContain('Please login to view your wishlist');
    expect(wishlist.html).not.toContain('Loading your wishlist');
    // The suggestions below her list are in the first HTML too, so the footer never moves.
    expect(wishlist.html).toContain('You Might Also Like');
    const profile = await page('/profile', cookie);
    expect(profile.html).toContain(her.user.email);
    expect(profile.html).not.toContain('Loading your account');
    const orders = await page('/profile?tab=orders', cookie);
    expect(orders.html).not.toContain('Loading your orders');
    // The tab's own answer (its code loads lazily in the browser, never in place of the HTML).
    expect(orders.html).toContain('No orders yet.');
    const checkout = await page('/checkout', cookie);
    expect(checkout.html).not.toContain('Please login to place an order');
    expect(checkout.html).not.toContain('Loading your bag');
    expect(checkout.html).toContain(escaped(choices[0]!.name));
    expect(checkout.html).toContain(shown(her.cart.total));
  });

  it('renders the cash-on-delivery choice at checkout for her saved PIN code when the shop offers it', async () => {
    const owner = await signUpOwner(world, 'owner@lacebloom.in');
    const current = await send(app(), 'GET', '/api/admin/settings', { token: owner.accessToken });
    const settings = current.body.data.settings;
    const terms = (on: boolean) =>
      send(app(), 'PATCH', '/api/admin/settings', {
        token: owner.accessToken,
        body: {
          ...settings,
          paymentMethods: on ? ['online', 'cod'] : ['online'],
          cashOnDelivery: { feeRupees: 49, minOrderRupees: 1, maxOrderRupees: 50_000 },
        },
      });
    expect((await terms(true)).status).toBe(200);
    try {
      const her = await shopperWithLines(1);
      const { name: _recipient, ...place } = address;
      const saved = await send(app(), 'PATCH', '/api/auth/profile', {
        token: her.accessToken,
        body: { addresses: [{ ...place, name: 'Home' }] },
      });
      expect(saved.status).toBe(200);
      // In the first HTML, so the payment choices do not grow once the page hydrates.
      const checkout = await page('/checkout', `lb_session=${her.refreshToken}`);
      expect(checkout.html).toContain('Cash on Delivery (fee ');
      expect(checkout.html).toContain(escaped(shown(49)));
    } finally {
      expect((await terms(false)).status).toBe(200);
    }
  });
});
