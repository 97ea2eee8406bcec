import { useLayoutEffect, useRef } from 'react';
import type { Blog } from '@shop/contracts/content';
import { ResponsiveImage } from '../responsive-image';
import { CloseIcon } from '../layout/icons';
import { formatBlogDate } from '../../lib/format';
import { imageWidths } from '../../lib/media';
import { proseClasses } from './prose';

/**
 * A full-screen reader for one article. A native modal <dialog> keeps focus inside and closes on
 * Escape; mounting it locks the page's scroll, and unmounting restores the scroll and puts focus
 * back on whatever opened it.
 */
export function BlogOverlay({ blog, onClose }: { blog: Blog; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // A layout effect, so the scroll comes back in the same commit that removes the overlay.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  const markup = blog.blogContent.markup.trim();
  const titleId = `blog-${blog._id}-title`;

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      onClose={onClose}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto overscroll-contain bg-cream p-0 text-ink transition-opacity duration-200 backdrop:bg-ink/60 starting:opacity-0"
    >
      <div className="sticky top-0 z-10 border-b border-line bg-cream/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-4">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-700">
            Lacebloom Journal
          </p>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label="Close article"
            className="grid h-10 w-10 place-items-center rounded-full hover:bg-blush"
          >
            <CloseIcon />
          </button>
        </div>
      </div>

      <article className="mx-auto max-w-3xl px-4 pb-16 pt-6 md:pt-10">
        <ResponsiveImage
          src={blog.blogImgUrl.url}
          alt=""
          width={1200}
          height={800}
          widths={imageWidths.gallery}
          sizes="(min-width: 768px) 736px, 100vw"
          priority
          className="aspect-[3/2] w-full rounded-3xl bg-blush object-cover"
        />
        <header className="mt-8">
          <time dateTime={blog.createdAt} className="text-sm font-medium text-brand-700">
            {formatBlogDate(blog.createdAt)}
          </time>
          <h2 id={titleId} className="mt-2 font-serif text-3xl leading-tight md:text-4xl">
            {blog.title}
          </h2>
        </header>
        {markup ? (
          // The API sanitises article markup against an allowlist before storing it, and again
          // in the answer this reads (features/content/content.service.ts, toBlog).
          <div
            data-testid="blog-body"
            className={`mt-6 ${proseClasses}`}
            dangerouslySetInnerHTML={{ __html: markup }}
          />
        ) : (
          <div data-testid="blog-body" className={`mt-6 ${proseClasses}`}>
            {blog.content
              .split(/\n\s*\n/)
              .filter(Boolean)
              .map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
          </div>
        )}
        <div className="mt-12 border-t border-line pt-6 text-center">
          <button
            type="button"
            onClick={onClose}
            className="rounded-full border border-brand-600 px-6 py-2.5 font-medium text-brand-700 hover:bg-brand-600 hover:text-white"
          >
            Back to all articles
          </button>
        </div>
      </article>
    </dialog>
  );
}
