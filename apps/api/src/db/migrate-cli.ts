/**
 * `npm run migrate`: brings the database of DATABASE_URL (or DATA_DIR's embedded one) to this
 * code's schema. Safe to run while other processes start or run: it waits for any migration under
 * way and refuses a database that newer code has migrated.
 */
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { exitWithStartupProblem } from '../startup-problems.ts';

try {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
  });
  try {
    const applied = await migrateDatabase(database, config.databaseUrl);
    console.log(
      applied === 0
        ? 'The database schema is up to date.'
        : `Applied ${applied} migration${applied === 1 ? '' : 's'}.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  exitWithStartupProblem(error);
}
