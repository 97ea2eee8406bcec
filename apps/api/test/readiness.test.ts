// Readiness (`GET /api/health/ready`) as a load balancer reads it: 503 whenever the shop cannot
// serve, with a body that names the check that failed. (The 200 answer is in startup.test.ts.)
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from './test-app.ts';

const worlds: TestWorld[] = [];
/** A shop of its own for each test: each one breaks its shop in its own way. */
async function newWorld(): Promise<TestWorld> {
  const world = await createTestWorld();
  worlds.push(world);
  return world;
}
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((world) => world.close()));
});

async function readiness(world: TestWorld) {
  const answer = await world.app.inject({ method: 'GET', url: '/api/health/ready' });
  return { status: answer.statusCode, body: answer.json() };
}

const notReady = (checks: { database: boolean; migrations: boolean; jobs: boolean }) => ({
  success: false,
  message: 'Not ready',
  data: { status: 'not-ready', checks },
});

/**
 * A transaction holding the migrations table (readiness's migration check waits on it) until
 * `release`; `lockTaken` once it holds it, `holding` once it has ended.
 */
function holdMigrationsTable(world: TestWorld) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const holding = world.database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
    locked();
    await released;
  });
  return { lockTaken, release: () => release(), holding };
}

describe('readiness answers 503 naming what failed', () => {
  it('when the database does not answer', async () => {
    const world = await newWorld();
    expect((await readiness(world)).status).toBe(200);
    if (world.databaseUrl) {
      // PostgreSQL refusing this shop's connections: the ones it holds are cut, new ones refused.
      const name = new URL(world.databaseUrl).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`alter database ${name} allow_connections false`);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [name],
        );
        expect(await readiness(world)).toEqual({
          status: 503,
          body: notReady({ database: false, migrations: false, jobs: true }),
        });
        // The pool connects again on demand: ready again once the database answers (a pooled
        // connection the database cut may be found dead by the first check after it).
        await admin.query(`alter database ${name} allow_connections true`);
        await expect
          .poll(async () => (await readiness(world)).status, { timeout: 10_000 })
          .toBe(200);
      } finally {
        await admin.query(`alter database ${name} allow_connections true`);
        await admin.end();
      }
    } else {
      // The embedded database closed under the running app.
      await world.database.close();
      expect(await readiness(world)).toEqual({
        status: 503,
        body: notReady({ database: false, migrations: false, jobs: true }),
      });
    }
  });

  it('when the database lacks a migration of this code', async () => {
    const world = await newWorld();
    expect((await readiness(world)).status).toBe(200);
    // As a database migrated by the release before this one: its newest migration not applied.
    await world.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect(await readiness(world)).toEqual({
      status: 503,
      body: notReady({ database: true, migrations: false, jobs: true }),
    });
  });

  it('when the database stops answering, within its own time limit', async () => {
    const world = await newWorld();
    expect((await readiness(world)).status).toBe(200);
    // A lock held on the migrations table leaves the check waiting, as an unanswering host would.
    const { lockTaken, release, holding } = holdMigrationsTable(world);
    try {
      await lockTaken;
      const answer = await readiness(world);
      expect(answer.status).toBe(503);
      expect(answer.body.data.checks).toMatchObject({ migrations: false, jobs: true });
      // PGlite is one session: the held transaction keeps even the ping waiting.
      expect(answer.body.data.checks.database).toBe(world.databaseUrl !== undefined);
    } finally {
      release();
      await holding;
    }
  });

  it('when the background jobs have stopped, as they do once the app closes', async () => {
    const world = await newWorld();
    expect((await readiness(world)).status).toBe(200);
    // A closing app takes no new request, so the probe must be under way when the close begins:
    // a transaction holding the migrations table keeps its database checks waiting meanwhile.
    const { lockTaken, release, holding } = holdMigrationsTable(world);
    await lockTaken;
    // Fastify announces each route handler it starts (node:diagnostics_channel).
    let handlerStarted = () => {};
    const started = new Promise<void>((resolve) => (handlerStarted = resolve));
    const onStart = (message: unknown) => {
      const { request } = message as { request?: { url?: string } };
      if (request?.url === '/api/health/ready') handlerStarted();
    };
    subscribe('tracing:fastify.request.handler:start', onStart);
    try {
      const probe = readiness(world);
      await started;
      await world.app.close();
      release();
      await holding;
      expect(await probe).toEqual({
        status: 503,
        body: notReady({ database: true, migrations: true, jobs: false }),
      });
    } finally {
      release();
      unsubscribe('tracing:fastify.request.handler:start', onStart);
    }
  });
});
