/**
 * Throttles under bursts: many real HTTP requests at once (`Promise.all` of `fetch`) to listening
 * servers on one database, as behind a load balancer. Each limit must be spent exactly once per
 * request, whichever server answers, before any costly work (argon2, a mail). Addresses are set
 * through X-Forwarded-For from a trusted proxy (TRUST_PROXY); on PostgreSQL the same bursts are
 * also sent to two real server processes.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import type * as passwords from '../src/features/auth/passwords.ts';
import { fastifyTrustProxy } from '../src/http/trust-proxy.ts';
import { newShopper } from './auth-helpers.ts';
import { lastMailTo, linkToken, readOutbox } from './outbox.ts';
import { call, startShop, stopShop, type ShopProcess } from './shop-processes.ts';
import { createScratchDatabase, createTestWorld, type TestWorld } from './test-app.ts';

/** Every argon2 hash made while answering, counted (the real hash is still made). */
const hashes = vi.hoisted(() => ({ made: 0 }));
vi.mock('../src/features/auth/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return {
    ...real,
    hashPassword(password: string) {
      hashes.made += 1;
      return real.hashPassword(password);
    },
  };
});

const SIGN_IN_LOCKED = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
const SIGN_UPS_USED =
  'Too many accounts have been created from your network. Please try again later.';
const RESET_FLOOD = 'Too many password reset requests. Please wait an hour and try again.';
const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';
const WRONG_CURRENT = 'Current password is incorrect.';
const CHANGE_LOCKED = 'Too many incorrect current passwords. Please wait 15 minutes and try again.';

/** A burst of sign-ups makes 50 argon2 hashes: minutes, not seconds, on a busy 2-core machine. */
const BURST_TIMEOUT_MS = 180_000;

let world: TestWorld;
/** A second server on the same database (another process behind the load balancer). */
let second: FastifyInstance;
let servers: string[] = [];

interface Answer {
  status: number;
  body: any;
  retryAfter: string | null;
}

/** A client address never used before in this file (the 198.18.0.0/15 test range). */
let addressesUsed = 0;
const freshAddress = () => {
  addressesUsed += 1;
  return `198.18.${Math.floor(addressesUsed / 256)}.${addressesUsed % 256}`;
};

/**
 * One JSON request through the proxy to `base`: the proxy (127.0.0.1) appends the client's
 * `address` to X-Forwarded-For, after whatever the client wrote there itself.
 */
