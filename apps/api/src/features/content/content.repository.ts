import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { banners, blogs, type BannerPlacement } from '../../db/schema.ts';

export function createContentRepository() {
  return {
    listBlogs: (tx: Executor) =>
      tx.select().from(blogs).where(eq(blogs.isActive, true)).orderBy(desc(blogs.createdAt)),

    async findBlog(tx: Executor, id: string) {
      const [row] = await tx
        .select()
        .from(blogs)
        .where(and(eq(blogs.id, id), eq(blogs.isActive, true)));
      return row;
    },

    listBanners: (tx: Executor, placement: BannerPlacement) =>
      tx
        .select()
        .from(banners)
        .where(and(eq(banners.placement, placement), eq(banners.isActive, true)))
        .orderBy(asc(banners.position)),
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
