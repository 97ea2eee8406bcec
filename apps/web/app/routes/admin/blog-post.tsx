import { useLocation } from 'react-router';
import { BlogPostPage, blogPostLoader } from '../../components/admin/blog/blog-post-pages';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import type { Route } from './+types/blog-post';

export function meta() {
  return [{ title: 'Post | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

// The post loads in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(blogPostLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminBlogPost({ params }: Route.ComponentProps) {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  return <BlogPostPage key={params.postId} {...(notice ? { notice } : {})} />;
}
