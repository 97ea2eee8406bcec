// Hostile text: control characters in every text field and query string are refused with the
// field's message (a NUL byte used to reach the database and answer 500), a deeply nested billing
// address is refused instead of overflowing the stack, and the log never holds a password, hash,
// token or a failed query's values.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { unstorableTextMessage } from '../src/http/error-handler.ts';
import { newShopper, send, signUp } from './auth-helpers.ts';
import { addBody, guestSessionId, stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { address, fillCart, orderBody } from './order-helpers.ts';
import { lastMailTo, linkToken } from './outbox.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let baseUrl: string;
let choices: StockedChoice[];
let token: string;

beforeAll(async () => {
  world = await createTestWorld();
  baseUrl = await world.app.listen({ port: 0, host: '127.0.0.1' });
  choices = await stockedChoices(world.app, 3);
  token = (await signUp(world.app)).accessToken;
});
afterAll(async () => {
  await world?.close();
});

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  signedIn?: boolean;
  /** Another shopper's token (requests that may sign her out). */
  as?: string;
}

/** A real HTTP request to the listening server; answers the status and the parsed body. */
async function call({ method, path, body, signedIn, as }: Call) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (signedIn) headers.authorization = `Bearer ${as ?? token}`;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  // A page opened from a mail (an unsubscribe link, say) answers HTML: its text is the message.
  const json = response.headers.get('content-type')?.includes('application/json');
  return {
    status: response.status,
    body: (json ? JSON.parse(text) : { message: text }) as { message: string },
  };
}

/** Every string in `value`, as paths of keys and indexes. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

/** A deep copy of `value` with the string at `path` replaced. */
function withString(value: unknown, path: (string | number)[], text: string): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withString(copy[head!], rest, text);
  return copy;
}

