/**
 * `npm run seed -- --products 10000`: seeds the database of DATA_DIR (or DATABASE_URL) when it is
 * empty, then grows the catalogue with generated products to the number given.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { generateCatalogue } from './generated-catalogue.ts';
import { seedDatabase } from './seed.ts';

const { values } = parseArgs({ options: { products: { type: 'string' } } });
const total = Number(values.products ?? 0);
if (!Number.isInteger(total) || total < 0) {
  console.error('Usage: npm run seed -- --products <count>');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: join(config.dataDir, 'pglite'),
});
const started = performance.now();
const { seeded } = await seedDatabase(database.db, { mediaDir: config.mediaDir });
const added = total > 0 ? await generateCatalogue(database.db, { total }) : 0;
console.log(
  `${seeded ? 'Seeded the catalogue; ' : ''}added ${added} generated products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
await database.close();
