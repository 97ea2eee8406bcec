// The back office's journal: drafts hidden from shoppers (list and by id), publishing that dates
// the article once, HTML sanitized before storage and again on the way out, unique addresses,
// photos through the shared upload, the audit log, and the storefront's cache following each save.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogFormMessages } from '@shop/contracts/blog-admin';
import { blogRuleMessages } from '@shop/domain/blog';
import type { signUp } from './auth-helpers.ts';
import { send } from './auth-helpers.ts';
import { backOfficeSession, freshPhoto, uploadPhoto } from './media-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: Awaited<ReturnType<typeof signUp>>;
let staff: Awaited<ReturnType<typeof signUp>>;
const app = () => world.app;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const asOwner = (method: Method, url: string, body?: unknown) =>
  send(app(), method, url, { token: owner.accessToken, ...(body !== undefined && { body }) });
const asStaff = (method: Method, url: string, body?: unknown) =>
  send(app(), method, url, { token: staff.accessToken, ...(body !== undefined && { body }) });
const auditOf = async (id: string) =>
  (await asOwner('GET', `/api/admin/audit?entity=blog&id=${id}`)).body.data.entries as {
    action: string;
    actorEmail: string;
    before: any;
    after: any;
  }[];
const publicTitles = async () =>
  ((await send(app(), 'GET', '/api/blog')).body.data as { title: string }[]).map(
    (blog) => blog.title,
  );

const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'Caring for lace',
  excerpt: 'Hand wash, cold water, flat to dry.',
  image: '/media/blogs/how-to-measure-your-bra-size',
  markup: '<h2>Washing</h2><p>Use <strong>cold</strong> water.</p>',
  status: 'draft',
  ...overrides,
});

const HOSTILE =
  '<p>Safe words</p><script>alert(1)</script>' +
  '<img src="/media/blogs/how-to-measure-your-bra-size" onerror="alert(2)" alt="x">' +
  '<img src="x" onerror="alert(3)">' +
  '<a href="javascript:alert(4)">click</a><a href="JaVaScRiPt:alert(5)">again</a>' +
  '<iframe src="https://evil.example"></iframe><p onclick="alert(6)" style="color:red">Hi</p>';

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  staff = await backOfficeSession(world, 'staff');
});
afterAll(async () => {
  await world?.close();
});

describe('the seeded journal after the drafts migration', () => {
  it('lists every seeded article as published, dated the day it was written', async () => {
    const { status, body } = await asOwner('GET', '/api/admin/blog');
    expect(status).toBe(200);
    expect(body.data.posts.length).toBeGreaterThanOrEqual(4);
    for (const entry of body.data.posts) {
      expect(entry).toMatchObject({ status: 'published', publishedAt: entry.createdAt });
    }
  });
});

