// The products CSV: the export's format (one row per product, colour and size, rupees, formula
// cells defused), the import's dry run with every error at its row and column, the confirmed
// import as one transaction through the form's write path, and the round trip changing nothing.
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCsvColumns, productCsvMessages } from '@shop/contracts/products-csv';
import { productFormMessages } from '@shop/contracts/products-admin';
import { productRuleMessages } from '@shop/domain/products';
import { queryRows } from '../src/db/client.ts';
import { createProductsAdminRepository } from '../src/features/catalogue/products-admin.repository.ts';
import { createProductsAdminService } from '../src/features/catalogue/products-admin.service.ts';
import {
  createProductsCsvService,
  importIdOf,
} from '../src/features/catalogue/products-csv.service.ts';
import { send } from './auth-helpers.ts';
import { backOfficeSession, multipartBody } from './media-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: Awaited<ReturnType<typeof backOfficeSession>>;
type Row = Record<(typeof productCsvColumns)[number], string>;

async function exportCsv(token = owner.accessToken) {
  const response = await world.app.inject({
    method: 'GET',
    url: '/api/admin/products/export.csv',
    headers: { authorization: `Bearer ${token}` },
  });
  return response;
}

const rowsOf = (csv: string): Row[] => parse(csv, { bom: true, columns: true });
const csvOf = (rows: Row[]) => stringify(rows, { header: true, columns: [...productCsvColumns] });

async function upload(csv: string | Buffer, confirm?: string, token = owner.accessToken) {
  const body = multipartBody(Buffer.from(csv), {
    filename: 'products.csv',
    contentType: 'text/csv',
  });
  const response = await world.app.inject({
    method: 'POST',
    url: `/api/admin/products/import${confirm ? `?confirm=${confirm}` : ''}`,
    payload: body.payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
  });
  return { status: response.statusCode, body: response.json() };
}

const count = async (table: 'audit_entries' | 'stock_movements' | 'products') =>
  Number(
    (
      await queryRows<{ n: string }>(
        world.database.db,
        sql`select count(*) as n from ${sql.raw(table)}`,
      )
    )[0]!.n,
  );

/** The price the storefront shows (through its read cache and read model). */
async function priceOf(slug: string) {
  const [product] = await queryRows<{ id: string }>(
    world.database.db,
    sql`select id from products where slug = ${slug}`,
  );
  return (await send(world.app, 'GET', `/api/product/${product!.id}`)).body.data?.price as number;
}

beforeAll(async () => {
  world = await createTestWorld();
  owner = await backOfficeSession(world, 'owner');
});
afterAll(async () => {
  await world?.close();
});

describe('export', () => {
  it('answers one row per product, colour and size with stock, rupees and the re-create fields', async () => {
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename=".+\.csv"/);
    expect(response.body.split('\n')[0]).toBe(`\uFEFF${productCsvColumns.join(',')}`);
    const rows = rowsOf(response.body);
    const sizes = await queryRows<{ n: string }>(
      world.database.db,
      sql`select count(*) as n from product_size_stock`,
    );
    expect(rows).toHaveLength(Number(sizes[0]!.n));
    const [product] = await queryRows<{ slug: string; price_paise: number; id: string }>(
      world.database.db,
      sql`select id, slug, price_paise from products order by position limit 1`,
    );
    const [size] = await queryRows<{ color_name: string; size: string; stock: number }>(
      world.database.db,
      sql`select c.color_name, s.size, s.stock from product_size_stock s
            join product_colors c on c.id = s.color_id
           where c.product_id = ${product!.id}::uuid order by c.position, s.position limit 1`,
    );
    expect(rows[0]).toMatchObject({
      slug: product!.slug,
      price: String(product!.price_paise / 100),
      colour: size!.color_name,
      size: size!.size,
      stock: String(size!.stock),
      active: expect.stringMatching(/^(yes|no)$/),
    });
    expect(rows[0]!.photos).toMatch(/^(\/media\/|https:\/\/)/);
    expect(rows[0]!.category).not.toBe('');
  });

  it('defuses a cell a spreadsheet would run as a formula, and reads it back as typed', async () => {
    const options = (
      await send(world.app, 'GET', '/api/admin/products/options', { token: owner.accessToken })
    ).body.data;
    const created = await send(world.app, 'POST', '/api/admin/products', {
      token: owner.accessToken,
      body: {
        name: 'Formula Brief',
        slug: 'formula-brief',
        categoryId: options.categories[0]._id,
        price: 499,
        colors: [
          {
            colorName: '=HYPERLINK("http://evil.example","x")',
            colorHex: '#000000',
            photos: [{ url: '/media/test/f.jpg', alt: 'Front' }],
            sizeStock: [{ size: 'M', stock: 2 }],
          },
        ],
        isActive: true,
        countryOfOrigin: 'India',
        manufacturer: '@home, -Bengaluru',
      },
    });
    expect(created.status).toBe(201);
    const text = (await exportCsv()).body;
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    const row = rowsOf(text).find((entry) => entry.slug === 'formula-brief')!;
    expect(row.manufacturer).toBe("'@home, -Bengaluru");
    const plan = await upload(csvOf([row]));
    expect(plan.body.data).toMatchObject({ errors: [], products: { unchanged: 1, update: 0 } });
  });
});

