// The back office's products: the whole product page saved in one transaction with the domain's
// rules on their fields, the storefront showing each save at once, delete meaning deactivate for a
// product in past orders, bulk actions, keyset lists, the audit log, and who may do it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productRuleMessages } from '@shop/domain/products';
import { productFormMessages, productInput, productInputOf } from '@shop/contracts/products-admin';
import { roleMessages } from '@shop/domain/roles';
import { queryRows } from '../src/db/client.ts';
import { seedProducts } from '../src/db/seed/catalogue-data.ts';
import { createAuthRepository } from '../src/features/auth/auth.repository.ts';
import { seedProductForm } from '../src/db/seed/seed.ts';
import { send, signUp } from './auth-helpers.ts';
import { allKeysetPages } from './keyset-pages.ts';
import { freshPhoto, uploadPhoto } from './media-helpers.ts';
import { followVerificationLink } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';
import { placeOrder } from './order-helpers.ts';

let world: TestWorld;
const app = () => world.app;
type Session = Awaited<ReturnType<typeof signUp>>;
let owner: Session;
let staff: Session;
let shopper: Session;
let options: {
  categories: { _id: string; name: string; subcategories: { _id: string; name: string }[] }[];
};

async function verifiedAccount() {
  const session = await signUp(app());
  await followVerificationLink(world, session.shopper.email);
  return session;
}

const admin = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  token = owner.accessToken,
) => send(app(), method, `/api/admin/products${url}`, { token, ...(body ? { body } : {}) });

let made = 0;
/** A valid product in the first category with a subcategory, two colours, a few sizes. */
function newProduct(overrides: Record<string, unknown> = {}) {
  made += 1;
  const category = options.categories.find((entry) => entry.subcategories.length > 0)!;
  return {
    name: `Test Lace Bralette ${made}`,
    subheading: 'Soft lace, no wire',
    description: 'A bralette for every day.',
    categoryId: category._id,
    subcategoryId: category.subcategories[0]!._id,
    price: 1299,
    originalPrice: 1599,
    tags: ['lace', 'everyday'],
    specifications: [
      { label: 'Fabric', description: 'Nylon lace' },
      { label: 'Care', description: 'Hand wash' },
    ],
    colors: [
      {
        colorName: 'Black',
        colorHex: '#1a1a1a',
        photos: [{ mediaId: null, url: '/media/test/black-1.jpg', alt: 'Black bralette, front' }],
        sizeStock: [
          { size: '32B', stock: 5 },
          { size: '34B', stock: 2 },
        ],
      },
      {
        colorName: 'Blush',
        colorHex: '#F4C2C2',
        photos: [{ mediaId: null, url: '/media/test/blush-1.jpg', alt: 'Blush bralette, front' }],
        sizeStock: [{ size: '34B', stock: 7 }],
      },
    ],
    isActive: true,
    countryOfOrigin: 'India',
    hsnCode: '621210',
    manufacturer: 'Lacebloom Retail, 14 Residency Road, Bengaluru',
    ...overrides,
  };
}

/** The product's answer as a save's body: what the form sends back. */
function asInput(product: Record<string, any>) {
  return {
    ...product,
    categoryId: product.category,
    subcategoryId: product.subcategory,
    colors: product.colors.map((color: Record<string, any>) => ({
      ...color,
      sizeStock: color.sizeStock.map((entry: { size: string; stock: number }) => ({
        ...entry,
        stockWas: entry.stock,
      })),
    })),
  };
}

const storefront = (id: string) => send(app(), 'GET', `/api/product/${id}`);
const auditOf = async (id: string) =>
  (
    await send(app(), 'GET', `/api/admin/audit?entity=product&id=${id}`, {
      token: owner.accessToken,
    })
  ).body.data.entries as { action: string; actorEmail: string; before: any; after: any }[];

beforeAll(async () => {
  world = await createTestWorld();
  owner = await verifiedAccount();
  const auth = createAuthRepository(world.database.db);
  await auth.setRoleByEmail(world.database.db, owner.shopper.email, 'owner');
  staff = await verifiedAccount();
  await auth.setRoleByEmail(world.database.db, staff.shopper.email, 'staff');
  shopper = await verifiedAccount();
  options = (await admin('GET', '/options')).body.data;
});
afterAll(async () => {
  await world?.close();
});