describe('drafts and publishing', () => {
  it('keeps a draft off the storefront, by list and by id, until it is published', async () => {
    // Cached before the write: the save must empty the cached answers.
    expect(await publicTitles()).not.toContain('Caring for lace');

    const made = await asStaff('POST', '/api/admin/blog', post());
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      message: 'Draft saved',
      data: { slug: 'caring-for-lace', status: 'draft', publishedAt: null },
    });
    const id = made.body.data.id as string;
    expect(await publicTitles()).not.toContain('Caring for lace');
    expect((await send(app(), 'GET', `/api/blog/${id}`)).status).toBe(404);

    const published = await asStaff(
      'PATCH',
      `/api/admin/blog/${id}`,
      post({ status: 'published' }),
    );
    expect(published.status).toBe(200);
    expect(published.body.data.status).toBe('published');
    const firstDate = published.body.data.publishedAt as string;
    expect(Date.parse(firstDate)).toBeGreaterThan(Date.now() - 60_000);
    expect(await publicTitles()).toContain('Caring for lace');
    const shown = await send(app(), 'GET', `/api/blog/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      title: 'Caring for lace',
      content: 'Hand wash, cold water, flat to dry.',
      createdAt: firstDate,
      blogContent: { markup: '<h2>Washing</h2><p>Use <strong>cold</strong> water.</p>' },
    });

    // Unpublished: gone at once; published again: back with its first date.
    await asStaff('PATCH', `/api/admin/blog/${id}`, post({ status: 'draft' }));
    expect(await publicTitles()).not.toContain('Caring for lace');
    expect((await send(app(), 'GET', `/api/blog/${id}`)).status).toBe(404);
    const again = await asStaff('PATCH', `/api/admin/blog/${id}`, post({ status: 'published' }));
    expect(again.body.data.publishedAt).toBe(firstDate);

    const actions = (await auditOf(id)).map((entry) => entry.action);
    expect(actions).toEqual(['blog.publish', 'blog.unpublish', 'blog.publish', 'blog.create']);
    const [created] = (await auditOf(id)).slice(-1);
    expect(created).toMatchObject({
      before: null,
      after: { title: 'Caring for lace', status: 'draft' },
      actorEmail: staff.shopper.email,
    });
  });

  it('refuses to publish an empty article, but keeps an empty draft', async () => {
    const empty = await asOwner(
      'POST',
      '/api/admin/blog',
      post({ title: 'Empty one', markup: '<p></p>', status: 'published' }),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(blogFormMessages.emptyBody);
    const draft = await asOwner(
      'POST',
      '/api/admin/blog',
      post({ title: 'Empty one', markup: '<p></p>' }),
    );
    expect(draft.status).toBe(201);
  });

  it('lists drafts and published posts by state and words of the title, a page at a time', async () => {
    for (const n of [1, 2, 3]) {
      expect(
        (await asOwner('POST', '/api/admin/blog', post({ title: `Paged note ${n}` }))).status,
      ).toBe(201);
    }
    const first = await asOwner('GET', '/api/admin/blog?q=paged%20NOTE&limit=2');
    expect(first.body.data.posts.map((entry: any) => entry.title)).toEqual([
      'Paged note 3',
      'Paged note 2',
    ]);
    const second = await asOwner(
      'GET',
      `/api/admin/blog?q=paged%20note&limit=2&cursor=${first.body.data.next}`,
    );
    expect(second.body.data).toMatchObject({ posts: [{ title: 'Paged note 1' }], next: null });
    const drafts = await asOwner('GET', '/api/admin/blog?status=draft&limit=100');
    expect(drafts.body.data.posts.every((entry: any) => entry.status === 'draft')).toBe(true);
    expect((await asOwner('GET', '/api/admin/blog?cursor=bogus')).status).toBe(400);
    expect((await asOwner('GET', '/api/admin/blog?q=%')).body.data.posts).toEqual([]);
  });
});

describe('sanitizing', () => {
  it('stores none of a script, an event handler, a javascript: link or an iframe, and answers none', async () => {
    const made = await asOwner(
      'POST',
      '/api/admin/blog',
      post({ title: 'Hostile markup', markup: HOSTILE, status: 'published' }),
    );
    expect(made.status).toBe(201);
    const [stored] = await world.database.db
      .execute(sql`select markup from blogs where id = ${made.body.data.id}::uuid`)
      .then((result) => (result as unknown as { rows: { markup: string }[] }).rows);
    for (const markup of [stored!.markup, made.body.data.markup]) {
      expect(markup).not.toMatch(/script|onerror|onclick|javascript:|iframe|style=|alert/i);
      expect(markup).toContain('<p>Safe words</p>');
      expect(markup).toContain('<img src="/media/blogs/how-to-measure-your-bra-size" alt="x" />');
    }
    const shown = await send(app(), 'GET', `/api/blog/${made.body.data.id}`);
    expect(shown.body.data.blogContent.markup).toBe(stored!.markup);
  });

  it('sanitizes again on the way out: a row written around the back office reaches no reader raw', async () => {
    const made = await asOwner(
      'POST',
      '/api/admin/blog',
      post({ title: 'Edited by hand', status: 'published' }),
    );
    const id = made.body.data.id as string;
    await world.database.db.execute(
      sql`update blogs set markup = ${HOSTILE} where id = ${id}::uuid`,
    );
    // The write went around the service, so nothing emptied the cached answers: do it here.
    world.app.readCache.clear();
    const shown = await send(app(), 'GET', `/api/blog/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.blogContent.markup).not.toMatch(
      /script|onerror|onclick|javascript:|iframe|alert/i,
    );
    const listed = (await send(app(), 'GET', '/api/blog')).body.data.find(
      (blog: any) => blog._id === id,
    );
    expect(listed.blogContent.markup).not.toMatch(/script|onerror|javascript:|iframe/i);
  });
});

