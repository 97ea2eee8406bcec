import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { UploadFormat } from '@shop/domain/media-uploads';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { media, users } from '../../db/schema.ts';

export type MediaRow = typeof media.$inferSelect;

/** The URL an uploaded photo is served under (its renditions: `?w=`). */
export const uploadUrl = (id: string) => `/media/uploads/${id}`;

/**
 * Every column that may hold an uploaded photo's URL, as SQL naming the ids it refers to: a
 * product colour's photos (by address or by media id, whichever a row keeps), banners, category pictures, size charts, an
 * article's cover and the images inside its text.
 */
const referencedIds = sql`
  select (regexp_matches(source.url, '/media/uploads/([0-9a-f-]{36})', 'g'))[1] as id
  from (
    select url from product_color_images
    union all select '/media/uploads/' || media_id from product_color_images where media_id is not null
    union all select image from banners where image is not null
    union all select mobile_image from banners where mobile_image is not null
    union all select image from categories where image is not null
    union all select image from size_charts
    union all select image from blogs where image is not null
    union all select markup from blogs where markup like '%/media/uploads/%'
    union all select '/media/uploads/' || media_id from review_photos where review_id is not null
  ) as source`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The uploaded photo an address or media id names, if any. */
export function uploadIdOf(photo: { mediaId: string | null; url: string }): string | null {
  if (photo.mediaId !== null) return photo.mediaId;
  const match = /^\/media\/uploads\/([0-9a-f-]{36})$/i.exec(photo.url);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * Locks the rows of the photos a save is about to use (`for share`, until its transaction ends)
 * and answers those that still exist. The orphan cleanup skips a locked row, and a row it
 * deleted first is missing here: a save can never refer to a photo the cleanup removes.
 */
export async function lockMediaForUse(tx: Executor, ids: string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id::text as id from media where id = any(${`{${wanted.join(',')}}`}::uuid[])
        order by id for share`,
  );
  return new Set(rows.map((row) => row.id));
}

export interface NewMedia {
  id: string;
  hash: string;
  width: number;
  height: number;
  format: UploadFormat;
  bytes: number;
  createdBy: string;
}

export interface MediaPageQuery {
  /** Rows older than this position (the previous page's last row). */
  before?: { at: Date; id: string } | undefined;
  limit: number;
}

export function createMediaLibraryRepository(db: Database) {
  return {
    async findByHash(hash: string): Promise<MediaRow | undefined> {
      const [row] = await db.select().from(media).where(eq(media.hash, hash));
      return row;
    },

    async find(tx: Executor, id: string): Promise<MediaRow | undefined> {
      const [row] = await tx.select().from(media).where(eq(media.id, id));
      return row;
    },

    /** Inserts the row; undefined when a row with the same hash came first. */
    async insert(tx: Executor, row: NewMedia): Promise<MediaRow | undefined> {
      const [inserted] = await tx
        .insert(media)
        .values(row)
        .onConflictDoNothing({ target: media.hash })
        .returning();
      return inserted;
    },

    /** The same bytes uploaded again: its grace period as an orphan starts anew. */
    async touch(tx: Executor, id: string): Promise<MediaRow | undefined> {
      const [row] = await tx
        .update(media)
        .set({ lastUploadedAt: sql`now()` })
        .where(eq(media.id, id))
        .returning();
      return row;
    },

    async remove(tx: Executor, id: string): Promise<void> {
      await tx.delete(media).where(eq(media.id, id));
    },

    async updateDetails(
      tx: Executor,
      id: string,
      details: { alt: string; focalX: number; focalY: number },
    ): Promise<MediaRow | undefined> {
      const [row] = await tx.update(media).set(details).where(eq(media.id, id)).returning();
      return row;
    },

    /** Newest first by (created_at, id); one row more than asked tells whether a next page exists. */
    async page(query: MediaPageQuery) {
      const { before } = query;
      const rows = await db
        .select({ row: media, uploadedBy: users.email })
        .from(media)
        .leftJoin(users, eq(users.id, media.createdBy))
        .where(
          before
            ? or(
                lt(media.createdAt, before.at),
                and(eq(media.createdAt, before.at), lt(media.id, before.id)),
              )
            : undefined,
        )
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(query.limit + 1);
      return { rows: rows.slice(0, query.limit), more: rows.length > query.limit };
    },

    /**
     * Deletes up to `limit` rows uploaded last before `cutoff` that nothing refers to, answering
     * their ids. A save that takes a photo locks its row (`for share`) in its own transaction:
     * such a row is skipped here, and a save that comes after this statement finds the row gone.
     */
    async deleteOrphans(tx: Executor, cutoff: Date, limit: number): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`
          with referenced as (${referencedIds}),
          candidates as (
            select id from media
            where last_uploaded_at < ${cutoff.toISOString()}::timestamptz
              and id::text not in (select id from referenced where id is not null)
            order by last_uploaded_at
            limit ${limit}
            for update skip locked
          )
          delete from media where id in (select id from candidates)
          returning id`,
      );
      return rows.map((row) => row.id);
    },

    /** Which of these ids have a row. */
    async existing(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: media.id }).from(media).where(inArray(media.id, ids));
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type MediaLibraryRepository = ReturnType<typeof createMediaLibraryRepository>;
