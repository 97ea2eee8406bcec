// The back office's categories, subcategories and banners: create, rename, reorder, deactivate
// (refused while active products remain, with the count), unique addresses, the audit log, the
// storefront following at once, and banners shown only while their schedule includes now.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerFormMessages } from '@shop/contracts/banners-admin';
import { categoryFormMessages } from '@shop/contracts/categories-admin';
import { categoryRuleMessages } from '@shop/domain/categories';
import { send, signUp } from './auth-helpers.ts';
import { followVerificationLink, signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: Awaited<ReturnType<typeof signUp>>;
let staff: Awaited<ReturnType<typeof signUp>>;
const app = () => world.app;
const asOwner = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  send(app(), method, url, { token: owner.accessToken, ...(body !== undefined && { body }) });
const auditOf = async (entity: string, id: string) =>
  (await asOwner('GET', `/api/admin/audit?entity=${entity}&id=${id}`)).body.data.entries as {
    action: string;
    before: any;
    after: any;
  }[];

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  staff = await signUp(app());
  await followVerificationLink(world, staff.shopper.email);
  const granted = await send(app(), 'POST', '/api/admin/staff', {
    token: owner.accessToken,
    body: { email: staff.shopper.email, role: 'staff' },
  });
  expect(granted.status).toBe(201);
});
afterAll(async () => {
  await world?.close();
});

