import { NewBlogPostPage } from '../../components/admin/blog/blog-post-pages';

export function meta() {
  return [{ title: 'New post | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminNewBlogPost() {
  return <NewBlogPostPage />;
}
