import { useMemo, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminBlogQuery, AdminBlogSummary } from '@shop/contracts/blog-admin';
import { blogStates } from '@shop/domain/blog';
import type { ApiClient } from '../../../lib/api-client';
import { formatIndiaDate, formatIndiaDateTime } from '../admin-format';
import { AdminTable, CursorPager } from '../admin-table';
import { useAdminLoad } from '../use-admin-load';
import { useCursorPages } from '../use-cursor-pages';
import { blogApi } from './blog-api';
import { blogQueryFromParams } from './blog-query';
import { BLOG_STATE_WORDS, BlogStateBadge } from './blog-words';

const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';

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
  const [params, setParams] = useSearchParams();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) {
      const text = String(value).trim();
      if (text) next.set(key, text);
    }
    // New filters start from their first page.
    setParams(next);
  }

  return (
    <form
      key={params.toString()}
      onSubmit={submit}
      role="search"
      aria-label="Find posts"
      className="grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
    >
      <div>
        <label htmlFor="blog-q" className="block text-sm font-medium">
          Title
        </label>
        <input
          id="blog-q"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder="Words of the title"
          className={field}
        />
      </div>
      <div>
        <label htmlFor="blog-status" className="block text-sm font-medium">
          State
        </label>
        <select id="blog-status" name="status" defaultValue={query.status ?? ''} className={field}>
          <option value="">Any</option>
          {blogStates.map((state) => (
            <option key={state} value={state}>
              {BLOG_STATE_WORDS[state]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-2">
        <button
          type="submit"
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Find
        </button>
        <Link to="/admin/blog" className={button}>
          Clear
        </Link>
      </div>
    </form>
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

const listPosts = (api: ApiClient, query: AdminBlogQuery) => blogApi(api).list(query);

/** /admin/blog: the journal's posts, drafts and published, last changed first. */
export function BlogPostsPage() {
  const [params] = useSearchParams();
  const key = params.toString();
  const { query, problem } = useMemo(() => blogQueryFromParams(new URLSearchParams(key)), [key]);
  const { load, reload } = useAdminLoad(key, query, listPosts);
  const pages = useCursorPages();

  return (
    <section className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl">Journal</h1>
          <p className="mt-1 text-sm text-muted">
            Published posts are on the storefront&apos;s journal; drafts are seen only here.
          </p>
        </div>
        <Link
          to="/admin/blog/new"
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          New post
        </Link>
      </div>
      <Filters query={query} />
      {problem ? (
        <p role="alert" className="text-sm text-brand-800">
          {problem}. Showing every post instead.
        </p>
      ) : null}
      <AdminTable
        label="Posts"
        load={load}
        rows={load.state === 'ready' ? load.data.posts : []}
        columns={columns}
        rowId={(row) => row.id}
        card={(row) => <PostCard post={row} />}
        loadingText="Loading posts..."
        emptyText="No posts match these filters."
        onRetry={reload}
      />
      <CursorPager
        label="Pages of posts"
        pages={pages}
        next={load.state === 'ready' ? load.data.next : null}
      />
    </section>
  );
}
