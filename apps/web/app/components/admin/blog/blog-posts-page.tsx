import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  adminBlogQuery,
  type AdminBlogPage,
  type AdminBlogQuery,
  type AdminBlogSummary,
} from '@shop/contracts/blog-admin';
import { blogStates } from '@shop/domain/blog';
import type { ApiClient } from '../../../lib/api-client';
import { formatIndiaDate, formatIndiaDateTime } from '../admin-format';
import { listLoader, useListData } from '../list-page/list-loader';
import {
  filterField,
  filterLabel,
  ListFilters,
  ListPage,
  listPrimary,
  SelectFilter,
} from '../list-page/list-page';
import { blogApi } from './blog-api';
import { BLOG_STATE_WORDS, BlogStateBadge } from './blog-words';

const column = createColumnHelper<AdminBlogSummary>();

const TitleLink = ({ post }: { post: AdminBlogSummary }) => (
  <Link to={`/admin/blog/${post.id}`} className="font-semibold text-brand-700 hover:underline">
    {post.title}
  </Link>
);

const publishedWords = (post: AdminBlogSummary) =>
  post.publishedAt ? formatIndiaDate(post.publishedAt) : 'Never';

const columns = [
  column.accessor('title', {
    header: 'Title',
    cell: ({ row }) => (
      <div className="min-w-56 max-w-md">
        <TitleLink post={row.original} />
        <div className="text-xs text-muted">/{row.original.slug}</div>
      </div>
    ),
  }),
  column.accessor('status', {
    header: 'State',
    cell: ({ getValue }) => <BlogStateBadge state={getValue()} />,
  }),
  column.accessor('updatedAt', {
    header: 'Updated',
    cell: ({ getValue }) => (
      <span className="whitespace-nowrap">{formatIndiaDateTime(getValue())}</span>
    ),
  }),
  column.accessor('publishedAt', {
    header: 'First published',
    cell: ({ row }) => <span className="whitespace-nowrap">{publishedWords(row.original)}</span>,
  }),
];

function Filters({ query }: { query: AdminBlogQuery }) {
  return (
    <ListFilters
      schema={adminBlogQuery}
      label="Find posts"
      submitText="Find"
      clearTo="/admin/blog"
      className="grid gap-3 sm:grid-cols-[1fr_12rem]"
      search={
        <>
          <div>
            <label htmlFor="blog-q" className={filterLabel}>
              Title
            </label>
            <input
              id="blog-q"
              name="q"
              type="search"
              defaultValue={query.q}
              placeholder="Words of the title"
              className={filterField}
            />
          </div>
          <SelectFilter
            id="blog-status"
            label="State"
            name="status"
            value={query.status}
            any="Any"
            choices={blogStates.map((state) => [state, BLOG_STATE_WORDS[state]])}
          />
        </>
      }
    />
  );
}

function PostCard({ post }: { post: AdminBlogSummary }) {
  return (
    <>
      <div className="flex items-baseline justify-between gap-2">
        <TitleLink post={post} />
        <BlogStateBadge state={post.status} />
      </div>
      <p className="text-muted">
        Updated {formatIndiaDateTime(post.updatedAt)} · first published {publishedWords(post)}
      </p>
    </>
  );
}

/** The posts for the URL's filters, loaded in the browser with the signed-in client. */
export const blogPostsLoader = listLoader(adminBlogQuery, (api: ApiClient, query) =>
  blogApi(api).list(query),
);

/** /admin/blog: the journal's posts, drafts and published, last changed first. */
export function BlogPostsPage() {
  const { query, problem, load, reload } = useListData<AdminBlogQuery, AdminBlogPage>();
  const ready = load.state === 'ready' ? load.data : null;

  return (
    <ListPage
      title="Journal"
      actions={
        <Link to="/admin/blog/new" className={listPrimary}>
          New post
        </Link>
      }
      intro={
        <p className="-mt-4 text-sm text-muted">
          Published posts are on the storefront&apos;s journal; drafts are seen only here.
        </p>
      }
      filters={<Filters query={query} />}
      problem={problem}
      problemFallback="Showing every post instead."
      load={load}
      reload={reload}
      rows={ready?.posts ?? []}
      next={ready?.next ?? null}
      label="Posts"
      pagerLabel="Pages of posts"
      columns={columns}
      rowId={(row) => row.id}
      card={(row) => <PostCard post={row} />}
      loadingText="Loading posts..."
      emptyText="No posts match these filters."
    />
  );
}