describe('round trip', () => {
  it('re-importing an export changes nothing: all rows unchanged, no audit entry, no stock movement', async () => {
    const csv = (await exportCsv()).body;
    const dry = await upload(csv);
    expect(dry.status).toBe(200);
    const total = rowsOf(csv).length;
    expect(dry.body.data).toMatchObject({
      confirmed: false,
      errors: [],
      rows: { total, create: 0, update: 0, unchanged: total },
      changes: [],
    });
    const audits = await count('audit_entries');
    const movements = await count('stock_movements');
    const confirmed = await upload(csv, dry.body.data.importId);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ confirmed: true, rows: { unchanged: total } });
    expect(await count('audit_entries')).toBe(audits);
    expect(await count('stock_movements')).toBe(movements);
    expect((await exportCsv()).body).toBe(csv);
  });
});

describe('import', () => {
  let rows: Row[];
  let target: Row;
  beforeAll(async () => {
    rows = rowsOf((await exportCsv()).body);
    target = rows.find((row) => row.slug !== 'formula-brief' && Number(row.price) < 2000)!;
  });
  const productRows = (slug: string) => rows.filter((row) => row.slug === slug);

  it('answers a dry run with every error at its row and column, and changes nothing', async () => {
    const edited = productRows(target.slug).map((row) => ({ ...row, price: '999' }));
    const [first, second] = rows
      .filter((row) => row.slug !== target.slug && row.slug !== 'formula-brief')
      .reduce<Row[][]>((groups, row) => {
        const group = groups.find((entry) => entry[0]!.slug === row.slug);
        if (group) group.push(row);
        else groups.push([row]);
        return groups;
      }, [])
      .filter((group) => group.length >= 2);
    const file = [
      ...edited, // rows 2…
      { ...first![0]!, price: 'abc' },
      ...first!.slice(1, 2).map((row) => ({ ...row, price: 'abc' })),
      { ...second![0]!, slug: 'new-one', name: 'New One', category: 'Nowhere' },
      { ...second![0]!, slug: 'new-two', name: 'New Two', colour: 'Rose', photos: '' },
      { ...second![0]!, slug: 'new-two', name: 'New Two', colour: 'Rose', photos: '', size: 'S' },
      { ...second![0]!, slug: 'new-two', name: 'New Two', colour: 'Rose', photos: '', size: 's' },
      { ...second![0]!, slug: 'new-three', name: 'New Three', price: '2800', mrp: '' },
    ];
    const base = edited.length + 1;
    const dry = await upload(csvOf(file));
    expect(dry.status).toBe(200);
    const { errors } = dry.body.data;
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: base + 1, column: 'price', message: productFormMessages.price },
        {
          row: base + 3,
          column: 'category',
          message: productCsvMessages.categoryUnknown('Nowhere'),
        },
        { row: base + 4, column: 'photos', message: productCsvMessages.noPhoto },
        { row: base + 6, column: 'size', message: productRuleMessages.sizeTwice('s', 'Rose') },
        { row: base + 7, column: 'price', message: productRuleMessages.gstGap },
      ]),
    );
    expect(dry.body.data.changes).toEqual([
      expect.objectContaining({
        slug: target.slug,
        action: 'update',
        firstRow: 2,
        changes: [`price: ${target.price} → 999`],
      }),
    ]);
    expect(dry.body.data.rows.update).toBe(edited.length);
    expect(await priceOf(target.slug)).toBe(Number(target.price));

    // Confirming a file with errors imports none of it, the good product included.
    const refused = await upload(csvOf(file), dry.body.data.importId);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(productCsvMessages.hasErrors);
    expect(await priceOf(target.slug)).toBe(Number(target.price));
  });

  it('refuses a confirmation naming another file', async () => {
    const csv = csvOf(productRows(target.slug).map((row) => ({ ...row, price: '899' })));
    const dry = await upload(csv);
    const changed = csv.replace(/,899,/g, ',799,');
    const refused = await upload(changed, dry.body.data.importId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(productCsvMessages.changed);
    expect(await priceOf(target.slug)).toBe(Number(target.price));
  });

  it('confirmed, creates and updates through the form’s write path: audit, stock as a count, storefront', async () => {
    const edited = productRows(target.slug).map((row, index) =>
      index === 0
        ? { ...row, price: '899', stock: String(Number(row.stock) + 5) }
        : { ...row, price: '899' },
    );
    const created = {
      ...edited[0]!,
      slug: 'csv-made-brief',
      name: 'CSV Made Brief',
      stock: '4',
      price: '650',
    };
    const csv = csvOf([...edited, created]);
    const dry = await upload(csv);
    expect(dry.body.data).toMatchObject({ errors: [], products: { create: 1, update: 1 } });
    expect(dry.body.data.importId).toBe(importIdOf(Buffer.from(csv)));
    const done = await upload(csv, dry.body.data.importId);
    expect(done.status).toBe(200);
    expect(done.body.data.confirmed).toBe(true);
    expect(await priceOf(target.slug)).toBe(899);
    expect(await priceOf('csv-made-brief')).toBe(650);
    const [made] = await queryRows<{ id: string }>(
      world.database.db,
      sql`select id from products where slug = 'csv-made-brief'`,
    );
    const audit = await queryRows<{ action: string; entity_id: string }>(
      world.database.db,
      sql`select action, entity_id from audit_entries where action like 'product.import-%'`,
    );
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'product.import-create',
      'product.import-update',
    ]);
    expect(audit.map((entry) => entry.entity_id)).toContain(made!.id);
    const movements = await queryRows<{ reason: string; delta: number; note: string }>(
      world.database.db,
      sql`select m.reason, m.delta, m.note from stock_movements m join products p on p.id = m.product_id
           where p.slug = ${target.slug} order by m.id desc limit 1`,
    );
    expect(movements).toEqual([{ reason: 'count', delta: 5, note: 'Set by a CSV import' }]);
  });

  it('is all or nothing: a failure at the last product leaves the earlier ones unwritten', async () => {
    const repository = createProductsAdminRepository();
    const products = createProductsAdminService({
      db: world.database.db,
      repository,
      catalogueChanged: async () => {},
      newProductThreshold: async () => 3,
    });
    let saved = 0;
    const service = createProductsCsvService({
      db: world.database.db,
      repository,
      products: {
        newProductThreshold: async () => 3,
        async saveIn(...args) {
          saved += 1;
          if (saved === 2) throw new Error('disk full');
          return products.saveIn(...args);
        },
      },
      catalogueChanged: async () => {},
    });
    const csv = Buffer.from(
      csvOf([
        { ...target, slug: 'atomic-one', name: 'Atomic One' },
        { ...target, slug: 'atomic-two', name: 'Atomic Two' },
      ]),
    );
    const before = await count('products');
    await expect(
      service.confirm(csv, importIdOf(csv), { userId: owner.user.id, email: owner.shopper.email }),
    ).rejects.toThrow('disk full');
    expect(saved).toBe(2);
    expect(await count('products')).toBe(before);
  });

  it('refuses a file that is not CSV, has no rows, lacks a column or is over 5 MB', async () => {
    expect((await upload('slug,name\n')).body.message).toBe(productCsvMessages.empty);
    const missing = await upload('slug,name\nx,X\n');
    expect(missing.body.data.errors).toContainEqual({
      row: 1,
      column: 'price',
      message: productCsvMessages.missingColumn('price'),
    });
    expect((await upload('a,"b\n1,2\n')).status).toBe(400);
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 'a'));
    expect(big.status).toBe(413);
    const notMultipart = await send(world.app, 'POST', '/api/admin/products/import', {
      token: owner.accessToken,
      body: { file: 'x' },
    });
    expect(notMultipart.status).toBe(415);
  });

  it('is for staff and owners only', async () => {
    const shopper = await backOfficeSession(world, 'staff');
    expect((await exportCsv(shopper.accessToken)).statusCode).toBe(200);
    const anonymous = await world.app.inject({ url: '/api/admin/products/export.csv' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('package declarations', () => {
  it('exports and imports the generic name and net quantity; a file without those columns keeps them', async () => {
    const rows = rowsOf((await exportCsv()).body);
    const slug = rows.find((row) => row.slug !== 'formula-brief')!.slug;
    const own = rows.filter((row) => row.slug === slug);
    expect(own[0]!.net_quantity).not.toBe('');
    const packed = own.map((row) => ({
      ...row,
      generic_name: 'Brassiere',
      net_quantity: 'Pack of 3',
    }));
    const dry = await upload(csvOf(packed));
    expect(dry.body.data).toMatchObject({ errors: [], products: { update: 1 } });
    expect(JSON.stringify(dry.body.data.changes)).toContain('Pack of 3');
    expect((await upload(csvOf(packed), dry.body.data.importId)).status).toBe(200);
    const [product] = await queryRows<{ id: string }>(
      world.database.db,
      sql`select id from products where slug = ${slug}`,
    );
    const shown = (await send(world.app, 'GET', `/api/product/${product!.id}`)).body.data;
    expect(shown).toMatchObject({ genericName: 'Brassiere', netQuantity: 'Pack of 3' });

    // A file made before these columns existed changes neither.
    const older = (await exportCsv()).body;
    const columns = productCsvColumns.filter(
      (column) => column !== 'generic_name' && column !== 'net_quantity',
    );
    const withoutThem = stringify(
      rowsOf(older).filter((row) => row.slug === slug),
      { header: true, columns },
    );
    const plan = await upload(withoutThem);
    expect(plan.body.data).toMatchObject({ errors: [], products: { unchanged: 1, update: 0 } });
  });
});
