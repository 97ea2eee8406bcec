/**
 * The products CSV import at scale: a file of ROWS rows (5,000) — PRODUCTS new products of two
 * colours and five sizes each, 10 rows a product — checked as a dry run and then confirmed, on a
 * freshly seeded shop in this process (PGlite, or PostgreSQL with TEST_DATABASE_URL as the API
 * tests take it). It reports the time of each call and of a second confirmed import in which every
 * price changed (5,000 updates), through the same routes the back office calls.
 *
 *   npm run bench:products-import   (ROWS=5000)
 *
 * Goal (issue 24): 5,000 rows import in under a minute on this machine.
 */
import { stringify } from 'csv-stringify/sync';
import { productCsvColumns } from '@shop/contracts/products-csv';
import { backOfficeSession, multipartBody } from '../apps/api/test/media-helpers.ts';
import { createTestWorld } from '../apps/api/test/test-app.ts';

const rowCount = Number(process.env.ROWS ?? 5000);
const sizes = ['S', 'M', 'L', 'XL', 'XXL'];
const colours = [
  ['Black', '#1A1A1A'],
  ['Blush', '#F4C2C2'],
] as const;

function fileOf(categoryName: string, priceOf: (index: number) => number): Buffer {
  const rows: string[][] = [];
  for (let product = 0; rows.length < rowCount; product += 1) {
    for (const [colour, hex] of colours) {
      for (const [sizeIndex, size] of sizes.entries()) {
        if (rows.length >= rowCount) break;
        rows.push([
          `bench-brief-${product}`,
          `Bench Brief ${product}`,
          categoryName,
          '',
          String(priceOf(product)),
          '1999',
          'bench|cotton',
          colour,
          hex,
          `/media/bench/${product}-${colour.toLowerCase()}-1.jpg|/media/bench/${product}-${colour.toLowerCase()}-2.jpg`,
          size,
          String((product + sizeIndex) % 20),
          'yes',
          '621210',
          'India',
          'Lacebloom Retail, Bengaluru',
        ]);
      }
    }
  }
  return Buffer.from(stringify(rows, { header: true, columns: [...productCsvColumns] }));
}

const world = await createTestWorld();
try {
  const owner = await backOfficeSession(world, 'owner');
  const options = (
    await world.app.inject({
      url: '/api/admin/products/options',
      headers: { authorization: `Bearer ${owner.accessToken}` },
    })
  ).json().data as { categories: { name: string }[] };

  async function timed(label: string, bytes: Buffer, confirm?: string) {
    const body = multipartBody(bytes, { filename: 'products.csv', contentType: 'text/csv' });
    const started = performance.now();
    const response = await world.app.inject({
      method: 'POST',
      url: `/api/admin/products/import${confirm ? `?confirm=${confirm}` : ''}`,
      payload: body.payload,
      headers: { authorization: `Bearer ${owner.accessToken}`, 'content-type': body.contentType },
    });
    const seconds = (performance.now() - started) / 1000;
    const answer = response.json();
    if (response.statusCode !== 200) throw new Error(`${label}: ${response.body.slice(0, 500)}`);
    const { rows, products, errors } = answer.data;
    console.log(
      `${label.padEnd(34)} ${seconds.toFixed(2).padStart(7)} s  rows ${JSON.stringify(rows)} products ${JSON.stringify(products)} errors ${errors.length}`,
    );
    return answer.data.importId as string;
  }

  const category = options.categories[0]!.name;
  const created = fileOf(category, () => 799);
  console.log(
    `${rowCount} rows, ${(created.length / 1024).toFixed(0)} KiB, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  const id = await timed('dry run (all new)', created);
  await timed('confirm (create)', created, id);
  const repriced = fileOf(category, (product) => 800 + (product % 50));
  const again = await timed('dry run (every price changed)', repriced);
  await timed('confirm (update)', repriced, again);
  await timed('dry run (unchanged re-import)', repriced);
} finally {
  await world.close();
}
