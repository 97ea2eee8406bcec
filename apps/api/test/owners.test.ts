// Who is an owner (the role `owner`): an ADMIN_EMAILS address once it is verified, or an account
// an operator named with `npm run owner`. Never an address alone.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { send, signUp } from './auth-helpers.ts';
import { startFakeGoogle } from './fake-google.ts';
import { eventually } from './order-helpers.ts';
import { followVerificationLink } from './owner-helpers.ts';
import { call, sharedSecrets } from './shop-processes.ts';
import { createScratchDatabase, createTestWorld, type TestWorld } from './test-app.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const redirectUri = 'https://shop.example.in/auth/google/callback';

let world: TestWorld;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let shop: { url: string };

beforeAll(async () => {
  google = await startFakeGoogle('owner-client-id.apps.example', 'owner-client-secret');
  world = await createTestWorld({
    ...google.env,
    ADMIN_EMAILS: 'Owner@Lacebloom.in, manager@lacebloom.in, partner@lacebloom.in',
    PUBLIC_URL: 'https://shop.example.in',
  });
  shop = { url: await world.app.listen({ port: 0, host: '127.0.0.1' }) };
});
afterAll(async () => {
  await world?.close();
  await google?.close();
});

const adminOrders = (token: string) => send(world.app, 'GET', '/api/admin/orders/desk', { token });

describe('ADMIN_EMAILS', () => {
  it('makes a listed address an owner only once its verification link is followed', async () => {
    // Whoever signs up first with the address gets a shopper's account, however hard he tries.
    const first = await signUp(world.app, { email: ' OWNER@lacebloom.in ' });
    expect(first.user).toMatchObject({ email: 'owner@lacebloom.in', role: 'customer' });
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? call(shop, 'GET', '/api/admin/orders/desk', { token: first.accessToken })
          : call(shop, 'PATCH', '/api/admin/orders/00000000-0000-4000-8000-000000000000/status', {
              token: first.accessToken,
              body: { status: 'shipped' },
            }),
      ),
    );
    for (const answer of burst) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Only the shop can do this');
    }
    expect(
      (await send(world.app, 'GET', '/api/auth/profile', { token: first.accessToken })).body,
    ).toMatchObject({ data: { role: 'customer' } });

    // The link mailed to the address proves it: the same session is an owner's from then on.
    const verified = await followVerificationLink(world, 'owner@lacebloom.in');
    expect(verified).toMatchObject({ emailVerified: true, role: 'owner' });
    const profile = await send(world.app, 'GET', '/api/auth/profile', {
      token: first.accessToken,
    });
    expect(profile.body.data.role).toBe('owner');
    expect((await adminOrders(first.accessToken)).status).toBe(200);
  });

  it('makes a listed address an owner when Google, having verified it, makes or links the account', async () => {
    const made = await send(world.app, 'POST', '/api/auth/google', {
      body: {
        code: google.issueCode(
          {
            sub: `google-manager-${Date.now()}`,
            email: 'Manager@Lacebloom.in',
            email_verified: true,
          },
          redirectUri,
        ),
        redirectUri,
      },
    });
    expect(made.status).toBe(200);
    expect(made.body.data.user).toMatchObject({ role: 'owner', emailVerified: true });
    expect((await adminOrders(made.body.data.accessToken)).status).toBe(200);

    // Someone signed up first with the partner's address; her Google sign-in takes it over.
    const intruder = await signUp(world.app, { email: 'partner@lacebloom.in' });
    expect(intruder.user.role).toBe('customer');
    const linked = await send(world.app, 'POST', '/api/auth/google', {
      body: {
        code: google.issueCode(
          {
            sub: `google-partner-${Date.now()}`,
            email: 'partner@lacebloom.in',
            email_verified: true,
          },
          redirectUri,
        ),
        redirectUri,
      },
    });
    expect(linked.body.data.user).toMatchObject({ role: 'owner', hasPassword: false });
    expect((await adminOrders(linked.body.data.accessToken)).status).toBe(200);
    expect((await adminOrders(intruder.accessToken)).status).toBe(401);
  });

  it('never makes an unlisted address an owner, verified or not', async () => {
    const { shopper, accessToken } = await signUp(world.app);
    await followVerificationLink(world, shopper.email);
    expect((await adminOrders(accessToken)).status).toBe(403);
  });
});

