import { Link } from 'react-router';
import { adminBlogQuery, type AdminBlogSummary } from '@shop/contracts/blog-admin';
import { blogStates } from '@shop/domain/blog';
import { formatIndiaDate, formatIndiaDateTime } from '../admin-format';
import * as list from '../list-page/list-page';
import { blogApi } from './blog-api';
import { BLOG_STATE_WORDS, BlogStateBadge } from './blog-words';

const c = list.listColumns<AdminBlogSummary>();
const link = (post: AdminBlogSummary) => (
  <list.RowLink to={`/admin/blog/${post.id}`} className="font-semibold">
    {post.title}
  </list.RowLink>
);
const publishedWords = (post: AdminBlogSummary) =>
  post.publishedAt ? formatIndiaDate(post.publishedAt) : 'Never';

const columns = [
  c.cell(
    'Title',
    (post) => (
      <>
        {link(post)}
        <div className="text-xs text-muted">/{post.slug}</div>
      </>
    ),
    'min-w-56 max-w-md',
  ),
  c.status('status', 'State', (state) => <BlogStateBadge state={state} />),
  c.date('updatedAt', 'Updated', true),
  c.cell('First published', publishedWords, 'whitespace-nowrap'),
];

const card = (post: AdminBlogSummary) => (
  <list.ListCard title={link(post)} aside={<BlogStateBadge state={post.status} />}>
    <p className="text-muted">
      Updated {formatIndiaDateTime(post.updatedAt)} · first published {publishedWords(post)}
    </p>
  </list.ListCard>
);

/** The posts for the URL's filters, loaded in the browser with the signed-in client. */
export const blogPostsLoader = list.listLoader(adminBlogQuery, (api, query) =>
  blogApi(api).list(query),
);

/** /admin/blog: the journal's posts, drafts and published, last changed first. */
export function BlogPostsPage() {
  return (
    <list.ListPage
      list={list.useListData(blogPostsLoader)}
      rows={(answer) => answer.posts}
      title="Journal"
      actions={
        <Link to="/admin/blog/new" className={list.listPrimary}>
          New post
        </Link>
      }
      intro={
        <p className="-mt-4 text-sm text-muted">
          Published posts are on the storefront&apos;s journal; drafts are seen only here.
        </p>
      }
      filters={{
        label: 'Find posts',
        submitText: 'Find',
        className: 'grid gap-3 sm:grid-cols-[1fr_12rem]',
        search: [
          list.searchFilter('Title', 'Words of the title'),
          list.selectFilter('status', 'State', 'Any', blogStates, BLOG_STATE_WORDS),
        ],
      }}
      problemFallback="Showing every post instead."
      label="Posts"
      columns={columns}
      card={card}
      emptyText="No posts match these filters."
    />
  );
}
