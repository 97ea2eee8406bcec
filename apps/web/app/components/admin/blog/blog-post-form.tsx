import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { blogInput, type AdminBlog } from '@shop/contracts/blog-admin';
import { blogSlug, type BlogState } from '@shop/domain/blog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { mediaUrl } from '../../../lib/media';
import { PhotoDropZone, UploadList, usePhotoUploads } from '../media/photo-manager';
import { blogApi } from './blog-api';

// The editor is a chunk of its own, fetched when this form first shows (blog-editor.tsx).
const BlogEditor = lazy(() =>
  import('./blog-editor').then((module) => ({ default: module.BlogEditor })),
);

const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';
const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const primary =
  'rounded-full bg-brand-600 px-6 py-2.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60';

interface Draft {
  title: string;
  slug: string;
  excerpt: string;
  image: string | null;
  markup: string;
}
type Problems = Partial<Record<keyof Draft, string>>;
const FIELDS: (keyof Draft)[] = ['title', 'slug', 'excerpt', 'image', 'markup'];

const draftOf = (post: AdminBlog | undefined): Draft => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  excerpt: post?.excerpt ?? '',
  image: post?.image ?? null,
  markup: post?.markup ?? '',
});

/** Ties an input to its hint and problem for screen readers. */
const described = (id: string, problem: string | undefined, hint = false) => ({
  id,
  'aria-invalid': problem ? true : undefined,
  'aria-describedby':
    [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ') ||
    undefined,
});

function Field({
  id,
  label,
  hint,
  problem,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  problem: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="mt-1 text-sm text-brand-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The cover photo, uploaded through the photo library's pipeline as product photos are. */
function CoverPhoto({
  value,
  onChange,
  problem,
  disabled,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  problem: string | undefined;
  disabled: boolean;
}) {
  const { uploads, add, dismiss } = usePhotoUploads((photo) => onChange(photo.url));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Cover photo</legend>
      <p className="text-xs text-muted">
        Shown on the journal&apos;s card and atop the article, cropped to 3 × 2.
      </p>
      {value ? (
        <div className="flex flex-col gap-2">
          <img
            src={mediaUrl(value, 600)}
            alt="The cover, as the journal crops it"
            className="aspect-[3/2] w-full max-w-md rounded-xl border border-line object-cover"
          />
          <button
            type="button"
            className={`${button} self-start`}
            disabled={disabled}
            onClick={() => onChange(null)}
          >
            Remove the cover photo
          </button>
        </div>
      ) : (
        <PhotoDropZone
          label="Upload the cover photo"
          disabled={disabled}
          onFiles={(files) => add(files.slice(0, 1))}
        />
      )}
      <UploadList uploads={uploads} onDismiss={dismiss} />
      {problem ? <p className="text-sm text-brand-800">{problem}</p> : null}
    </fieldset>
  );
}

interface BlogPostFormProps {
  post?: AdminBlog;
  onSaved: (post: AdminBlog, message: string) => void;
}

/**
 * A journal post: title, web address, excerpt, cover photo and the article written in the editor,
 * checked by the route's own schema before it is sent and saved as a draft or published. The
 * server's refusals (a taken address) are shown on their field.
 */
export function BlogPostForm({ post, onSaved }: BlogPostFormProps) {
  const { authed } = useAuth();
  const [draft, setDraft] = useState<Draft>(() => draftOf(post));
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  async function save(status: BlogState) {
    const parsed = blogInput.safeParse({ ...draft, status });
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'title') as keyof Draft;
        found[FIELDS.includes(key) ? key : 'title'] ??= issue.message;
      }
      setProblems(found);
      setFailure('Please correct the fields marked below.');
      return;
    }
    setProblems({});
    setFailure(null);
    setBusy(true);
    try {
      const answer = await authed((api) =>
        post ? blogApi(api).update(post.id, parsed.data) : blogApi(api).create(parsed.data),
      );
      onSaved(answer.data, answer.message);
    } catch (error) {
      const key = error instanceof ApiError ? (error.field as keyof Draft | undefined) : undefined;
      if (key && FIELDS.includes(key)) setProblems({ [key]: errorMessage(error) });
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter in a field saves without changing the post's state.
    void save(post?.status ?? 'draft');
  }

  const madeSlug = blogSlug(draft.title, '');
  const published = post?.status === 'published';

  return (
    <form onSubmit={submit} noValidate aria-label={post ? 'Edit the post' : 'New post'}>
      <fieldset disabled={busy} className="flex flex-col gap-5">
        {failure ? (
          <p
            role="alert"
            className="rounded-2xl border border-brand-300 bg-white p-3 text-sm text-brand-800"
          >
            {failure}
          </p>
        ) : null}
        <section className="grid gap-4 rounded-2xl border border-line bg-white p-4">
          <Field id="blog-title" label="Title" problem={problems.title}>
            <input
              {...described('blog-title', problems.title)}
              value={draft.title}
              onChange={(event) => set('title', event.target.value)}
              className={field}
            />
          </Field>
          <Field
            id="blog-slug"
            label="Web address (optional)"
            hint={
              madeSlug
                ? `Left empty, it is made from the title: ${madeSlug}`
                : 'Left empty, it is made from the title.'
            }
            problem={problems.slug}
          >
            <input
              {...described('blog-slug', problems.slug, true)}
              value={draft.slug}
              autoComplete="off"
              onChange={(event) => set('slug', event.target.value)}
              className={`${field} font-mono`}
            />
          </Field>
          <Field
            id="blog-excerpt"
            label="Excerpt"
            hint="Two or three sentences under the title on the journal's card."
            problem={problems.excerpt}
          >
            <textarea
              {...described('blog-excerpt', problems.excerpt, true)}
              value={draft.excerpt}
              rows={3}
              onChange={(event) => set('excerpt', event.target.value)}
              className={field}
            />
          </Field>
          <CoverPhoto
            value={draft.image}
            onChange={(url) => set('image', url)}
            problem={problems.image}
            disabled={busy}
          />
        </section>

        <section className="flex flex-col gap-2">
          <h2 id="blog-body-label" className="font-medium">
            Article
          </h2>
          <Suspense
            fallback={
              <p
                role="status"
                className="rounded-xl border border-line bg-white p-4 text-sm text-muted"
              >
                Loading the editor...
              </p>
            }
          >
            <BlogEditor
              initialHtml={draft.markup}
              onChange={(html) => set('markup', html)}
              labelId="blog-body-label"
              {...(problems.markup ? { problemId: 'blog-body-problem' } : {})}
              invalid={Boolean(problems.markup)}
            />
          </Suspense>
          {problems.markup ? (
            <p id="blog-body-problem" className="text-sm text-brand-800">
              {problems.markup}
            </p>
          ) : null}
        </section>

        <div className="flex flex-wrap gap-3">
          {published ? (
            <>
              <button type="button" className={primary} onClick={() => void save('published')}>
                {busy ? 'Saving...' : 'Save changes'}
              </button>
              <button type="button" className={button} onClick={() => void save('draft')}>
                Unpublish
              </button>
            </>
          ) : (
            <>
              <button type="button" className={primary} onClick={() => void save('published')}>
                {busy ? 'Saving...' : 'Publish'}
              </button>
              <button type="button" className={button} onClick={() => void save('draft')}>
                Save draft
              </button>
            </>
          )}
        </div>
      </fieldset>
    </form>
  );
}
