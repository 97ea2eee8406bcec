/**
 * `npm run seed [-- --products 10000]`: migrates the database of DATABASE_URL (or DATA_DIR's
 * embedded one), puts the demo catalogue, content and discount codes in when it never had them,
 * then grows the catalogue with generated products to the number given.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { exitWithStartupProblem } from '../../startup-problems.ts';
import { openDatabase } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import { generateCatalogue } from './generated-catalogue.ts';
import { seedDatabase } from './seed.ts';
import { openMediaStore } from '../../features/media/media-store.ts';

const { values } = parseArgs({ options: { products: { type: 'string' } } });
const total = Number(values.products ?? 0);
if (!Number.isInteger(total) || total < 0) {
  console.error('Usage: npm run seed -- --products <count>');
  process.exit(1);
}
try {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
  });
  try {
    const started = performance.now();
    await migrateDatabase(database, config.databaseUrl);
    const media = await openMediaStore(config);
    const { seeded } = await seedDatabase(database.db, {
      mediaDir: config.mediaDir,
      media,
      demo: true,
    }).finally(() => media.close());
    const added = total > 0 ? await generateCatalogue(database.db, { total }) : 0;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      [
        seeded
          ? 'Seeded the demo catalogue, content and discount codes.'
          : 'The demo data was put in before (or the shop has its own catalogue): not seeded again.',
        total > 0 ? `Added ${added} generated products.` : '',
        `(${seconds} s)`,
      ]
        .filter(Boolean)
        .join(' '),
    );
  } finally {
    await database.close();
  }
} catch (error) {
  exitWithStartupProblem(error);
}