describe('categories', () => {
  it('lists every category with its subcategories and active product counts', async () => {
    const { status, body } = await send(app(), 'GET', '/api/admin/categories', {
      token: staff.accessToken,
    });
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(1);
    const withProducts = body.data.find((category: any) => category.activeProducts > 0);
    expect(withProducts).toMatchObject({ isActive: true, subcategories: expect.any(Array) });
  });

  it('creates a category (slug from the name) that the storefront lists at once, refusing a taken slug', async () => {
    // The storefront's answer is cached before the change: it must be emptied by the write.
    const before = await send(app(), 'GET', '/api/category');
    expect(before.body.data.some((c: any) => c.name === 'Festive Edit')).toBe(false);

    const made = await send(app(), 'POST', '/api/admin/categories', {
      token: staff.accessToken,
      body: { name: 'Festive Edit' },
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      slug: 'festive-edit',
      isActive: true,
      activeProducts: 0,
    });

    const again = await asOwner('POST', '/api/admin/categories', { name: 'Festive edit' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: categoryRuleMessages.slugTaken, field: 'slug' });

    const bad = await asOwner('POST', '/api/admin/categories', { name: 'X', slug: 'Not a slug!' });
    expect(bad.status).toBe(400);

    const after = await send(app(), 'GET', '/api/category');
    expect(after.body.data.some((c: any) => c.name === 'Festive Edit')).toBe(true);
  });

  it('refuses to deactivate a category while active products remain, with the count', async () => {
    const list = (await asOwner('GET', '/api/admin/categories')).body.data;
    const busy = list.find((category: any) => category.activeProducts > 0);
    const answer = await asOwner('PATCH', `/api/admin/categories/${busy.id}`, { isActive: false });
    expect(answer.status).toBe(409);
    const products =
      busy.activeProducts === 1
        ? '1 active product is'
        : `${busy.activeProducts} active products are`;
    expect(answer.body.message).toBe(
      `${products} still in ${busy.name}; move or deactivate them first`,
    );
    expect((await asOwner('GET', '/api/admin/categories')).body.data).toContainEqual(
      expect.objectContaining({ id: busy.id, isActive: true }),
    );
  });

  it('renames, sets a picture and deactivates an empty category, hiding it from the storefront; audited', async () => {
    const list = (await asOwner('GET', '/api/admin/categories')).body.data;
    const festive = list.find((category: any) => category.slug === 'festive-edit');
    const renamed = await asOwner('PATCH', `/api/admin/categories/${festive.id}`, {
      name: 'Festive Picks',
      image: '/media/categories/bras',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: 'Festive Picks',
      slug: 'festive-edit',
      image: '/media/categories/bras',
    });
    expect((await send(app(), 'GET', '/api/category')).body.data).toContainEqual(
      expect.objectContaining({ name: 'Festive Picks' }),
    );

    const off = await asOwner('PATCH', `/api/admin/categories/${festive.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.data.isActive).toBe(false);
    const shown = (await send(app(), 'GET', '/api/category')).body.data;
    expect(shown.some((c: any) => c.name === 'Festive Picks')).toBe(false);

    expect((await auditOf('category', festive.id)).map((entry) => entry.action)).toEqual([
      'category.update',
      'category.update',
      'category.create',
    ]);
  });

  it("keeps the HSN code a category's products are invoiced under when they have none", async () => {
    const list = (await asOwner('GET', '/api/admin/categories')).body.data;
    const bras = list.find((category: any) => category.slug === 'bras');
    expect(bras.hsnCode).toBe('6212');
    const beauty = list.find((category: any) => category.slug === 'beauty');

    const refused = await asOwner('PATCH', `/api/admin/categories/${beauty.id}`, { hsnCode: '33' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(categoryFormMessages.hsn);

    const changed = await asOwner('PATCH', `/api/admin/categories/${beauty.id}`, {
      hsnCode: ' 33049990 ',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.hsnCode).toBe('33049990');
    const audit = await auditOf('category', beauty.id);
    expect(audit[0]).toMatchObject({
      action: 'category.update',
      before: { hsnCode: '3304' },
      after: { hsnCode: '33049990' },
    });

    const made = await asOwner('POST', '/api/admin/categories', {
      name: 'Gift Sets',
      hsnCode: '6212',
    });
    expect(made.status).toBe(201);
    expect(made.body.data.hsnCode).toBe('6212');
  });

  it('reorders categories only when every one is named once', async () => {
    const ids = (await asOwner('GET', '/api/admin/categories')).body.data.map((c: any) => c.id);
    const reversed = [...ids].reverse();
    const done = await asOwner('POST', '/api/admin/categories/reorder', { ids: reversed });
    expect(done.status).toBe(200);
    expect(done.body.data.map((c: any) => c.id)).toEqual(reversed);
    const storefront = (await send(app(), 'GET', '/api/category')).body.data.map((c: any) => c._id);
    expect(storefront).toEqual(reversed.filter((id: string) => storefront.includes(id)));

    const partial = await asOwner('POST', '/api/admin/categories/reorder', { ids: ids.slice(1) });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toBe(categoryRuleMessages.reorderMismatch);
  });

  it('creates, renames, reorders and deactivates subcategories under a category', async () => {
    const list = (await asOwner('GET', '/api/admin/categories')).body.data;
    const parent = list.find((category: any) => category.slug === 'festive-edit');
    const made = await asOwner('POST', `/api/admin/categories/${parent.id}/subcategories`, {
      name: 'Gift Sets',
    });
    expect(made.status).toBe(201);
    const second = await asOwner('POST', `/api/admin/categories/${parent.id}/subcategories`, {
      name: 'Silk',
    });
    const clash = await asOwner('POST', `/api/admin/categories/${parent.id}/subcategories`, {
      name: 'gift sets',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(categoryRuleMessages.subcategorySlugTaken);

    const renamed = await asOwner(
      'PATCH',
      `/api/admin/categories/${parent.id}/subcategories/${made.body.data.id}`,
      { name: 'Gift Boxes' },
    );
    expect(renamed.body.data).toMatchObject({ name: 'Gift Boxes', slug: 'gift-sets' });

    const order = [second.body.data.id, made.body.data.id];
    const reordered = await asOwner(
      'POST',
      `/api/admin/categories/${parent.id}/subcategories/reorder`,
      { ids: order },
    );
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.subcategories.map((s: any) => s.id)).toEqual(order);

    // A subcategory of another category is not found under this one.
    const other = list.find((category: any) => category.subcategories.length > 0);
    const elsewhere = await asOwner(
      'PATCH',
      `/api/admin/categories/${parent.id}/subcategories/${other.subcategories[0].id}`,
      { name: 'Nope' },
    );
    expect(elsewhere.status).toBe(404);

    const busySub = list
      .flatMap((category: any) => category.subcategories)
      .find((sub: any) => sub.activeProducts > 0);
    const refused = await asOwner(
      'PATCH',
      `/api/admin/categories/${busySub.categoryId}/subcategories/${busySub.id}`,
      { isActive: false },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(
      `still in ${busySub.name}; move or deactivate them first`,
    );
  });
});

describe('banners', () => {
  const dayMs = 24 * 60 * 60 * 1000;
  const banner = (overrides: Record<string, unknown> = {}) => ({
    name: 'Diwali sale',
    image: '/media/banners/desktop-1',
    mobileImage: '/media/banners/mobile-1',
    link: '/products/bras',
    startsAt: null,
    endsAt: null,
    ...overrides,
  });
  const publicNames = async (url: string) =>
    (await send(app(), 'GET', url)).body.data.map((b: any) => b.name) as string[];

  it('creates a banner shown at both widths at once, with its mobile picture on mobile', async () => {
    await publicNames('/api/banner');
    const made = await send(app(), 'POST', '/api/admin/banners', {
      token: staff.accessToken,
      body: banner(),
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ name: 'Diwali sale', showingNow: true, isActive: true });
    expect(await publicNames('/api/banner')).toContain('Diwali sale');
    const mobile = (await send(app(), 'GET', '/api/mobile-banner')).body.data;
    expect(mobile).toContainEqual(
      expect.objectContaining({ name: 'Diwali sale', imageUrl: '/media/banners/mobile-1' }),
    );
    expect((await auditOf('banner', made.body.data.id))[0]).toMatchObject({
      action: 'banner.create',
      before: null,
    });
  });

  it('refuses an end before the start, and a banner with no picture', async () => {
    const now = Date.now();
    const backwards = await asOwner(
      'POST',
      '/api/admin/banners',
      banner({
        startsAt: new Date(now + dayMs).toISOString(),
        endsAt: new Date(now).toISOString(),
      }),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain(bannerFormMessages.endBeforeStart);
    const bare = await asOwner(
      'POST',
      '/api/admin/banners',
      banner({ image: null, mobileImage: null }),
    );
    expect(bare.status).toBe(400);
    expect(bare.body.message).toContain(bannerFormMessages.noImage);
  });

  it('does not show a banner scheduled for tomorrow nor one that has ended, and shows it once started', async () => {
    const now = Date.now();
    const tomorrow = await asOwner(
      'POST',
      '/api/admin/banners',
      banner({ name: 'Tomorrow only', startsAt: new Date(now + dayMs).toISOString() }),
    );
    expect(tomorrow.body.data.showingNow).toBe(false);
    const ended = await asOwner(
      'POST',
      '/api/admin/banners',
      banner({
        name: 'Last week',
        startsAt: new Date(now - 7 * dayMs).toISOString(),
        endsAt: new Date(now - 1000).toISOString(),
      }),
    );
    expect(ended.body.data.showingNow).toBe(false);
    for (const url of ['/api/banner', '/api/mobile-banner']) {
      const names = await publicNames(url);
      expect(names).not.toContain('Tomorrow only');
      expect(names).not.toContain('Last week');
    }

    // The clock, not a write, moves a banner into its schedule: a cached answer would miss it.
    await world.database.db.execute(
      sql`update banners set starts_at = now() - interval '1 minute'
          where id = ${tomorrow.body.data.id}`,
    );
    expect(await publicNames('/api/banner')).toContain('Tomorrow only');
  });

  it('edits, reorders and deletes banners, each audited', async () => {
    const list = (await asOwner('GET', '/api/admin/banners')).body.data;
    const diwali = list.find((b: any) => b.name === 'Diwali sale');
    const edited = await asOwner(
      'PATCH',
      `/api/admin/banners/${diwali.id}`,
      banner({ name: 'Diwali sale', isActive: false }),
    );
    expect(edited.body.data).toMatchObject({ isActive: false, showingNow: false });
    expect(await publicNames('/api/banner')).not.toContain('Diwali sale');

    const ids = list.map((b: any) => b.id).reverse();
    const reordered = await asOwner('POST', '/api/admin/banners/reorder', { ids });
    expect(reordered.body.data.map((b: any) => b.id)).toEqual(ids);

    const removed = await asOwner('DELETE', `/api/admin/banners/${diwali.id}`);
    expect(removed.status).toBe(200);
    expect((await asOwner('DELETE', `/api/admin/banners/${diwali.id}`)).status).toBe(404);
    expect((await auditOf('banner', diwali.id)).map((entry) => entry.action)).toEqual([
      'banner.delete',
      'banner.update',
      'banner.create',
    ]);
  });
});