/** Runs a compiled command of apps/api/dist to its end; answers its exit code and output. */
function runCommand(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [`apps/api/dist/${script}.js`, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim() });
    });
  });
}

describe('npm run owner (the compiled command, as an operator runs it)', () => {
  // Its own database: a PGlite data folder (which one process at a time may open, so the shop
  // closes it while the command runs), or a database of the test PostgreSQL (where the shop keeps
  // running and sees the change at once).
  let dataDir: string;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let env: Record<string, string>;
  let running: { app: FastifyInstance; close: () => Promise<void> } | undefined;

  async function openShop() {
    const config = loadConfig(env);
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: join(config.dataDir, 'pglite'),
    });
    await migrateDatabase(database, config.databaseUrl);
    const app = await buildApp({ config, database });
    await app.ready();
    running = {
      app,
      close: async () => {
        await app.close();
        await database.close();
        running = undefined;
      },
    };
    return app;
  }

  /** Runs the command; on the embedded database the shop is stopped meanwhile. */
  async function owner(...args: string[]) {
    const embedded = !scratch;
    if (embedded) await running?.close();
    const result = await runCommand('owner', args, env);
    const app = embedded ? await openShop() : running!.app;
    return { ...result, app };
  }

  const roleOf = async (app: FastifyInstance, token: string) =>
    (await send(app, 'GET', '/api/auth/profile', { token })).body.data.role as string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shop-owner-'));
    scratch = await createScratchDatabase('shop_owner');
    env = {
      DATA_DIR: dataDir,
      ...sharedSecrets,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    };
    await openShop();
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes the account with that email an owner, and takes it back with --revoke', async () => {
    const ravi = await signUp(running!.app, { email: 'ravi.menon@example.in' });
    expect(ravi.user.role).toBe('customer');
    const signIn = async (app: FastifyInstance) => {
      const answer = await send(app, 'POST', '/api/auth/login', {
        body: { email: ravi.shopper.email, password: ravi.shopper.password },
      });
      return answer.body.data.accessToken as string;
    };

    const granted = await owner('--email', ' Ravi.Menon@Example.IN ');
    expect(granted).toMatchObject({
      code: 0,
      output: 'ravi.menon@example.in is now an owner of the shop.',
    });
    let token = scratch ? ravi.accessToken : await signIn(granted.app);
    // A running shop on the same PostgreSQL hears of the change from the database.
    await eventually(async () => (await roleOf(granted.app, token)) === 'owner');
    expect((await send(granted.app, 'GET', '/api/admin/orders/desk', { token })).status).toBe(200);
    // The operator's command is in the audit log, under its own name.
    const log = await send(
      granted.app,
      'GET',
      `/api/admin/audit?entity=staff&id=${ravi.user._id}`,
      {
        token,
      },
    );
    expect(log.body.data.entries).toEqual([
      expect.objectContaining({
        action: 'staff.role',
        actorId: null,
        actorEmail: 'npm run owner',
        before: { email: 'ravi.menon@example.in', role: 'customer' },
        after: { email: 'ravi.menon@example.in', role: 'owner' },
      }),
    ]);

    const revoked = await owner('--email', 'ravi.menon@example.in', '--revoke');
    expect(revoked).toMatchObject({
      code: 0,
      output: 'ravi.menon@example.in is no longer an owner of the shop.',
    });
    token = scratch ? token : await signIn(revoked.app);
    await eventually(async () => (await roleOf(revoked.app, token)) === 'customer');
    expect((await send(revoked.app, 'GET', '/api/admin/orders/desk', { token })).status).toBe(403);
  }, 120_000);

  it('says so in one line when no account has the email, or the email is not an address', async () => {
    const unknown = await owner('--email', 'nobody@example.in');
    expect(unknown).toMatchObject({
      code: 1,
      output: 'No account has the email nobody@example.in: sign up with it first.',
    });
    for (const args of [[], ['--email', 'twin<erin@example.com>'], ['--mail', 'a@example.in']]) {
      const refused = await runCommand('owner', args, env);
      expect(refused, args.join(' ')).toEqual({
        code: 1,
        output: 'Usage: npm run owner -- --email <address> [--revoke]',
      });
    }
  }, 120_000);
});
