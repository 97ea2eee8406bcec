import { BlogPostsPage, blogPostsLoader } from '../../components/admin/blog/blog-posts-page';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';

export function meta() {
  return [{ title: 'Journal | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = Object.assign(blogPostsLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminBlogPosts() {
  return <BlogPostsPage />;
}
