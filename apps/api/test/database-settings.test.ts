import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client.ts';
import { createScratchDatabase } from './test-app.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL pool', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase('pool_settings');
    database = await openDatabase({ databaseUrl: scratch!.url });
  });

  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('plans for many small statements: no JIT, no parallel workers', async () => {
    const [row] = await queryRows<{ jit: string; workers: string }>(
      database.db,
      sql`select current_setting('jit') as jit,
            current_setting('max_parallel_workers_per_gather') as workers`,
    );
    expect(row).toEqual({ jit: 'off', workers: '0' });
  });
});
