import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminBlog } from '@shop/contracts/blog-admin';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDate, formatIndiaDateTime } from '../admin-format';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { listButton } from '../list-page/list-filters';
import { BackLink, RecordLoadState } from '../list-page/record-screen';
import { blogApi } from './blog-api';
import { BlogPostForm } from './blog-post-form';
import { BlogStateBadge } from './blog-words';

/** /admin/blog/new: write a post, then go to its page (as a draft or published). */
export function NewBlogPostPage() {
  const navigate = useNavigate();
  return (
    <section className="flex flex-col gap-5">
      <BackLink to="/admin/blog">Journal</BackLink>
      <h1 className="font-serif text-3xl">New post</h1>
      <BlogPostForm
        onSaved={(post, message) =>
          void navigate(`/admin/blog/${post.id}`, { state: { notice: message } })
        }
      />
    </section>
  );
}

/** /admin/blog/{id}: the post loads before the screen shows. */
export const blogPostLoader = screenLoader((api: ApiClient, params) =>
  blogApi(api).detail(params.postId ?? ''),
);

/**
 * /admin/blog/{id}: the post's form, its state, and deleting it (after a confirmation; unpublishing
 * is the gentler way to take it off the journal).
 */
export function BlogPostPage({ notice }: { notice?: string }) {
  const navigate = useNavigate();
  const { authed } = useAuth();
  const { load, reload } = useScreenData<AdminBlog>();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(
    notice ? { ok: true, text: notice } : null,
  );
  const [busy, setBusy] = useState(false);

  if (load.state !== 'ready') {
    return <RecordLoadState load={load} reload={reload} loadingText="Loading the post..." />;
  }
  const post = load.data;

  function remove() {
    if (!window.confirm(`Delete the post "${post.title}"? This cannot be undone.`)) return;
    setBusy(true);
    setMessage(null);
    authed((api) => blogApi(api).remove(post.id))
      .then(() => void navigate('/admin/blog'))
      .catch((error) => {
        setMessage({ ok: false, text: errorMessage(error) });
        setBusy(false);
      });
  }

  return (
    <section className="flex flex-col gap-5">
      <BackLink to="/admin/blog">Journal</BackLink>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-3 font-serif text-3xl">
            <span className="break-words">{post.title}</span>
            <BlogStateBadge state={post.status} />
          </h1>
          <p className="mt-1 text-sm text-muted">
            Updated {formatIndiaDateTime(post.updatedAt)} ·{' '}
            {post.publishedAt
              ? `first published ${formatIndiaDate(post.publishedAt)}`
              : 'never published'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {post.status === 'published' ? (
            <Link to="/blogs" className={listButton}>
              See the journal
            </Link>
          ) : null}
          <button type="button" className={listButton} disabled={busy} onClick={remove}>
            Delete
          </button>
        </div>
      </div>
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`rounded-2xl border p-3 text-sm ${
            message.ok ? 'border-line bg-white' : 'border-brand-300 bg-white text-brand-800'
          }`}
        >
          {message.text}
        </p>
      ) : null}
      {/* Keyed by the saved state, so the form starts again from what the server holds. */}
      <BlogPostForm
        key={post.updatedAt}
        post={post}
        onSaved={(_saved, text) => {
          setMessage({ ok: true, text });
          reload();
        }}
      />
    </section>
  );
}
