import type { Banner, Blog } from '@shop/contracts/content';
import type { banners, blogs } from '../../db/schema.ts';
import { notFound } from '@shop/domain/errors';
import type { Database } from '../../db/client.ts';
import type { ContentRepository } from './content.repository.ts';
import { sanitizeArticleHtml } from './sanitize-html.ts';

type BlogRow = typeof blogs.$inferSelect;
type BannerRow = typeof banners.$inferSelect;

/**
 * An article as shoppers read it. Its date is the day it was first published. The markup was
 * sanitized before it was stored and is sanitized again here, on its way to every reader (the
 * storefront renders it as HTML): a row written by anything but the back office's save (an old
 * row, a hand-made fix in the database) or an allowlist tightened since cannot reach a browser
 * unchecked. The read cache keeps the answer, so this runs once per change, not per reader.
 */
export function toBlog(row: BlogRow): Blog {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    createdAt: (row.publishedAt ?? row.createdAt).toISOString(),
    blogImgUrl: { url: row.image ?? '' },
    blogContent: { markup: sanitizeArticleHtml(row.markup) },
    content: row.content,
  };
}

export function toBanner(row: BannerRow): Banner {
  return {
    _id: row.id,
    name: row.name,
    imageUrl: row.image ?? row.mobileImage ?? '',
    link: row.link,
  };
}

export function createContentService(db: Database, repository: ContentRepository) {
  return {
    listBlogs: async () => (await repository.listBlogs(db)).map(toBlog),
    async getBlog(id: string) {
      const row = await repository.findBlog(db, id);
      if (!row) throw notFound('Blog not found');
      return toBlog(row);
    },
    listDesktopBanners: async () => (await repository.listBanners(db, 'desktop')).map(toBanner),
    listMobileBanners: async () =>
      (await repository.listBanners(db, 'mobile')).map((row) => ({
        ...toBanner(row),
        imageUrl: row.mobileImage ?? '',
      })),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
