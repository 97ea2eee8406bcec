import { useEffect, useState } from 'react';
import type { Blog } from '@shop/contracts/content';
import { ResponsiveImage } from '../responsive-image';
import { Spinner } from '../spinner';
import { createApiClient, errorMessage } from '../../lib/api-client';
import { formatBlogDate } from '../../lib/format';
import { ArrowRightIcon } from './content-icons';
import { BlogOverlay } from './blog-overlay';

type ListState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; blogs: Blog[] };

interface BlogListProps {
  /** Articles the server loaded with the page. */
  blogs: Blog[];
  /** Set when the server could not load them: the browser then tries once more itself. */
  loadError: string | null;
}

/** The journal grid with its states (loading, error, ready) and the article reader. */
export function BlogList({ blogs, loadError }: BlogListProps) {
  const [state, setState] = useState<ListState>(
    loadError ? { status: 'loading' } : { status: 'ready', blogs },
  );
  const [reading, setReading] = useState<Blog | null>(null);

  useEffect(() => {
    if (!loadError) return;
    let cancelled = false;
    createApiClient()
      .listBlogs()
      .then(
        (fresh) => !cancelled && setState({ status: 'ready', blogs: fresh }),
        (error: unknown) =>
          !cancelled &&
          setState({ status: 'error', message: errorMessage(error, 'Failed to fetch blogs') }),
      );
    return () => {
      cancelled = true;
    };
  }, [loadError]);

  if (state.status === 'loading') return <Spinner label="Loading articles..." />;

  if (state.status === 'error') {
    return (
      <div role="alert" className="mx-auto max-w-md py-16 text-center">
        <h2 className="font-serif text-2xl">Oops! Something went wrong</h2>
        <p className="mt-2 text-muted">{state.message}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 rounded-full bg-brand-600 px-6 py-2.5 font-medium text-white hover:bg-brand-700"
        >
          Try Again
        </button>
      </div>
    );
  }

  if (state.blogs.length === 0) {
    return <p className="py-16 text-center text-muted">No articles available at the moment.</p>;
  }

  return (
    <>
      <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {state.blogs.map((blog, index) => (
          <li key={blog._id}>
            <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-line transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-brand-500">
              <ResponsiveImage
                src={blog.blogImgUrl.url}
                alt=""
                width={1200}
                height={800}
                widths={[400, 600, 800]}
                sizes="(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw"
                priority={index === 0}
                className="aspect-[3/2] w-full bg-blush object-cover"
              />
              <div className="flex flex-1 flex-col p-6">
                <time
                  dateTime={blog.createdAt}
                  className="text-xs font-semibold uppercase tracking-widest text-brand-700"
                >
                  {formatBlogDate(blog.createdAt)}
                </time>
                <h2 className="mt-2 font-serif text-xl leading-snug text-ink">
                  {/* The button stretches over the whole card, so any tap on it opens the article. */}
                  <button
                    type="button"
                    onClick={() => setReading(blog)}
                    className="text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-hover:text-brand-800"
                  >
                    {blog.title}
                  </button>
                </h2>
                <p className="mt-3 line-clamp-3 text-[0.9375rem] leading-relaxed text-muted">
                  {blog.content}
                </p>
                <span
                  aria-hidden="true"
                  className="mt-5 inline-flex items-center gap-2 text-sm font-semibold text-brand-700"
                >
                  Read More
                  <ArrowRightIcon className="h-4 w-4 transition-transform group-hover:translate-x-1" />
                </span>
              </div>
            </article>
          </li>
        ))}
      </ul>
      {reading && <BlogOverlay blog={reading} onClose={() => setReading(null)} />}
    </>
  );
}
