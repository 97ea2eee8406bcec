import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { banners, blogs } from '../../db/schema.ts';

export type BannerWidth = 'desktop' | 'mobile';

export function createContentRepository() {
  return {
    /** Published articles only, newest in the journal first; a draft is never read here. */
    listBlogs: (tx: Executor) =>
      tx
        .select()
        .from(blogs)
        .where(eq(blogs.status, 'published'))
        .orderBy(desc(blogs.publishedAt), desc(blogs.id)),

    /** A draft's id reads as not found, as an unknown one does. */
    async findBlog(tx: Executor, id: string) {
      const [row] = await tx
        .select()
        .from(blogs)
        .where(and(eq(blogs.id, id), eq(blogs.status, 'published')));
      return row;
    },

    /**
     * The banners showing now at a width, in their order: active, with a picture for that width,
     * and whose schedule includes the database's clock (start inclusive, end exclusive), so a
     * banner scheduled for tomorrow is not even read today.
     */
    listBanners: (tx: Executor, width: BannerWidth) =>
      tx
        .select()
        .from(banners)
        .where(
          and(
            eq(banners.isActive, true),
            width === 'desktop' ? isNotNull(banners.image) : isNotNull(banners.mobileImage),
            or(isNull(banners.startsAt), lte(banners.startsAt, sql`now()`)),
            or(isNull(banners.endsAt), gt(banners.endsAt, sql`now()`)),
          ),
        )
        .orderBy(asc(banners.position), asc(banners.id)),
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
