import type { Banner, Blog } from '@shop/contracts/content';
import type { banners, blogs } from '../../db/schema.ts';
import { notFound } from '@shop/domain/errors';
import type { Database } from '../../db/client.ts';
import type { ContentRepository } from './content.repository.ts';

type BlogRow = typeof blogs.$inferSelect;
type BannerRow = typeof banners.$inferSelect;

export function toBlog(row: BlogRow): Blog {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    createdAt: row.createdAt.toISOString(),
    blogImgUrl: { url: row.image ?? '' },
    blogContent: { markup: row.markup },
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