describe('the seeded catalogue', () => {
  it("was made by the product form's schema and service: it reads back as the seed data, audited by the seed", async () => {
    const seeded = seedProducts[0]!;
    const [row] = await queryRows<{ id: string }>(
      world.database.db,
      sql`select id from products where name = ${seeded.name}`,
    );
    const read = await admin('GET', `/${row!.id}`);
    expect(read.status).toBe(200);
    const product = read.body.data;
    const expected = productInput.parse(
      seedProductForm(seeded, {
        categoryId: product.category,
        subcategoryId: product.subcategory,
        sizeChartId: product.sizeChartId,
      }),
    );
    const { colors: readColors, ...readRest } = productInputOf(product);
    const { colors: expectedColors, ...expectedRest } = expected;
    expect(readRest).toEqual({ ...expectedRest, slug: product.slug });
    expect(readColors.map(({ _id, ...color }) => color)).toEqual(
      expectedColors.map((color) => ({
        ...color,
        colorHex: color.colorHex.toUpperCase(),
        sizeStock: color.sizeStock.map((entry) => ({ ...entry, stockWas: entry.stock })),
      })),
    );
    // The ratings and creation date the form does not edit are the seed's.
    expect(product.reviewCount).toBe(seeded.ratings.length);
    expect(Date.parse(product.createdAt)).toBeLessThan(
      Date.now() - (seeded.createdDaysAgo - 1) * 86_400_000,
    );
    expect(await auditOf(row!.id)).toEqual([
      expect.objectContaining({ action: 'product.create', actorEmail: 'seed' }),
    ]);
    const byKind = await queryRows<{ action: string; n: number }>(
      world.database.db,
      sql`select action, count(*)::int as n from audit_entries where actor_email = 'seed'
          group by action order by action`,
    );
    expect(byKind.map((entry) => entry.action)).toEqual([
      'banner.create',
      'category.create',
      'discount.create',
      'offer.create',
      'product.create',
      'size_chart.create',
      'subcategory.create',
    ]);
    expect(byKind.find((entry) => entry.action === 'product.create')?.n).toBe(seedProducts.length);
  });
});