async function post(
  base: string,
  path: string,
  body: unknown,
  options: { address: string; token?: string; forged?: string },
): Promise<Answer> {
  const response = await fetch(`${base}/api/auth${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': options.forged ? `${options.forged}, ${options.address}` : options.address,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: await response.json(),
    retryAfter: response.headers.get('retry-after'),
  };
}

/** `count` requests at once, spread over the servers in turn. */
function burst(
  count: number,
  send: (base: string, index: number) => Promise<Answer>,
  bases = servers,
): Promise<Answer[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(bases[i % bases.length]!, i)));
}

/** A GET through the proxy to `base` from the client `address` (see `post`). */
async function get(base: string, path: string, address: string): Promise<Answer> {
  const response = await fetch(`${base}${path}`, { headers: { 'x-forwarded-for': address } });
  return {
    status: response.status,
    body: await response.json(),
    retryAfter: response.headers.get('retry-after'),
  };
}

/** Addresses of one IPv6 /64 never used before in this file: one subscriber's line. */
let networksUsed = 0;
function freshIpv6Network(): (index: number) => string {
  networksUsed += 1;
  const prefix = `2001:db8:${networksUsed.toString(16)}:64`;
  return (index) => `${prefix}:${(index + 1).toString(16)}:${randomBytes(2).toString('hex')}::1`;
}

/** PIN codes the directory lists, each looked up once by a burst. */
async function directoryPins(count: number): Promise<string[]> {
  const rows = await queryRows<{ pin: string }>(
    world.database.db,
    sql`select pin_code as pin from pincodes order by pin_code limit ${count}`,
  );
  return rows.map((row) => row.pin);
}

const LOOKUPS_USED = 'Too many lookups. Please wait a minute and try again.';

const statusesOf = (answers: Answer[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

const madeUp = () => `${1 + (randomBytes(1)[0]! % 223)}.${randomBytes(3).join('.')}`;

/** A made-up link token in the shop's own form (32 random bytes, base64url), as a forger sends. */
const madeUpToken = () => randomBytes(32).toString('base64url');

/** The hits a throttle counter holds: one per counting statement the database ran. */
async function hitsOf(action: string, subject: string): Promise<number> {
  const [row] = await queryRows<{ hits: number }>(
    world.database.db,
    sql`select hits from throttle_counters where action = ${action} and subject = ${subject}`,
  );
  return row?.hits ?? 0;
}

async function signUpFrom(address: string) {
  const shopper = newShopper();
  const answer = await post(servers[0]!, '/signup', shopper, { address });
  expect(answer.status).toBe(201);
  return { shopper, accessToken: answer.body.data.accessToken as string };
}

function expectRefusals(answers: Answer[], message: string) {
  for (const answer of answers.filter((a) => a.status === 429)) {
    expect(answer.body.message).toBe(message);
    const seconds = Number(answer.retryAfter);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60 * 60);
  }
}

beforeAll(async () => {
  // The proxy in front of the shop is on this machine: its X-Forwarded-For is believed.
  world = await createTestWorld({
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: 'https://shop.example.in',
  });
  second = await buildApp({ config: world.config, database: world.database });
  servers = [
    await world.app.listen({ port: 0, host: '127.0.0.1' }),
    await second.listen({ port: 0, host: '127.0.0.1' }),
  ];
}, BURST_TIMEOUT_MS);
afterAll(async () => {
  await second?.close();
  await world?.close();
}, BURST_TIMEOUT_MS);

describe('sign-in', { timeout: BURST_TIMEOUT_MS }, () => {
  it('lets at most 10 wrong passwords of a burst of 40 be checked; the rest wait', async () => {
    const home = freshAddress();
    const { shopper } = await signUpFrom(home);
    const guesser = freshAddress();
    const answers = await burst(40, (base, i) =>
      post(base, '/login', { email: shopper.email, password: `guess-${i}` }, { address: guesser }),
    );
    expect(statusesOf(answers)).toEqual({ 401: 10, 429: 30 });
    expectRefusals(answers, SIGN_IN_LOCKED);
    // Even the right password waits there now; her own address is not held back.
    const there = await post(servers[1]!, '/login', shopper, { address: guesser });
    expect(there.status).toBe(429);
    expect((await post(servers[0]!, '/login', shopper, { address: home })).status).toBe(200);
  });

  it('does not lock the owner out because a stranger failed from elsewhere', async () => {
    const home = freshAddress();
    const { shopper } = await signUpFrom(home);
    const stranger = freshAddress();
    const guess = (base: string) =>
      post(base, '/login', { email: shopper.email, password: 'not-hers' }, { address: stranger });
    expect(statusesOf(await burst(12, guess))).toEqual({ 401: 10, 429: 2 });
    expect(statusesOf(await burst(12, guess))).toEqual({ 429: 12 });
    expect((await post(servers[1]!, '/login', shopper, { address: home })).status).toBe(200);
    // A shopper on a new network is not held back either: one stranger is far from the ceiling.
    expect((await post(servers[0]!, '/login', shopper, { address: freshAddress() })).status).toBe(
      200,
    );
  });

  it('holds back unknown addresses once 30 guesses came from many, but not an address she used', async () => {
    const home = freshAddress();
    const { shopper } = await signUpFrom(home);
    expect((await post(servers[0]!, '/login', shopper, { address: home })).status).toBe(200);
    const strangers = [freshAddress(), freshAddress(), freshAddress(), freshAddress()];
    const answers = await burst(40, (base, i) =>
      post(
        base,
        '/login',
        { email: shopper.email, password: `guess-${i}` },
        { address: strangers[i % strangers.length]! },
      ),
    );
    expect(statusesOf(answers)).toEqual({ 401: 30, 429: 10 });
    expectRefusals(answers, SIGN_IN_LOCKED);
    // On either server: a new address waits, even with the right password; hers does not.
    for (const base of servers) {
      expect((await post(base, '/login', shopper, { address: freshAddress() })).status).toBe(429);
      expect((await post(base, '/login', shopper, { address: home })).status).toBe(200);
    }
  });

  it('gives the place of a successful sign-in back: an office signs in all day', async () => {
    const office = freshAddress();
    const { shopper } = await signUpFrom(office);
    // More than the 10 in a row for one account and the 30 for one address.
    for (let i = 0; i < 35; i += 1) {
      const answer = await post(servers[i % 2]!, '/login', shopper, { address: office });
      expect(answer.status).toBe(200);
    }
  });

  it('checks at most 30 guesses of a burst from one address over many accounts', async () => {
    const sprayer = freshAddress();
    const answers = await burst(40, (base, i) =>
      post(
        base,
        '/login',
        { email: `spray.${i}.${Date.now()}@example.in`, password: 'guessing' },
        { address: sprayer },
      ),
    );
    expect(statusesOf(answers)).toEqual({ 401: 30, 429: 10 });
    expectRefusals(answers, SIGN_IN_LOCKED);
  });
});

describe('sign-up', { timeout: BURST_TIMEOUT_MS }, () => {
  it('creates at most 50 accounts from one address in a burst of 70', async () => {
    const network = freshAddress();
    const answers = await burst(70, (base) =>
      post(base, '/signup', newShopper(), { address: network }),
    );
    expect(statusesOf(answers)).toEqual({ 201: 50, 429: 20 });
    expectRefusals(answers, SIGN_UPS_USED);
  });

  it('counts refused sign-ups (an email already registered) toward the address', async () => {
    const { shopper } = await signUpFrom(freshAddress());
    const prober = freshAddress();
    const probes = await burst(50, (base) => post(base, '/signup', shopper, { address: prober }));
    expect(statusesOf(probes)).toEqual({ 409: 50 });
    const next = await post(servers[1]!, '/signup', newShopper(), { address: prober });
    expect(next.status).toBe(429);
    expect(next.body.message).toBe(SIGN_UPS_USED);
  });
});

describe('password reset', { timeout: BURST_TIMEOUT_MS }, () => {
  it('mails at most 5 reset links for one email in a burst of 100', async () => {
    const { shopper } = await signUpFrom(freshAddress());
    const answers = await burst(100, (base) =>
      post(base, '/forgot-password', { email: shopper.email }, { address: freshAddress() }),
    );
    expect(statusesOf(answers)).toEqual({ 200: 5, 429: 95 });
    expectRefusals(answers, RESET_FLOOD);
    const mails = (await readOutbox(world.config.outboxDir)).filter(
      (mail) => mail.to.includes(shopper.email) && /reset/i.test(mail.subject),
    );
    expect(mails).toHaveLength(5);
  });

  it('answers at most 20 reset requests from one address in a burst', async () => {
    const network = freshAddress();
    const answers = await burst(30, (base, i) =>
      post(
        base,
        '/forgot-password',
        { email: `nobody.${i}.${Date.now()}@example.in` },
        { address: network },
      ),
    );
    expect(statusesOf(answers)).toEqual({ 200: 20, 429: 10 });
  });

  it('refuses made-up reset tokens before hashing the new password, and limits them per address', async () => {
    const flooder = freshAddress();
    const before = hashes.made;
    const answers = await burst(25, (base) =>
      post(
        base,
        '/reset-password',
        { token: madeUpToken(), password: 'new-password-1' },
        { address: flooder },
      ),
    );
    expect(statusesOf(answers)).toEqual({ 400: 20, 429: 5 });
    for (const answer of answers.filter((a) => a.status === 400)) {
      expect(answer.body.message).toBe(RESET_LINK_INVALID);
    }
    expectRefusals(answers, RESET_FLOOD);
    expect(hashes.made).toBe(before);

    // A real link from another address still works, and is hashed once.
    const { shopper } = await signUpFrom(freshAddress());
    const asker = freshAddress();
    await post(servers[0]!, '/forgot-password', { email: shopper.email }, { address: asker });
    const token = linkToken(
      await lastMailTo(world.config.outboxDir, shopper.email, /reset/i),
      'reset-password',
    )!;
    const hashed = hashes.made;
    const reset = await post(
      servers[1]!,
      '/reset-password',
      { token, password: 'lotus-garden-9' },
      { address: asker },
    );
    expect(reset.status).toBe(200);
    expect(hashes.made).toBe(hashed + 1);
  });

  it('refuses a token that is not in the form of a mailed link before any database work', async () => {
    const flooder = freshAddress();
    // Too long, too short, or with letters a mailed link never has.
    const wrongShapes = [
      () => randomBytes(32).toString('hex'),
      () => randomBytes(24).toString('base64url'),
      () => `${randomBytes(32).toString('base64url').slice(0, 42)}.`,
    ];
    const answers = await burst(30, (base, i) =>
      post(
        base,
        '/reset-password',
        { token: wrongShapes[i % wrongShapes.length]!(), password: 'new-password-1' },
        { address: flooder },
      ),
    );
    expect(statusesOf(answers)).toEqual({ 400: 30 });
    for (const answer of answers) expect(answer.body.message).toBe(RESET_LINK_INVALID);
    // Not even counted: the throttle's statement is database work too.
    expect(await hitsOf('password-reset-attempt-ip', flooder)).toBe(0);
  });
});

describe('refusals answered from memory', { timeout: BURST_TIMEOUT_MS }, () => {
  it('refuses the rest of a flood without a statement each, and still holds the limit across servers', async () => {
    const flooder = freshAddress();
    const reset = (base: string) =>
      post(
        base,
        '/reset-password',
        { token: madeUpToken(), password: 'new-password-1' },
        { address: flooder },
      );
    const answers = await burst(100, reset);
    // The database decides the allowance, whichever server answers.
    expect(statusesOf(answers)).toEqual({ 400: 20, 429: 80 });
    expectRefusals(answers, RESET_FLOOD);
    // The 20 allowed, then one refusal per server (two, had a busy machine kept a request past
    // the memory's 5 seconds): the rest were answered from its memory.
    expect(await hitsOf('password-reset-attempt-ip', flooder)).toBeLessThanOrEqual(
      20 + 2 * servers.length,
    );

    const again = await burst(40, reset);
    expect(statusesOf(again)).toEqual({ 429: 40 });
    expectRefusals(again, RESET_FLOOD);
    // At most one more statement per server (had its memory of the refusal lapsed meanwhile).
    expect(await hitsOf('password-reset-attempt-ip', flooder)).toBeLessThanOrEqual(
      20 + 3 * servers.length,
    );
  });

  it('forgets a refusal once a success in the same process gives its place back', async () => {
    const office = freshAddress();
    const { shopper } = await signUpFrom(office);
    // More than the 10 in a row of one account and address at once, on one server: the ones past
    // 10 wait (the others are still pending), and the successes then end the run.
    const answers = await burst(16, (base) => post(base, '/login', shopper, { address: office }), [
      servers[0]!,
    ]);
    const statuses = statusesOf(answers);
    expect(statuses[200]).toBeGreaterThanOrEqual(10);
    expect(statuses[429]).toBeGreaterThanOrEqual(1);
    expect((statuses[200] ?? 0) + (statuses[429] ?? 0)).toBe(16);
    // The database lets her in again at once, so the server that saw the refusal must too.
    expect((await post(servers[0]!, '/login', shopper, { address: office })).status).toBe(200);
  });
});

describe('change password', { timeout: BURST_TIMEOUT_MS }, () => {
  it('checks at most 10 wrong current passwords of a burst from one address', async () => {
    const home = freshAddress();
    const { shopper, accessToken } = await signUpFrom(home);
    const answers = await burst(40, (base, i) =>
      post(
        base,
        '/change-password',
        { currentPassword: `guess-${i}`, newPassword: 'lotus-garden-9' },
        { address: home, token: accessToken },
      ),
    );
    expect(statusesOf(answers)).toEqual({ 400: 10, 429: 30 });
    for (const answer of answers.filter((a) => a.status === 400)) {
      expect(answer.body.message).toBe(WRONG_CURRENT);
    }
    expectRefusals(answers, CHANGE_LOCKED);
    const body = { currentPassword: shopper.password, newPassword: 'lotus-garden-9' };
    const again = await post(servers[0]!, '/change-password', body, {
      address: home,
      token: accessToken,
    });
    expect(again.status).toBe(429);
    const elsewhere = await post(servers[1]!, '/change-password', body, {
      address: freshAddress(),
      token: accessToken,
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('TRUST_PROXY', { timeout: BURST_TIMEOUT_MS }, () => {
  it('a list of proxies: made-up X-Forwarded-For entries give no fresh allowance', async () => {
    const { shopper } = await signUpFrom(freshAddress());
    const client = freshAddress();
    const answers = await burst(40, (base, i) =>
      post(
        base,
        '/login',
        { email: shopper.email, password: `guess-${i}` },
        { address: client, forged: madeUp() },
      ),
    );
    expect(statusesOf(answers)).toEqual({ 401: 10, 429: 30 });
  });

  it('a hop count: the address the nearest proxy saw counts, made-up entries before it do not', async () => {
    const behindOneProxy = await buildApp({
      config: { ...world.config, trustProxy: 1 },
      database: world.database,
    });
    try {
      const base = await behindOneProxy.listen({ port: 0, host: '127.0.0.1' });
      const { shopper } = await signUpFrom(freshAddress());
      const client = freshAddress();
      const answers = await burst(
        40,
        (to, i) =>
          post(
            to,
            '/login',
            { email: shopper.email, password: `guess-${i}` },
            { address: client, forged: madeUp() },
          ),
        [base],
      );
      expect(statusesOf(answers)).toEqual({ 401: 10, 429: 30 });
      // Another shopper behind the same proxy is another address.
      const neighbour = await post(base, '/login', shopper, { address: freshAddress() });
      expect(neighbour.status).toBe(200);
    } finally {
      await behindOneProxy.close();
    }
  });

  it('a hop count believes only proxies on loopback or private networks', () => {
    const oneHop = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect(oneHop('127.0.0.1', 0)).toBe(true);
    expect(oneHop('::ffff:10.1.2.3', 0)).toBe(true);
    expect(oneHop('192.168.4.5', 0)).toBe(true);
    expect(oneHop('fd00::1', 0)).toBe(true);
    // A client reaching the shop directly cannot write its own address.
    expect(oneHop('198.51.100.7', 0)).toBe(false);
    expect(oneHop('10.0.0.2', 1)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});

describe('public PIN lookups', { timeout: BURST_TIMEOUT_MS }, () => {
  it('answers 60 of 200 distinct PINs from one IPv6 /64 at once; another /64 is still served', async () => {
    const pins = await directoryPins(200);
    const sameLine = freshIpv6Network();
    const answers = await burst(200, (base, i) =>
      get(base, `/api/pincode/${pins[i]}`, sameLine(i)),
    );
    expect(statusesOf(answers)).toEqual({ 200: 60, 429: 140 });
    expectRefusals(answers, LOOKUPS_USED);
    const elsewhere = freshIpv6Network();
    expect((await get(servers[1]!, `/api/pincode/${pins[0]}`, elsewhere(0))).status).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two server processes on one PostgreSQL',
  { timeout: BURST_TIMEOUT_MS },
  () => {
    let drop = async () => {};
    const shops: ShopProcess[] = [];

    beforeAll(async () => {
      const scratch = (await createScratchDatabase('shop_bursts'))!;
      drop = scratch.drop;
      const env = { TRUST_PROXY: '127.0.0.1' };
      // One after the other: the first migrates and seeds the new database.
      shops.push(await startShop('A', scratch.url, env));
      shops.push(await startShop('B', scratch.url, env));
    }, 180_000);
    afterAll(async () => {
      await Promise.all(shops.map((shop) => stopShop(shop)));
      await drop();
    }, 60_000);

    const bases = () => shops.map((shop) => shop.url);

    it('spends each allowance exactly once across both processes', async () => {
      const home = freshAddress();
      const shopper = newShopper();
      const created = await call(shops[0]!, 'POST', '/api/auth/signup', {
        body: shopper,
        headers: { 'x-forwarded-for': home },
      });
      expect(created.status).toBe(201);

      const guesser = freshAddress();
      const guesses = await burst(
        40,
        (base, i) =>
          post(
            base,
            '/login',
            { email: shopper.email, password: `guess-${i}` },
            { address: guesser },
          ),
        bases(),
      );
      expect(statusesOf(guesses)).toEqual({ 401: 10, 429: 30 });
      expect((await post(bases()[1]!, '/login', shopper, { address: home })).status).toBe(200);

      const network = freshAddress();
      const signUps = await burst(
        70,
        (base) => post(base, '/signup', newShopper(), { address: network }),
        bases(),
      );
      expect(statusesOf(signUps)).toEqual({ 201: 50, 429: 20 });

      const resets = await burst(
        100,
        (base) =>
          post(base, '/forgot-password', { email: shopper.email }, { address: freshAddress() }),
        bases(),
      );
      expect(statusesOf(resets)).toEqual({ 200: 5, 429: 95 });
      const mails = (await Promise.all(shops.map((shop) => readOutbox(`${shop.dataDir}/outbox`))))
        .flat()
        .filter((mail) => mail.to.includes(shopper.email) && /reset/i.test(mail.subject));
      expect(mails).toHaveLength(5);

      // PIN lookups from one IPv6 /64, spread over both processes: one allowance of 60.
      const pins = await directoryPins(100);
      const sameLine = freshIpv6Network();
      const lookups = await burst(
        100,
        (base, i) => get(base, `/api/pincode/${pins[i]}`, sameLine(i)),
        bases(),
      );
      expect(statusesOf(lookups)).toEqual({ 200: 60, 429: 40 });
    });
  },
);
