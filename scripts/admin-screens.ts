/**
 * `node --import tsx scripts/admin-screens.ts <DATA_DIR> <OUT_DIR>`: photographs every back-office
 * list at 375 and 1280 px as the owner, on a shop started from this checkout's build (run
 * `npm run build -w @shop/web` first). An empty DATA_DIR gets the seeded demo shop and a paid
 * order; the same DATA_DIR again shows the same data, so shots before and after a change compare.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProductList } from '@shop/contracts/catalogue';
import { chromium } from 'playwright-core';
import { chromiumArgs, viewports } from '../apps/web/e2e/browser.ts';

const [dataDir, outDir] = process.argv.slice(2);
if (!dataDir || !outDir) throw new Error('usage: admin-screens.ts <DATA_DIR> <OUT_DIR>');
const owner = { email: 'owner.shots@lacebloom.in', password: 'orchid-ledger-7' };
/** Every keyset-paged list by default; SCREENS=settings,products/new,... photographs those. */
const lists = process.env.SCREENS?.split(',') ?? [
  ...['orders', 'dispatch', 'returns', 'customers', 'audit', 'products', 'stock'],
  ...['stock/low', 'media', 'discounts', 'blog', 'grievances', 'reviews'],
];
const port = 4600 + Math.floor(Math.random() * 300);
const base = `http://127.0.0.1:${port}`;

async function call<T>(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { data: T; message: string };
  if (response.status >= 300) throw new Error(`${method} ${path}: ${answer.message}`);
  return answer.data;
}

/** The owner's session: signed up and verified through the outbox on a new shop. */
async function ownerSession() {
  try {
    return await call<{ accessToken: string; refreshToken: string }>('POST', '/auth/login', owner);
  } catch {
    await call('POST', '/auth/signup', {
      ...owner,
      firstName: 'Asha',
      lastName: 'Owner',
      phone: '9876543211',
    });
    for (;;) {
      const mails = existsSync(join(dataDir!, 'outbox'))
        ? readdirSync(join(dataDir!, 'outbox'))
        : [];
      const mail = mails
        .map((file) => readFileSync(join(dataDir!, 'outbox', file), 'utf8'))
        .find((raw) => raw.includes(owner.email) && /verify-email/.test(raw));
      const token = mail
        ?.replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        .match(/verify-email\?token=([A-Za-z0-9_%-]+)/)?.[1];
      if (token) {
        await call('POST', '/auth/verify-email', { token: decodeURIComponent(token) });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return call<{ accessToken: string; refreshToken: string }>('POST', '/auth/login', owner);
  }
}

/** A shopper's paid order, so the orders, dispatch and customers lists have a row. */
async function paidOrder() {
  const shopper = {
    firstName: 'Meera',
    lastName: 'Iyer',
    email: 'meera.shots@example.in',
    password: 'jasmine-petal-4',
    phone: '+91 98765 43210',
  };
  const { accessToken: token } = await call<{ accessToken: string }>(
    'POST',
    '/auth/signup',
    shopper,
  );
  const { products } = await call<ProductList>('GET', '/product/products?limit=5&sort=price-asc');
  const inStock = (entry: { stock: number }) => entry.stock > 2;
  const product = products.find((entry) => entry.colors[0]?.sizeStock.some(inStock));
  const color = product?.colors[0];
  const size = color?.sizeStock.find(inStock)?.size.toLowerCase();
  if (!product || !color || !size) throw new Error('no product in stock to order');
  const line = {
    product: product._id,
    size,
    color: { colorName: color.colorName, colorHex: color.colorHex },
    selectedImage: color.images[0],
    quantity: 1,
  };
  await call('POST', '/cart', line, token);
  const address = { name: 'Meera Iyer', addressLine1: '12 MG Road', city: 'Bengaluru' };
  const placed = await call<{ orderId: string }>(
    'POST',
    '/order',
    {
      items: [line],
      shippingAddress: { ...address, state: 'Karnataka', pinCode: '560001', phone: '9876543210' },
      paymentMethod: 'razorpay',
    },
    token,
  );
  const started = await call<{ razorpayOrderId: string }>(
    'POST',
    '/payments/initiate',
    { orderId: placed.orderId, method: 'razorpay' },
    token,
  );
  const paid = await call(
    'POST',
    '/payments/simulator/pay',
    { ...started, outcome: 'success' },
    token,
  );
  await call('POST', '/payments/verify', paid, token);
}

if (!existsSync(join(dataDir, 'pgdata')) && readdirSync(dataDir).length === 0) {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/test/seed-template-cli.ts', dataDir],
    {
      stdio: 'inherit',
    },
  );
}
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: base,
    PAYMENT_PROVIDER: 'simulator',
    COURIER_PROVIDER: 'simulator',
    ADMIN_EMAILS: owner.email,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  for (;;) {
    if (server.exitCode !== null) throw new Error('server exited');
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const session = await ownerSession();
  const marker = join(dataDir, 'shots-data');
  if (!existsSync(marker)) {
    await paidOrder();
    writeFileSync(marker, 'yes');
  }
  // 'size-charts/{first}' is the first size chart's page (its id differs from seed to seed).
  const first = lists.some((list) => list.includes('{first}'))
    ? (
        await call<{ _id: string }[]>('GET', '/admin/size-charts', undefined, session.accessToken)
      )[0]?._id
    : undefined;
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
  });
  for (const [name, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({
      baseURL: base,
      viewport,
      isMobile: name === 'phone',
      hasTouch: name === 'phone',
      locale: 'en-IN',
    });
    await context.addInitScript(
      ([token, refresh]) => {
        localStorage.setItem('token', token!);
        localStorage.setItem('refreshToken', refresh!);
      },
      [session.accessToken, session.refreshToken],
    );
    const page = await context.newPage();
    for (const list of lists.map((entry) => entry.replace('{first}', first ?? ''))) {
      await page.goto(`/admin/${list}`);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      // The answer has come: the table, or its empty or failed state, and no 'Loading'.
      await page.waitForFunction(
        () => !document.querySelector('main [role=status]')?.textContent?.startsWith('Loading'),
      );
      await page.waitForLoadState('networkidle');
      const file = join(outDir, `${list.replace('/', '-')}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
}