describe('creating and reading a product', () => {
  it('saves the whole product page and answers the Product shape with the new fields', async () => {
    const created = await admin('POST', '', newProduct());
    expect(created.status).toBe(201);
    const product = created.body.data;
    expect(product).toMatchObject({
      name: expect.stringMatching(/^Test Lace Bralette/),
      slug: expect.stringMatching(/^test-lace-bralette-\d+$/),
      price: 1299,
      originalPrice: 1599,
      tags: ['lace', 'everyday'],
      specifications: [
        { label: 'Fabric', description: 'Nylon lace', order: 0 },
        { label: 'Care', description: 'Hand wash', order: 1 },
      ],
      isActive: true,
      countryOfOrigin: 'India',
      hsnCode: '621210',
      manufacturer: 'Lacebloom Retail, 14 Residency Road, Bengaluru',
      inPastOrders: false,
      inStock: true,
    });
    expect(product.colors).toHaveLength(2);
    expect(product.colors[0]).toMatchObject({
      colorName: 'Black',
      colorHex: '#1A1A1A',
      images: ['/media/test/black-1.jpg'],
      photos: [{ mediaId: null, url: '/media/test/black-1.jpg', alt: 'Black bralette, front' }],
      sizeStock: [
        { size: '32B', stock: 5 },
        { size: '34B', stock: 2 },
      ],
    });
    expect((await admin('GET', `/${product._id}`)).body.data).toEqual(product);

    // The storefront has it at once, searchable too.
    const page = await storefront(product._id);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      name: product.name,
      price: 1299,
      tags: ['lace', 'everyday'],
    });
    const found = await send(
      app(),
      'GET',
      `/api/product/search?q=${encodeURIComponent(product.name)}`,
    );
    expect(found.body.data.products.map((entry: { _id: string }) => entry._id)).toContain(
      product._id,
    );

    const [entry] = await auditOf(product._id);
    expect(entry).toMatchObject({
      action: 'product.create',
      actorEmail: owner.shopper.email,
      before: null,
    });
    expect(entry!.after.name).toBe(product.name);
  });

  it('derives the address from the name, takes a typed one, refuses one in use', async () => {
    const typed = await admin('POST', '', newProduct({ slug: 'Bralette-Own-Address' }));
    expect(typed.body.data.slug).toBe('bralette-own-address');
    const again = await admin('POST', '', newProduct({ slug: 'bralette-own-address' }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      field: 'slug',
      message: productRuleMessages.slugTaken('bralette-own-address', typed.body.data.name),
    });
    const badly = await admin('POST', '', newProduct({ slug: 'no spaces here' }));
    expect(badly.status).toBe(400);
    expect(badly.body).toMatchObject({ field: 'slug', message: productFormMessages.slug });
  });

  it('refuses a price in the GST gap and an MRP below the price, on their fields', async () => {
    const gap = await admin('POST', '', newProduct({ price: 2799, originalPrice: 2999 }));
    expect(gap.status).toBe(400);
    expect(gap.body).toMatchObject({ field: 'price', message: productRuleMessages.gstGap });
    for (const price of [2625, 2950]) {
      const edge = await admin('POST', '', newProduct({ price, originalPrice: null }));
      expect(edge.status).toBe(201);
    }
    const mrp = await admin('POST', '', newProduct({ price: 999, originalPrice: 899 }));
    expect(mrp.status).toBe(400);
    expect(mrp.body).toMatchObject({
      field: 'originalPrice',
      message: productRuleMessages.mrpBelowPrice,
    });
  });

  it('refuses a size twice in one colour and a subcategory of another category', async () => {
    const product = newProduct();
    product.colors[0]!.sizeStock.push({ size: '32b', stock: 1 });
    const twice = await admin('POST', '', product);
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({
      field: 'colors.0.sizeStock.2.size',
      message: productRuleMessages.sizeTwice('32b', 'Black'),
    });
    const [first, second] = options.categories.filter((entry) => entry.subcategories.length > 0);
    const elsewhere = await admin(
      'POST',
      '',
      newProduct({ categoryId: first!._id, subcategoryId: second!.subcategories[0]!._id }),
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({
      field: 'subcategoryId',
      message: productRuleMessages.subcategoryElsewhere,
    });
  });
});