describe('control characters in text fields', () => {
  it("answers 400 with the field's message for each text field, all at once", async () => {
    const choice = choices[0]!;
    const cases: [Call, string][] = [
      [
        { method: 'POST', path: '/api/auth/signup', body: newShopper({ firstName: 'Asha\u0000' }) },
        'First name is required.',
      ],
      [
        { method: 'POST', path: '/api/auth/signup', body: newShopper({ lastName: 'R\u0007ao' }) },
        'Last name is required.',
      ],
      [
        { method: 'POST', path: '/api/auth/signup', body: newShopper({ email: 'a\u0000@b.in' }) },
        'Valid email is required.',
      ],
      [
        {
          method: 'POST',
          path: '/api/auth/signup',
          body: newShopper({ homeAddress: '12 MG Road\u001b[2J' }),
        },
        'Invalid home address',
      ],
      [
        {
          method: 'POST',
          path: '/api/auth/login',
          body: { email: 'asha\u0000@example.in', password: 'rose-petal-7' },
        },
        'Valid email is required.',
      ],
      [
        { method: 'POST', path: '/api/auth/forgot-password', body: { email: 'a@b.in\u007f' } },
        'Valid email is required.',
      ],
      [
        {
          method: 'POST',
          path: '/api/auth/reset-password',
          body: { token: 'abc\u0000', password: 'rose-petal-8' },
        },
        'This password reset link is invalid or has expired.',
      ],
      [
        { method: 'POST', path: '/api/auth/verify-email', body: { token: 'abc\u0000' } },
        'This verification link is invalid or has expired.',
      ],
      [
        { method: 'POST', path: '/api/auth/refresh', body: { refreshToken: 'abc\u0000' } },
        'No token to refresh',
      ],
      [
        {
          method: 'PATCH',
          path: '/api/auth/profile',
          body: { firstName: 'Asha\u0000' },
          signedIn: true,
        },
        'First name is required.',
      ],
      [
        {
          method: 'PATCH',
          path: '/api/auth/profile',
          body: { addresses: [{ name: 'Home', addressLine1: '12 MG Road', city: 'Pune\u0000' }] },
          signedIn: true,
        },
        'Invalid city',
      ],
      [
        {
          method: 'POST',
          path: '/api/cart',
          body: { ...addBody(choice), size: 'm\u0000' },
          signedIn: true,
        },
        'Size is required',
      ],
      [
        {
          method: 'POST',
          path: '/api/cart',
          body: { ...addBody(choice), color: { colorName: 'Red\u0000', colorHex: '#ff0000' } },
          signedIn: true,
        },
        'Color information is required',
      ],
      [
        {
          method: 'POST',
          path: `/api/cart/guest/${guestSessionId()}/product/${choice.productId}`,
          body: { ...addBody(choice), product: undefined, selectedImage: '/media/a\u0000.jpg' },
        },
        'Product image is required',
      ],
      [
        {
          method: 'POST',
          path: '/api/cart/apply-discount',
          body: { code: 'NEW10\u0000' },
          signedIn: true,
        },
        'Valid discount code is required',
      ],
      [
        { method: 'GET', path: '/api/discount/code/NEW10%00', signedIn: true },
        'Invalid discount code',
      ],
      [
        {
          method: 'POST',
          path: '/api/wishlist/create',
          body: { name: 'Mine\u0000' },
          signedIn: true,
        },
        'Invalid wishlist name',
      ],
      [
        {
          method: 'POST',
          path: '/api/order',
          body: orderBody([[choice, 1]], { shippingAddress: { ...address, name: 'Asha\u0000' } }),
          signedIn: true,
        },
        'Name is required',
      ],
      [
        {
          method: 'POST',
          path: '/api/order',
          body: orderBody([[choice, 1]], {
            billingAddress: { ...address, city: 'Pune\u0000' },
            sameAsShipping: false,
          }),
          signedIn: true,
        },
        'Billing city is required',
      ],
      [
        {
          method: 'POST',
          path: '/api/order',
          body: orderBody([[choice, 1]], { notes: 'Ring twice\u0000' }),
          signedIn: true,
        },
        'Invalid notes',
      ],
      [
        {
          method: 'POST',
          path: '/api/order',
          // A tab is a control character too; only line breaks are kept, in multi-line notes.
          body: orderBody([[choice, 1]], { notes: 'Ring\ttwice' }),
          signedIn: true,
        },
        'Invalid notes',
      ],
      [
        {
          method: 'POST',
          path: `/api/order/${crypto.randomUUID()}/cancel`,
          body: { reason: 'Changed my mind\u0000' },
          signedIn: true,
        },
        'Please tell us the reason',
      ],
      [
        {
          method: 'POST',
          path: '/api/payments/failure',
          body: { razorpayOrderId: 'order_x', failureReason: 'declined\u0000' },
          signedIn: true,
        },
        'Invalid failureReason',
      ],
      // Query strings and path parameters.
      [{ method: 'GET', path: '/api/product/search?q=lace%00bra' }, 'Invalid q: must be text'],
      [{ method: 'GET', path: '/api/category/search?q=%7F' }, 'Invalid q: must be text'],
      [{ method: 'GET', path: '/api/sub-category?q=%00' }, 'Invalid q: must be text'],
      [
        { method: 'GET', path: '/api/product/products?color=red%00' },
        'Invalid color: must be text',
      ],
      [{ method: 'GET', path: '/api/product/products?size=m%01' }, 'Invalid size: must be text'],
      [{ method: 'GET', path: '/api/product/products?tag=new%1F' }, 'Invalid tag: must be text'],
      [
        { method: 'GET', path: '/api/order/search?q=LB%00', signedIn: true },
        'Invalid q: must be text',
      ],
      [
        { method: 'GET', path: `/api/product/${choice.productId}/colors/Red%00/sizes` },
        'Invalid colorName',
      ],
      [
        {
          method: 'DELETE',
          path: `/api/cart/product/${choice.productId}?size=m%00`,
          signedIn: true,
        },
        'Invalid size: must be text',
      ],
    ];
    const answers = await Promise.all(cases.map(([request]) => call(request)));
    answers.forEach((answer, index) => {
      const [request, message] = cases[index]!;
      expect(answer.status, `${request.method} ${request.path}`).toBe(400);
      expect(answer.body.message, `${request.method} ${request.path}`).toBe(message);
    });
  });

  it('keeps line breaks in multi-line notes and places the order', async () => {
    await fillCart(world.app, token, [[choices[1]!, 1]]);
    const answer = await call({
      method: 'POST',
      path: '/api/order',
      body: orderBody([[choices[1]!, 1]], { notes: 'Ring twice,\r\nthen leave it\nat the door' }),
      signedIn: true,
    });
    expect(answer.status).toBe(201);
    expect(
      (answer.body as unknown as { data: { order: { notes: string } } }).data.order.notes,
    ).toBe('Ring twice,\r\nthen leave it\nat the door');
  });

  it('answers a 4xx, never a 5xx, for a NUL byte in any string of any request body', async () => {
    const choice = choices[2]!;
    const sessionId = guestSessionId();
    // Her requests may sign her out (a refresh token reused): a shopper of her own.
    const as = (await signUp(world.app)).accessToken;
    const someId = crypto.randomUUID();
    const fullAddress = { ...address, _id: someId };
    const samples: Call[] = [
      {
        method: 'POST',
        path: '/api/auth/signup',
        body: {
          ...newShopper(),
          homeAddress: '1 Park Street',
          officeAddress: '2 Camac Street',
          addresses: [fullAddress],
        },
      },
      { method: 'POST', path: '/api/auth/login', body: { email: 'a@b.in', password: 'secret-1' } },
      { method: 'POST', path: '/api/auth/refresh', body: { refreshToken: 'abc' } },
      { method: 'POST', path: '/api/auth/logout', body: { refreshToken: 'abc' } },
      { method: 'POST', path: '/api/auth/forgot-password', body: { email: 'a@b.in' } },
      {
        method: 'POST',
        path: '/api/auth/reset-password',
        body: { token: 'abc', password: 'rose-petal-8' },
      },
      { method: 'POST', path: '/api/auth/verify-email', body: { token: 'abc' } },
      {
        method: 'POST',
        path: '/api/auth/google',
        body: { code: 'abc', redirectUri: 'https://shop.example/auth/google/callback' },
      },
      {
        method: 'PATCH',
        path: '/api/auth/profile',
        body: { firstName: 'Asha', lastName: 'Rao', phone: '9876543210', addresses: [fullAddress] },
        signedIn: true,
      },
      { method: 'POST', path: '/api/cart', body: addBody(choice), signedIn: true },
      {
        method: 'PUT',
        path: `/api/cart/item/${someId}`,
        body: {
          quantity: '2',
          size: 'm',
          color: { colorName: 'Red', colorHex: '#f00' },
          selectedImage: '/media/x.jpg',
        },
        signedIn: true,
      },
      {
        method: 'POST',
        path: `/api/cart/guest/${sessionId}/product/${choice.productId}`,
        body: { ...addBody(choice), product: undefined },
      },
      {
        method: 'PUT',
        path: `/api/cart/guest/${sessionId}/item/${someId}`,
        body: { quantity: 1, size: 'm' },
      },
      {
        method: 'POST',
        path: '/api/cart/merge',
        body: { sessionId: guestSessionId() },
        signedIn: true,
      },
      {
        method: 'POST',
        path: '/api/cart/apply-discount',
        body: { code: 'NEW10', type: 'coupon' },
        signedIn: true,
      },
      {
        method: 'DELETE',
        path: '/api/cart/remove-discount',
        body: { type: 'coupon' },
        signedIn: true,
      },
      {
        method: 'POST',
        path: '/api/cart/validate-discount',
        body: { code: 'NEW10', productIds: [choice.productId] },
        signedIn: true,
      },
      {
        method: 'POST',
        path: '/api/wishlist/create',
        body: { name: 'Mine', isPublic: false },
        signedIn: true,
      },
      {
        method: 'POST',
        path: '/api/wishlist/add',
        body: { productId: choice.productId, priceWhenAdded: '100' },
        signedIn: true,
      },
      {
        method: 'POST',
        path: '/api/wishlist/toggle',
        body: { productId: choice.productId },
        signedIn: true,
      },
      {
        method: 'POST',
        path: `/api/wishlist/move-to-cart/${choice.productId}`,
        body: {
          quantity: 1,
          size: 'm',
          colorName: 'Red',
          colorHex: '#f00',
          selectedImage: '/media/x.jpg',
        },
        signedIn: true,
      },
      {
        method: 'POST',
        path: '/api/order',
        body: orderBody([[choice, 1]], {
          billingAddress: address,
          sameAsShipping: false,
          notes: 'Ring twice',
        }),
        signedIn: true,
      },
      {
        method: 'POST',
        path: `/api/order/${someId}/cancel`,
        body: { reason: 'Changed my mind' },
        signedIn: true,
      },
      {
        method: 'POST',
        path: `/api/order/${someId}/return`,
        body: { reason: 'Too small' },
        signedIn: true,
      },
      {
        method: 'POST',
        path: '/api/payments/initiate',
        body: { orderId: someId, method: 'razorpay' },
        signedIn: true,
      },
      {
        method: 'POST',
        path: '/api/payments/verify',
        body: { razorpay_order_id: 'a', razorpay_payment_id: 'b', razorpay_signature: 'c' },
        signedIn: true,
      },
      {
        method: 'POST',
        path: '/api/payments/failure',
        body: { razorpayOrderId: 'a', razorpayPaymentId: 'b', failureReason: 'declined' },
        signedIn: true,
      },
      {
        method: 'POST',
        path: '/api/payments/simulator/pay',
        body: { razorpayOrderId: 'a', outcome: 'failure' },
        signedIn: true,
      },
      {
        method: 'PATCH',
        path: `/api/admin/orders/${someId}/status`,
        body: { status: 'shipped' },
        signedIn: true,
      },
      {
        method: 'POST',
        path: '/api/fit/bra-size',
        body: {
          productId: choice.productId,
          colorName: 'Red',
          method: 'tape',
          unit: 'in',
          underbust: '32',
          bust: '35',
        },
        signedIn: false,
      },
      {
        method: 'POST',
        path: '/api/fit/bra-size',
        body: { method: 'feel', wornSize: '34B', band: 'fine', cups: 'fine', gore: 'flat' },
        signedIn: false,
      },
      {
        method: 'POST',
        path: '/api/admin/size-charts',
        body: {
          name: 'Chart',
          kind: 'letter',
          image: '/media/x.svg',
          rows: [{ size: 'M', bustCm: [86, 92], waistCm: [68, 74], hipCm: [92, 98] }],
        },
        signedIn: true,
      },
    ];
    const requests = samples.flatMap((sample) =>
      stringPaths(sample.body).map((path) => ({
        ...sample,
        as,
        body: withString(sample.body, path, 'x\u0000y'),
        field: path.join('.'),
      })),
    );
    expect(requests.length).toBeGreaterThan(80);
    const answers = await Promise.all(requests.map((request) => call(request)));
    answers.forEach((answer, index) => {
      const { method, path, field } = requests[index]!;
      expect(answer.status, `${method} ${path} ${field}: ${answer.body.message}`).toBeLessThan(500);
      expect(answer.body.message).not.toBe(unstorableTextMessage);
    });
  });

  it('answers a 4xx, never a 5xx, for a NUL byte in any path parameter or query string', async () => {
    const document = (await world.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const query = '?q=%00&size=%00&color=%00&colorName=%00&tag=%00&page=%00&limit=%00&status=%00';
    // Signing out or changing a password may end her sessions: a shopper of her own.
    const as = (await signUp(world.app)).accessToken;
    const requests = Object.entries(document.paths).flatMap(([pattern, operations]) =>
      Object.keys(operations).flatMap((method) => {
        const path = pattern.replace(/\{(\w+)\}/g, (_whole, name: string) =>
          name === 'sessionId' ? guestSessionId() : 'a%00b',
        );
        return [path, `${path}${query}`].map((url) => ({
          method: method.toUpperCase() as Call['method'],
          path: url,
          signedIn: true,
          as,
          ...(['post', 'put', 'patch'].includes(method) ? { body: {} } : {}),
        }));
      }),
    );
    expect(requests.length).toBeGreaterThan(100);
    const answers = await Promise.all(requests.map((request) => call(request)));
    answers.forEach((answer, index) => {
      const { method, path } = requests[index]!;
      expect(answer.status, `${method} ${path}: ${answer.body.message}`).toBeLessThan(500);
      expect(answer.body.message).not.toBe(unstorableTextMessage);
    });
  });

  it('answers 400 for text the database cannot store, should any ever reach it', async () => {
    const app = await buildApp({ config: world.config, database: world.database });
    app.get('/api/test/unstorable', async () => {
      await world.database.db.execute(sql`select ${'a\u0000b'}::text as value`);
      return { ok: true };
    });
    try {
      const answer = await app.inject({ method: 'GET', url: '/api/test/unstorable' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, message: unstorableTextMessage });
    } finally {
      await app.close();
    }
  });
});

describe('billingAddress', () => {
  it('is a checkout address: a deeply nested object is refused, not a stack overflow', async () => {
    const depth = 30_000;
    const body = JSON.stringify(orderBody([[choices[3]!, 1]])).replace(
      /}$/,
      `,"billingAddress":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
    );
    const answers = await Promise.all(
      [false, true].map((sameAsShipping) =>
        fetch(`${baseUrl}/api/order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: body.replace(/}$/, `,"sameAsShipping":${sameAsShipping}}`),
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { message: string },
        })),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Billing name is required');
    }
  });

  it('is checked field by field and stored as sent', async () => {
    const wrong = await call({
      method: 'POST',
      path: '/api/order',
      body: orderBody([[choices[3]!, 1]], { billingAddress: { ...address, phone: '12' } }),
      signedIn: true,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid billing phone number');
    const billing = { ...address, name: 'Ravi Rao', city: 'Mysuru' };
    await fillCart(world.app, token, [[choices[3]!, 1]]);
    const placed = await call({
      method: 'POST',
      path: '/api/order',
      body: orderBody([[choices[3]!, 1]], { billingAddress: billing, sameAsShipping: false }),
      signedIn: true,
    });
    expect(placed.status).toBe(201);
    expect(
      (placed.body as unknown as { data: { order: { billingAddress: unknown } } }).data.order
        .billingAddress,
    ).toEqual(billing);
  });
});

