import { z } from 'zod';
import { successEnvelope } from './common.ts';

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