describe('saving a product', () => {
  it('shows the change on the storefront at once and audits before and after', async () => {
    const product = (await admin('POST', '', newProduct())).body.data;
    expect((await storefront(product._id)).body.data.price).toBe(1299); // now cached
    const saved = await admin('PATCH', `/${product._id}`, {
      ...asInput(product),
      name: `${product.name} Renamed`,
      price: 1099,
      specifications: [...product.specifications].reverse(),
    });
    expect(saved.status).toBe(200);
    const page = (await storefront(product._id)).body.data;
    expect(page).toMatchObject({ name: `${product.name} Renamed`, price: 1099 });
    expect(page.specifications.map((spec: { label: string }) => spec.label)).toEqual([
      'Care',
      'Fabric',
    ]);
    // A colour keeps its id across saves.
    expect(saved.body.data.colors.map((color: { _id: string }) => color._id)).toEqual(
      product.colors.map((color: { _id: string }) => color._id),
    );
    const [latest] = await auditOf(product._id);
    expect(latest).toMatchObject({ action: 'product.update' });
    expect(latest!.before.price).toBe(1299);
    expect(latest!.after.price).toBe(1099);
  });

  it("gives the storefront each photo's alt text beside its address", async () => {
    const product = (await admin('POST', '', newProduct())).body.data;
    const page = (await storefront(product._id)).body.data;
    expect(page.colors.map((color: { imageAlts: string[] }) => color.imageAlts)).toEqual([
      ['Black bralette, front'],
      ['Blush bralette, front'],
    ]);
    expect(page.imageAlts).toEqual(['Black bralette, front', 'Blush bralette, front']);
    // The owner rewrites one photo's alt text: the storefront's list says it at once.
    const input = asInput(product);
    input.colors[0].photos = [{ ...input.colors[0].photos[0], alt: 'Black lace, back' }];
    expect((await admin('PATCH', `/${product._id}`, input)).status).toBe(200);
    const listed = await send(
      app(),
      'GET',
      `/api/product/products?limit=100&q=${encodeURIComponent(product.name)}`,
    );
    const card = listed.body.data.products.find(
      (entry: { _id: string }) => entry._id === product._id,
    );
    expect(card.imageAlts[0]).toBe('Black lace, back');
  });

  it("starts a new product at the shop's low-stock threshold", async () => {
    const settings = await send(app(), 'GET', '/api/admin/settings', {
      token: owner.accessToken,
    });
    const saved = await send(app(), 'PATCH', '/api/admin/settings', {
      token: owner.accessToken,
      body: { ...settings.body.data.settings, lowStockThreshold: 7 },
    });
    expect(saved.status).toBe(200);
    try {
      const product = (await admin('POST', '', newProduct())).body.data;
      const [row] = await queryRows<{ low_stock_threshold: number }>(
        world.database.db,
        sql`select low_stock_threshold from products where id = ${product._id}`,
      );
      expect(row!.low_stock_threshold).toBe(7);
    } finally {
      await send(app(), 'PATCH', '/api/admin/settings', {
        token: owner.accessToken,
        body: settings.body.data.settings,
      });
    }
  });

  it('keeps the stock an order took while the form was open', async () => {
    const product = (await admin('POST', '', newProduct())).body.data;
    const opened = asInput(product);
    const black = product.colors[0];
    await placeOrder(app(), shopper.accessToken, [
      [
        {
          productId: product._id,
          name: product.name,
          price: product.price,
          originalPrice: product.originalPrice,
          categoryId: product.category,
          colorName: black.colorName,
          colorHex: black.colorHex,
          size: '32B',
          stock: 5,
          image: black.images[0],
        },
        2,
      ],
    ]);
    // The owner changes the other size's stock and the subheading; 32B was left as shown.
    opened.colors[0].sizeStock[1].stock = 9;
    const saved = await admin('PATCH', `/${product._id}`, { ...opened, subheading: 'Now softer' });
    expect(saved.body.data.colors[0].sizeStock).toEqual([
      { size: '32B', stock: 3 },
      { size: '34B', stock: 9 },
    ]);
    // The stock history tells the order's sale from the owner's count.
    const movements = await queryRows<{
      size: string;
      delta: number;
      reason: string;
      note: string;
    }>(
      world.database.db,
      sql`select size, delta, reason, note from stock_movements
          where product_id = ${product._id} order by id`,
    );
    expect(movements).toEqual([
      { size: '32B', delta: -2, reason: 'sale', note: '' },
      { size: '34B', delta: 7, reason: 'count', note: 'Set in the product editor' },
    ]);
  });

  it('lets two saves at once run one after the other, never mixing them', async () => {
    const product = (await admin('POST', '', newProduct())).body.data;
    const one = {
      ...asInput(product),
      subheading: 'First',
      colors: [{ ...asInput(product).colors[0], colorName: 'Onyx' }],
    };
    const two = {
      ...asInput(product),
      subheading: 'Second',
      colors: [
        asInput(product).colors[1],
        { ...asInput(product).colors[0], _id: undefined, colorName: 'Ivory', colorHex: '#FFFFF0' },
      ],
    };
    const answers = await Promise.all([
      admin('PATCH', `/${product._id}`, one),
      admin('PATCH', `/${product._id}`, two),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const final = (await admin('GET', `/${product._id}`)).body.data;
    const names = final.colors.map((color: { colorName: string }) => color.colorName);
    // Whichever committed last is the whole product: its subheading with its own colours.
    if (final.subheading === 'First') expect(names).toEqual(['Onyx']);
    else expect(names).toEqual(['Blush', 'Ivory']);
    const actions = (await auditOf(product._id)).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'product.update')).toHaveLength(2);
  });

  it('answers 404 for an unknown product and 400 for a body without colours', async () => {
    const missing = await admin('PATCH', '/00000000-0000-4000-8000-000000000000', newProduct());
    expect(missing.status).toBe(404);
    const bare = await admin('POST', '', newProduct({ colors: [] }));
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ field: 'colors', message: productFormMessages.noColors });
  });
});