describe('the log', () => {
  it('holds codes and messages, never a password, hash, token or a failed query’s values', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app: FastifyInstance = await buildApp({
      config: world.config,
      database: world.database,
      logger: { level: 'trace', stream },
    });
    const db = world.database.db;
    try {
      await app.ready();
      const secrets: string[] = [];
      const password = 'lotus-garden-41';
      const shopper = newShopper({ password, firstName: 'Meera' });
      const signup = await send(app, 'POST', '/api/auth/signup', { body: shopper });
      expect(signup.status).toBe(201);
      secrets.push(password, signup.body.data.accessToken, signup.body.data.refreshToken);
      const login = await send(app, 'POST', '/api/auth/login', {
        body: { email: shopper.email, password },
      });
      secrets.push(login.body.data.accessToken, login.body.data.refreshToken);
      const wrong = await send(app, 'POST', '/api/auth/login', {
        body: { email: shopper.email, password: 'not-her-password-9' },
      });
      expect(wrong.status).toBe(401);
      secrets.push('not-her-password-9');
      const refreshed = await send(app, 'POST', '/api/auth/refresh', {
        body: { refreshToken: login.body.data.refreshToken },
      });
      secrets.push(refreshed.body.data.accessToken, refreshed.body.data.refreshToken);

      await send(app, 'POST', '/api/auth/forgot-password', { body: { email: shopper.email } });
      const resetToken = linkToken(
        await lastMailTo(world.config.outboxDir, shopper.email, /reset/i),
        'reset-password',
      )!;
      expect(resetToken).toBeTruthy();
      const resetPassword = 'new-lotus-garden-42';
      const reset = await send(app, 'POST', '/api/auth/reset-password', {
        body: { token: resetToken, password: resetPassword },
      });
      expect(reset.status).toBe(200);
      secrets.push(resetToken, resetPassword);
      const again = await send(app, 'POST', '/api/auth/login', {
        body: { email: shopper.email, password: resetPassword },
      });
      const changedPassword = 'third-lotus-garden-43';
      const changed = await send(app, 'POST', '/api/auth/change-password', {
        token: again.body.data.accessToken,
        body: { currentPassword: resetPassword, newPassword: changedPassword },
      });
      expect(changed.status).toBe(200);
      secrets.push(
        again.body.data.accessToken,
        again.body.data.refreshToken,
        changedPassword,
        changed.body.data.accessToken,
        changed.body.data.refreshToken,
      );

      // An order with NUL bytes is refused before the database.
      const shopperToken = changed.body.data.accessToken as string;
      const nul = await send(app, 'POST', '/api/order', {
        token: shopperToken,
        body: orderBody([[choices[4]!, 1]], { notes: 'x\u0000', shippingAddress: address }),
      });
      expect(nul.status).toBe(400);

      // Database errors forced where the query's values are a new account's email and hash, and
      // an order's addresses.
      await db.execute(sql`alter table users add constraint clean_input_test_user
        check (first_name <> 'Forced') not valid`);
      await db.execute(sql`alter table orders add constraint clean_input_test_order
        check (notes <> 'Forced failure') not valid`);
      const forcedPassword = 'forced-rose-petal-44';
      const forcedShopper = newShopper({ firstName: 'Forced', password: forcedPassword });
      const forcedOrderAddress = { ...address, addressLine1: '77 Hidden Lane' };
      let failedSignup;
      let failedOrder;
      await fillCart(app, shopperToken, [[choices[4]!, 1]]);
      try {
        failedSignup = await send(app, 'POST', '/api/auth/signup', { body: forcedShopper });
        failedOrder = await send(app, 'POST', '/api/order', {
          token: shopperToken,
          body: orderBody([[choices[4]!, 1]], {
            notes: 'Forced failure',
            shippingAddress: forcedOrderAddress,
          }),
        });
      } finally {
        await db.execute(sql`alter table users drop constraint clean_input_test_user`);
        await db.execute(sql`alter table orders drop constraint clean_input_test_order`);
      }
      expect(failedSignup.status).toBe(500);
      expect(failedOrder.status).toBe(500);
      secrets.push(forcedPassword);

      const entries = lines.map((line) => JSON.parse(line) as Record<string, any>);
      const errors = entries.filter((entry) => entry.err);
      const constraintsLogged = errors.flatMap((entry) => {
        const found: string[] = [];
        for (let err = entry.err; err; err = err.cause) {
          if (err.code === '23514') found.push(err.constraint);
        }
        return found;
      });
      expect(constraintsLogged).toEqual(
        expect.arrayContaining(['clean_input_test_user', 'clean_input_test_order']),
      );

      const all = lines.join('\n');
      expect(all).not.toContain('$argon2');
      for (const secret of secrets) expect(all).not.toContain(secret);
      const errorText = JSON.stringify(errors);
      for (const value of [
        forcedShopper.email,
        shopper.email,
        '77 Hidden Lane',
        'Forced failure',
      ]) {
        expect(errorText).not.toContain(value);
      }
      expect(errorText).not.toMatch(/params:/);
    } finally {
      await app.close();
    }
  });
});