describe('web addresses', () => {
  it('makes the address from the title, and refuses one taken with the post that has it', async () => {
    const first = await asOwner('POST', '/api/admin/blog', post({ title: 'Strap Stories' }));
    expect(first.body.data.slug).toBe('strap-stories');
    const clash = await asOwner('POST', '/api/admin/blog', post({ title: 'Strap stories!' }));
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      field: 'slug',
      message: blogRuleMessages.slugTaken('strap-stories', 'Strap Stories'),
    });
    const typed = await asOwner(
      'POST',
      '/api/admin/blog',
      post({ title: 'Strap stories!', slug: 'Strap-Stories-2' }),
    );
    expect(typed.body.data.slug).toBe('strap-stories-2');
    const renamed = await asOwner(
      'PATCH',
      `/api/admin/blog/${typed.body.data.id}`,
      post({ title: 'Strap stories!', slug: 'strap-stories' }),
    );
    expect(renamed.status).toBe(409);
    // Its own address again is no clash.
    const same = await asOwner(
      'PATCH',
      `/api/admin/blog/${first.body.data.id}`,
      post({ title: 'Strap Stories', excerpt: 'New words' }),
    );
    expect(same.status).toBe(200);
    const [entry] = await auditOf(first.body.data.id);
    expect(entry).toMatchObject({
      action: 'blog.update',
      before: { excerpt: 'Hand wash, cold water, flat to dry.' },
      after: { excerpt: 'New words' },
    });
    expect(Object.keys(entry!.after)).toEqual(['excerpt']);
  });

  it('refuses a malformed address, and a title with nothing to make one from', async () => {
    const bad = await asOwner('POST', '/api/admin/blog', post({ slug: 'Not a slug!' }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(blogFormMessages.slug);
    const bare = await asOwner('POST', '/api/admin/blog', post({ title: '!!!' }));
    expect(bare.status).toBe(400);
    expect(bare.body.message).toContain(blogFormMessages.slugFromTitle);
  });
});

describe('photos', () => {
  it('takes a cover and pictures in the text from the shared upload, refusing one deleted since', async () => {
    const cover = await uploadPhoto(app(), owner.accessToken, await freshPhoto());
    const inline = await uploadPhoto(app(), owner.accessToken, await freshPhoto());
    expect(cover.status).toBe(201);
    const made = await asOwner(
      'POST',
      '/api/admin/blog',
      post({
        title: 'With photos',
        image: cover.body.data.url,
        markup: `<p>Look:</p><p><img src="${inline.body.data.url}?w=1200" alt="Lace close up"></p>`,
        status: 'published',
      }),
    );
    expect(made.status).toBe(201);
    expect(made.body.data.markup).toContain(`src="${inline.body.data.url}?w=1200"`);
    const shown = await send(app(), 'GET', `/api/blog/${made.body.data.id}`);
    expect(shown.body.data.blogImgUrl.url).toBe(cover.body.data.url);

    const gone = await uploadPhoto(app(), owner.accessToken, await freshPhoto());
    await world.database.db.execute(sql`delete from media where id = ${gone.body.data.id}::uuid`);
    const refused = await asOwner(
      'PATCH',
      `/api/admin/blog/${made.body.data.id}`,
      post({ title: 'With photos', markup: `<p><img src="${gone.body.data.url}" alt="x"></p>` }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'markup', message: blogRuleMessages.photoGone });
  });
});

describe('deleting', () => {
  it('deletes a post for good, with the whole post in the audit entry', async () => {
    const made = await asStaff(
      'POST',
      '/api/admin/blog',
      post({ title: 'Short lived', status: 'published' }),
    );
    const id = made.body.data.id as string;
    expect(await publicTitles()).toContain('Short lived');
    const deleted = await asStaff('DELETE', `/api/admin/blog/${id}`);
    expect(deleted.status).toBe(200);
    expect(await publicTitles()).not.toContain('Short lived');
    expect((await asOwner('GET', `/api/admin/blog/${id}`)).status).toBe(404);
    expect((await asOwner('DELETE', `/api/admin/blog/${id}`)).status).toBe(404);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'blog.delete',
      before: { title: 'Short lived', status: 'published' },
      after: null,
    });
  });

  it('leaves no audit entry when the write fails, as it commits with it', async () => {
    const before = await world.database.db.execute(
      sql`select count(*)::int as n from audit_entries where entity = 'blog'`,
    );
    const clash = await asOwner('POST', '/api/admin/blog', post({ title: 'Strap Stories' }));
    expect(clash.status).toBe(409);
    const after = await world.database.db.execute(
      sql`select count(*)::int as n from audit_entries where entity = 'blog'`,
    );
    expect((after as any).rows[0].n).toBe((before as any).rows[0].n);
  });
});
