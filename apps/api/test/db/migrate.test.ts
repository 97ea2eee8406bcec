import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test-app.ts';
import { openDatabase, queryRows, type DatabaseHandle } from '../../src/db/client.ts';
import { applyFunctions, migrateDatabase, migrationStatus } from '../../src/db/migrate.ts';

// On PostgreSQL when the suite has one (TEST_DATABASE_URL), else on an in-memory PGlite.
let database: DatabaseHandle;
let dropScratch = async () => {};
let databaseUrl: string | undefined;

beforeAll(async () => {
  const scratch = await createScratchDatabase('shop_migrate_unit');
  databaseUrl = scratch?.url;
  if (scratch) dropScratch = scratch.drop;
  database = await openDatabase({ databaseUrl });
});

afterAll(async () => {
  await database?.close();
  await dropScratch();
});

const definitionOf = async (name: string) =>
  (
    await queryRows<{ source: string }>(
      database.db,
      sql`select pg_get_functiondef(p.oid) as source from pg_proc p where p.proname = ${name}`,
    )
  )[0]?.source;

describe('migrations and database functions', () => {
  it('migrates a new database to the code, then finds nothing left to do', async () => {
    expect((await migrationStatus(database.db)).pending).toBeGreaterThan(10);
    const applied = await migrateDatabase(database, databaseUrl);
    expect(applied).toBeGreaterThan(10);
    expect(await migrationStatus(database.db)).toEqual({ pending: 0, newerThanCode: false });
    expect(await migrateDatabase(database, databaseUrl)).toBe(0);
    // Every function file was applied with the migrations.
    expect(await definitionOf('record_stock_movement')).toContain('stock_movements');
    // Placing and settling are TypeScript workflows: their functions are gone, and so are the
    // ones only they called.
    for (const gone of [
      'settle_payment',
      'place_order',
      'place_cart_order',
      'settle_paid_payment',
      'discount_reading',
      'discount_reading_basis',
      'ordered_lines_leave_cart',
      'cart_stamp',
    ]) {
      expect(await definitionOf(gone), gone).toBeUndefined();
    }
    expect(await applyFunctions(database.db)).toEqual([]);
  });

  it('re-applies a function whose source differs from what was applied, and only that one', async () => {
    // As if the database still had an older version of the function.
    await database.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION "notify_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RETURN NULL; END; $$`),
    );
    await database.db.execute(
      sql`update shop_state set value = 'an older digest' where key = 'function:notify_user_change'`,
    );
    expect(await applyFunctions(database.db)).toEqual(['notify_user_change']);
    expect(await definitionOf('notify_user_change')).toContain("pg_notify('user_changes'");
    expect(await applyFunctions(database.db)).toEqual([]);
  });

  it('tells a database migrated by newer code', async () => {
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${Date.now() + 86_400_000})`,
    );
    try {
      expect(await migrationStatus(database.db)).toEqual({ pending: 0, newerThanCode: true });
      await expect(migrateDatabase(database, databaseUrl)).rejects.toThrow(
        'The database schema is newer than this code',
      );
    } finally {
      await database.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'newer'`);
    }
  });
});
