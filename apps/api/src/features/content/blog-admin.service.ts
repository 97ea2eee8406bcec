import { and, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import {
  blogFormMessages,
  type AdminBlog,
  type AdminBlogPage,
  type AdminBlogQuery,
  type AdminBlogSummary,
  type BlogInput,
} from '@shop/contracts/blog-admin';
import { blogRuleMessages, blogSlug, firstPublishedAt } from '@shop/domain/blog';
import { conflictingField, invalid, invalidField, notFound } from '@shop/domain/errors';
import { cursorCodec, timeAndIdCursor } from '@shop/contracts/keyset-page';
import { isUuid } from '@shop/domain/ids';
import { isUniqueViolation, type Database, type Executor } from '../../db/client.ts';
import { blogs } from '../../db/schema.ts';
import type { CacheTag } from '../../http/read-cache.ts';
import { changedFields, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { lockMediaForUse } from '../media/media-library.service.ts';
import { sanitizeArticleHtml } from './sanitize-html.ts';

type BlogRow = typeof blogs.$inferSelect;

export interface BlogAdminDeps {
  db: Database;
  /** After a commit: drops the storefront's cached journal answers (catalogueChanges). */
  catalogueChanged: (tags: CacheTag[]) => Promise<void>;
}

/** Opaque to callers: the last row's change time (exact text, microseconds kept) and id. */

const cursors = cursorCodec(timeAndIdCursor);

function decodeCursor(text: string) {
  const cursor = cursors.decode(text);
  if (!cursor) throw invalid(blogFormMessages.invalidCursor);
  return cursor;
}

function toSummary(row: BlogRow): AdminBlogSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
    image: row.image,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminBlog(row: BlogRow): AdminBlog {
  return { ...toSummary(row), excerpt: row.content, markup: row.markup };
}

/** A post as the audit log keeps it: what the author edits, and its state. */
function auditView(row: BlogRow): Record<string, unknown> {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.content,
    image: row.image,
    markup: row.markup,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

const UPLOAD_ID =
  /\/media\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;

/**
 * The uploaded photos a post uses (its cover and the pictures in its text) are share-locked until
 * the save commits, so the library's orphan cleanup cannot delete one under it; one already
 * deleted is refused with the field it sits in.
 */
async function lockPhotos(tx: Executor, image: string | null, markup: string): Promise<void> {
  const cover = image ? [...image.matchAll(UPLOAD_ID)].map((match) => match[1]!) : [];
  const inline = [...markup.matchAll(UPLOAD_ID)].map((match) => match[1]!);
  if (cover.length + inline.length === 0) return;
  const found = await lockMediaForUse(tx, [...cover, ...inline]);
  const gone = (id: string) => !found.has(id.toLowerCase());
  if (cover.some(gone)) throw invalidField('image', blogRuleMessages.photoGone);
  if (inline.some(gone)) throw invalidField('markup', blogRuleMessages.photoGone);
}

/** The row's columns from the form: the address resolved, the HTML sanitized before storage. */
function columnsOf(input: BlogInput) {
  return {
    title: input.title,
    slug: blogSlug(input.title, input.slug),
    content: input.excerpt,
    image: input.image,
    markup: sanitizeArticleHtml(input.markup),
    status: input.status,
  };
}

/** A taken address is refused on its field, naming the post that has it. */
async function checkSlugFree(tx: Executor, slug: string, exceptId?: string): Promise<void> {
  const [taken] = await tx
    .select({ title: blogs.title })
    .from(blogs)
    .where(exceptId ? and(eq(blogs.slug, slug), ne(blogs.id, exceptId)) : eq(blogs.slug, slug));
  if (taken) throw conflictingField('slug', blogRuleMessages.slugTaken(slug, taken.title));
}

/**
 * Writes a new post in the caller's transaction, as of `now` (its creation and, when published,
 * its journal date): the back office's create and the seed's articles both come this way, through
 * the same schema, sanitizing and rules.
 */
export async function insertBlogPost(tx: Executor, input: BlogInput, now: Date): Promise<BlogRow> {
  const columns = columnsOf(input);
  await checkSlugFree(tx, columns.slug);
  await lockPhotos(tx, columns.image, columns.markup);
  const [row] = await tx
    .insert(blogs)
    .values({
      ...columns,
      publishedAt: firstPublishedAt(null, input.status, now),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/**
 * The back office's journal: list the posts (drafts too), write, edit, publish and unpublish
 * them, delete them. Each write is one transaction with its audit entry; the storefront's cached
 * journal answers are emptied after the commit.
 */
export function createBlogAdminService({ db, catalogueChanged }: BlogAdminDeps) {
  async function lockRow(tx: Executor, id: string): Promise<BlogRow> {
    if (!isUuid(id)) throw notFound(blogRuleMessages.notFound);
    const [row] = await tx.select().from(blogs).where(eq(blogs.id, id)).for('update');
    if (!row) throw notFound(blogRuleMessages.notFound);
    return row;
  }

  /** Two saves racing for one address: the unique index refuses the second, in the same words. */
  async function uniquely<T>(input: BlogInput, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'blogs_slug_key')) {
        const slug = blogSlug(input.title, input.slug);
        const [taken] = await db
          .select({ title: blogs.title })
          .from(blogs)
          .where(eq(blogs.slug, slug));
        throw conflictingField(
          'slug',
          blogRuleMessages.slugTaken(slug, taken?.title ?? 'another post'),
        );
      }
      throw error;
    }
  }

  async function after<T>(result: T): Promise<T> {
    await catalogueChanged(['content']);
    return result;
  }

  return {
    async list(query: AdminBlogQuery): Promise<AdminBlogPage> {
      const where: SQL[] = [];
      if (query.q) {
        const escaped = query.q.replace(/[\\%_]/g, (char) => `\\${char}`);
        where.push(ilike(blogs.title, `%${escaped}%`));
      }
      if (query.status) where.push(eq(blogs.status, query.status));
      if (query.cursor) {
        const cursor = decodeCursor(query.cursor);
        where.push(
          sql`(${blogs.updatedAt}, ${blogs.id}) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`,
        );
      }
      const rows = await db
        .select({ row: blogs, key: sql<string>`${blogs.updatedAt}::text` })
        .from(blogs)
        .where(where.length > 0 ? and(...where) : undefined)
        .orderBy(desc(blogs.updatedAt), desc(blogs.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        posts: page.map((entry) => toSummary(entry.row)),
        next:
          rows.length > query.limit && last
            ? cursors.encode({ key: last.key, id: last.row.id })
            : null,
      };
    },

    async detail(id: string): Promise<AdminBlog> {
      if (!isUuid(id)) throw notFound(blogRuleMessages.notFound);
      const [row] = await db.select().from(blogs).where(eq(blogs.id, id));
      if (!row) throw notFound(blogRuleMessages.notFound);
      return toAdminBlog(row);
    },

    async create(input: BlogInput, actor: AuditActor): Promise<AdminBlog> {
      const created = await uniquely(input, () =>
        db.transaction(async (tx) => {
          const row = await insertBlogPost(tx, input, new Date());
          await recordAudit(tx, actor, {
            action: 'blog.create',
            entity: 'blog',
            entityId: row.id,
            before: null,
            after: auditView(row),
          });
          return row;
        }),
      );
      return after(toAdminBlog(created));
    },

    /** The whole form again; publishing and unpublishing are saves with the other state. */
    async update(id: string, input: BlogInput, actor: AuditActor): Promise<AdminBlog> {
      const saved = await uniquely(input, () =>
        db.transaction(async (tx) => {
          const current = await lockRow(tx, id);
          const columns = columnsOf(input);
          await checkSlugFree(tx, columns.slug, id);
          await lockPhotos(tx, columns.image, columns.markup);
          const [row] = await tx
            .update(blogs)
            .set({
              ...columns,
              publishedAt: firstPublishedAt(current.publishedAt, input.status, new Date()),
              updatedAt: sql`now()`,
            })
            .where(eq(blogs.id, id))
            .returning();
          const diff = changedFields(auditView(current), auditView(row!));
          if (diff) {
            const publishing = current.status !== row!.status;
            await recordAudit(tx, actor, {
              action: publishing
                ? row!.status === 'published'
                  ? 'blog.publish'
                  : 'blog.unpublish'
                : 'blog.update',
              entity: 'blog',
              entityId: id,
              before: diff.before,
              after: diff.after,
            });
          }
          return row!;
        }),
      );
      return after(toAdminBlog(saved));
    },

    /** Gone for good; the audit entry keeps the whole post, so it can be written again from it. */
    async remove(id: string, actor: AuditActor): Promise<{ id: string }> {
      return after(
        await db.transaction(async (tx) => {
          const before = await lockRow(tx, id);
          // Its photos become orphans the media cleanup removes after its grace period.
          await tx.delete(blogs).where(eq(blogs.id, id));
          await recordAudit(tx, actor, {
            action: 'blog.delete',
            entity: 'blog',
            entityId: id,
            before: auditView(before),
            after: null,
          });
          return { id };
        }),
      );
    },
  };
}

export type BlogAdminService = ReturnType<typeof createBlogAdminService>;
