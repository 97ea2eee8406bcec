import { BlogPostsPage } from '../../components/admin/blog/blog-posts-page';

export function meta() {
  return [{ title: 'Journal | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminBlogPosts() {
  return <BlogPostsPage />;
}