describe('deactivating and deleting', () => {
  it('takes a deactivated product off the storefront at once', async () => {
    const product = (await admin('POST', '', newProduct())).body.data;
    expect((await storefront(product._id)).status).toBe(200);
    await admin('PATCH', `/${product._id}`, { ...asInput(product), isActive: false });
    expect((await storefront(product._id)).status).toBe(404);
  });

  it('deletes a product nobody bought, deactivates one in past orders', async () => {
    const unsold = (await admin('POST', '', newProduct())).body.data;
    const deleted = await admin('DELETE', `/${unsold._id}`);
    expect(deleted.body).toMatchObject({
      data: { outcome: 'deleted' },
      message: productRuleMessages.deleted,
    });
    expect((await admin('GET', `/${unsold._id}`)).status).toBe(404);

    const sold = (await admin('POST', '', newProduct())).body.data;
    const black = sold.colors[0];
    const order = await placeOrder(app(), shopper.accessToken, [
      [
        {
          productId: sold._id,
          name: sold.name,
          price: sold.price,
          originalPrice: sold.originalPrice,
          categoryId: sold.category,
          colorName: black.colorName,
          colorHex: black.colorHex,
          size: '34B',
          stock: 2,
          image: black.images[0],
        },
        1,
      ],
    ]);
    const answer = await admin('DELETE', `/${sold._id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      data: { outcome: 'deactivated' },
      message: productRuleMessages.deactivatedInstead,
    });
    expect((await storefront(sold._id)).status).toBe(404);
    const kept = await admin('GET', `/${sold._id}`);
    expect(kept.body.data).toMatchObject({ isActive: false, inPastOrders: true });
    const past = await send(app(), 'GET', `/api/order/${order.orderId}`, {
      token: shopper.accessToken,
    });
    expect(JSON.stringify(past.body.data)).toContain(sold.name);
    expect((await auditOf(sold._id))[0]).toMatchObject({ action: 'product.deactivate' });
  });
});

describe('the list and bulk actions', () => {
  it('filters, sorts and pages by keyset without losing or repeating a product', async () => {
    const all = await allKeysetPages<{ _id: string; price: number }>(
      (url) => send(app(), 'GET', url, { token: owner.accessToken }),
      { path: '/api/admin/products', query: 'sort=price-asc', limit: 7, field: 'products' },
    );
    const [counted] = await queryRows<{ count: number }>(
      world.database.db,
      sql`select count(*)::int as count from products`,
    );
    const count = counted!.count;
    expect(all.rows).toHaveLength(count);
    expect(new Set(all.rows.map((row) => row._id)).size).toBe(count);
    const prices = all.rows.map((row) => row.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const band = await admin('GET', '?price=1000-2000&active=true&limit=100');
    expect(band.body.data.products.length).toBeGreaterThan(0);
    for (const row of band.body.data.products) {
      expect(row.price).toBeGreaterThan(1000);
      expect(row.price).toBeLessThanOrEqual(2000);
      expect(row.isActive).toBe(true);
    }
    const soldOut = (
      await admin(
        'POST',
        '',
        newProduct({
          colors: [
            {
              colorName: 'Grey',
              colorHex: '#888888',
              photos: [],
              sizeStock: [{ size: 'M', stock: 0 }],
            },
          ],
        }),
      )
    ).body.data;
    const soldOutRows = (await admin('GET', '?stock=sold-out&limit=100')).body.data.products;
    expect(soldOutRows.map((row: { _id: string }) => row._id)).toContain(soldOut._id);
    expect(soldOutRows.every((row: { stockState: string }) => row.stockState === 'sold-out')).toBe(
      true,
    );
    const searched = (await admin('GET', `?q=${encodeURIComponent(soldOut.name)}`)).body.data
      .products;
    expect(searched.map((row: { _id: string }) => row._id)).toEqual([soldOut._id]);
    expect((await admin('GET', '?sort=nonsense')).status).toBe(400);
    expect((await admin('GET', '?cursor=garbage')).status).toBe(400);
  });

  it('activates, moves and tags many products in one action, audited one by one', async () => {
    const a = (await admin('POST', '', newProduct({ isActive: false }))).body.data;
    const b = (await admin('POST', '', newProduct({ isActive: false }))).body.data;
    const ids = [a._id, b._id];
    const activated = await admin('POST', '/bulk', { action: 'activate', ids });
    expect(activated.body.data).toEqual({ updated: 2 });
    expect((await storefront(a._id)).status).toBe(200);

    const target = options.categories.filter((entry) => entry.subcategories.length > 0)[1]!;
    await admin('POST', '/bulk', {
      action: 'move',
      ids,
      categoryId: target._id,
      subcategoryId: target.subcategories[0]!._id,
    });
    expect((await storefront(b._id)).body.data.categoryName).toBe(target.name);

    await admin('POST', '/bulk', { action: 'add-tag', ids, tag: 'Festive' });
    expect((await storefront(a._id)).body.data.tags).toContain('Festive');
    await admin('POST', '/bulk', { action: 'remove-tag', ids, tag: 'festive' });
    expect((await storefront(a._id)).body.data.tags).not.toContain('Festive');

    await admin('POST', '/bulk', { action: 'deactivate', ids });
    expect((await storefront(b._id)).status).toBe(404);
    expect((await auditOf(a._id)).map((entry) => entry.action)).toEqual([
      'product.bulk-deactivate',
      'product.bulk-remove-tag',
      'product.bulk-add-tag',
      'product.bulk-move',
      'product.bulk-activate',
      'product.create',
    ]);
    const unknown = await admin('POST', '/bulk', {
      action: 'activate',
      ids: [a._id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.status).toBe(404);
  });
});

describe('who may keep products', () => {
  it('lets staff keep products and keeps shoppers and strangers out', async () => {
    const byStaff = await admin('POST', '', newProduct(), staff.accessToken);
    expect(byStaff.status).toBe(201);
    expect((await auditOf(byStaff.body.data._id))[0]!.actorEmail).toBe(staff.shopper.email);
    const byShopper = await admin('POST', '', newProduct(), shopper.accessToken);
    expect(byShopper.status).toBe(403);
    expect(byShopper.body.message).toBe(roleMessages.staffOnly);
    const signedOut = await send(app(), 'GET', '/api/admin/products');
    expect(signedOut.status).toBe(401);
  });
});

describe('uploaded photos', () => {
  const ageUploads = (ids: string[]) =>
    world.database.db.execute(
      sql`update media set last_uploaded_at = now() - interval '25 hours' where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  const mediaRow = async (id: string) =>
    (
      await queryRows<{ id: string }>(
        world.database.db,
        sql`select id from media where id = ${id}::uuid`,
      )
    )[0];

  it('keeps the photos a product uses, with their focal points, from the orphan cleanup', async () => {
    const [used, byAddress, unused] = await Promise.all(
      [0, 1, 2].map(
        async () =>
          (await uploadPhoto(app(), owner.accessToken, await freshPhoto('png', 200, 240))).body
            .data,
      ),
    );
    const product = newProduct();
    product.colors[0]!.photos = [
      { mediaId: used!.id, url: used!.url, alt: 'Black bralette, back', focalX: 0.25, focalY: 0.8 },
      // An upload's address without its id (the older form): it counts as using the photo too.
      { mediaId: null, url: byAddress!.url, alt: 'Black bralette, detail' },
    ] as never;
    const created = await admin('POST', '', product);
    expect(created.status).toBe(201);
    expect(created.body.data.colors[0].photos).toEqual([
      { mediaId: used!.id, url: used!.url, alt: 'Black bralette, back', focalX: 0.25, focalY: 0.8 },
      {
        mediaId: null,
        url: byAddress!.url,
        alt: 'Black bralette, detail',
        focalX: 0.5,
        focalY: 0.5,
      },
    ]);
    expect(created.body.data.colors[0].images).toEqual([used!.url, byAddress!.url]);
    expect((await storefront(created.body.data._id)).body.data.colors[0].images).toEqual([
      used!.url,
      byAddress!.url,
    ]);

    await ageUploads([used!.id, byAddress!.id, unused!.id]);
    await world.app.jobs.removeOrphanedMedia();
    expect(await mediaRow(used!.id)).toBeDefined();
    expect(await mediaRow(byAddress!.id)).toBeDefined();
    expect(await mediaRow(unused!.id)).toBeUndefined();

    // Kept by its media id alone, whatever address the row holds.
    await world.database.db.execute(
      sql`update product_color_images set url = '/media/test/renamed.jpg' where media_id = ${used!.id}`,
    );
    await world.app.jobs.removeOrphanedMedia();
    expect(await mediaRow(used!.id)).toBeDefined();
  });

  it('refuses a save naming a photo the cleanup already removed, on that colour’s photos', async () => {
    const gone = (await uploadPhoto(app(), owner.accessToken, await freshPhoto('png', 200, 240)))
      .body.data;
    await ageUploads([gone.id]);
    await world.app.jobs.removeOrphanedMedia();
    expect(await mediaRow(gone.id)).toBeUndefined();
    const product = newProduct();
    product.colors[1]!.photos = [
      { mediaId: null, url: '/media/test/blush-1.jpg', alt: 'Blush bralette, front' },
      { mediaId: gone.id, url: gone.url, alt: 'Blush bralette, back' },
    ] as never;
    const refused = await admin('POST', '', product);
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('colors.1.photos');
    expect(refused.body.message).toBe(productFormMessages.photoGone(2, 'Blush'));
  });
});

describe('package declarations', () => {
  it('are saved from the editor and shown in the storefront answer', async () => {
    const product = (await admin('POST', '', newProduct())).body.data;
    // Left out: one piece, the subcategory's (or category's) name in the singular.
    expect(product).toMatchObject({ genericName: '', netQuantity: '1 N' });
    const before = (await storefront(product._id)).body.data;
    expect(before).toMatchObject({ countryOfOrigin: 'India', netQuantity: '1 N' });
    expect(before.genericName).not.toBe('');

    const saved = await admin('PATCH', `/${product._id}`, {
      ...asInput(product),
      countryOfOrigin: 'Sri Lanka',
      manufacturer: 'Imported by Lacebloom Retail Pvt. Ltd., Bengaluru 560025',
      genericName: 'Brassiere',
      netQuantity: 'Pack of 2',
    });
    expect(saved.status).toBe(200);
    expect((await storefront(product._id)).body.data).toMatchObject({
      countryOfOrigin: 'Sri Lanka',
      manufacturer: 'Imported by Lacebloom Retail Pvt. Ltd., Bengaluru 560025',
      genericName: 'Brassiere',
      netQuantity: 'Pack of 2',
    });
    const blank = await admin('PATCH', `/${product._id}`, {
      ...asInput(saved.body.data),
      netQuantity: '  ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(productFormMessages.netQuantity);
  });

  it('give every demo product a round M.R.P. at or above its price, and a pack its count', async () => {
    const { products } = (await send(app(), 'GET', '/api/product/products?limit=100')).body
      .data as {
      products: {
        name: string;
        price: number;
        originalPrice: number | null;
        netQuantity: string;
      }[];
    };
    // The demo's own products (the tests above add others of their own).
    const seeded = new Set(seedProducts.map((product) => product.name));
    const demo = products.filter((product) => seeded.has(product.name));
    expect(demo.length).toBeGreaterThan(50);
    for (const product of demo) {
      expect(product.originalPrice, product.name).not.toBeNull();
      expect(product.originalPrice!, product.name).toBeGreaterThanOrEqual(product.price);
      // Whole rupees ending in 9 or 0: never the 1.2 × fallback's ₹538.80.
      expect(Number.isInteger(product.originalPrice), product.name).toBe(true);
      expect(
        product.originalPrice! % 10 === 9 || product.originalPrice! % 10 === 0,
        product.name,
      ).toBe(true);
    }
    const pack = products.find((product) => product.name === 'Cotton Comfort Hipster (Pack of 3)');
    expect(pack?.netQuantity).toBe('Pack of 3');
  });
});
