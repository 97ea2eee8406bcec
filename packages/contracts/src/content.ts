// The journal and banners the storefront shows. zod/mini because the storefront parses them in the
// browser.
import * as z from 'zod/mini';
import { successEnvelope } from './common-mini.ts';

export const blog = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  createdAt: z.string(),
  blogImgUrl: z.object({ url: z.string() }),
  blogContent: z.object({ markup: z.string() }),
  content: z.string(),
});
export type Blog = z.infer<typeof blog>;

export const banner = z.object({
  _id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  link: z.string(),
});
export type Banner = z.infer<typeof banner>;

export const blogListResponse = successEnvelope(z.array(blog));
export const blogResponse = successEnvelope(blog);
export const bannerListResponse = successEnvelope(z.array(banner));
