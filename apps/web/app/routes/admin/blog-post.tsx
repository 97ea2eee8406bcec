import { useLocation } from 'react-router';
import { BlogPostPage } from '../../components/admin/blog/blog-post-pages';
import type { Route } from './+types/blog-post';

export function meta() {
  return [{ title: 'Post | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminBlogPost({ params }: Route.ComponentProps) {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  return <BlogPostPage key={params.postId} id={params.postId} {...(notice ? { notice } : {})} />;
}
