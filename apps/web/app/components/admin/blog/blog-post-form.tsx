import { lazy, Suspense } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { blogInput, type AdminBlog, type BlogInput } from '@shop/contracts/blog-admin';
import { blogSlug, type BlogState } from '@shop/domain/blog';
import { useAuth } from '../../../lib/auth-session';
import { mediaUrl } from '../../../lib/media';
import { PhotoDropZone, UploadList, usePhotoUploads } from '../media/photo-manager';
import { Field, FieldMessage, Form, FormError, TextArea, useFieldError } from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';
import { blogApi } from './blog-api';

// The editor is a chunk of its own, fetched when this form first shows (blog-editor.tsx).
const BlogEditor = lazy(() =>
  import('./blog-editor').then((module) => ({ default: module.BlogEditor })),
);

const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const primary =
  'rounded-full bg-brand-600 px-6 py-2.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60';

type BlogValues = ReturnType<typeof valuesOf>;

const valuesOf = (post: AdminBlog | undefined) => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  excerpt: post?.excerpt ?? '',
  image: post?.image ?? null,
  markup: post?.markup ?? '',
  status: post?.status ?? ('draft' as BlogState),
});

/** The cover photo, uploaded through the photo library's pipeline as product photos are. */
function CoverPhoto({ disabled }: { disabled: boolean }) {
  const {
    field: { value, onChange },
  } = useController<BlogValues, 'image'>({ name: 'image' });
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
      <FieldMessage name="image" />
    </fieldset>
  );
}

/** The article, written in the editor; its problem shown below it. */
function Article() {
  const {
    field: { value, onChange },
  } = useController<BlogValues, 'markup'>({ name: 'markup' });
  const problem = useFieldError('markup');
  return (
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
          // The editor keeps its own document: it reads the value once.
          initialHtml={value}
          onChange={onChange}
          labelId="blog-body-label"
          {...(problem ? { problemId: 'blog-body-problem' } : {})}
          invalid={Boolean(problem)}
        />
      </Suspense>
      <FieldMessage name="markup" id="blog-body-problem" />
    </section>
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
  const form = useAdminForm(blogInput, valuesOf(post), {
    invalidMessage: 'Please correct the fields marked below.',
  });
  const busy = form.busy;
  const title = useWatch({ control: form.control, name: 'title' });

  async function save(values: BlogInput) {
    const answer = await authed((api) =>
      post ? blogApi(api).update(post.id, values) : blogApi(api).create(values),
    );
    onSaved(answer.data, answer.message);
  }
  /** The buttons save the post as a draft or published. */
  const saveAs = (status: BlogState) => {
    form.setValue('status', status);
    void form.onSubmit(save)();
  };

  const madeSlug = blogSlug(title ?? '', '');
  const published = post?.status === 'published';

  return (
    <Form
      form={form}
      onSubmit={save}
      // Enter in a field saves without changing the post's state.
      onSubmitCapture={() => form.setValue('status', post?.status ?? 'draft')}
      aria-label={post ? 'Edit the post' : 'New post'}
    >
      <fieldset disabled={busy} className="flex flex-col gap-5">
        <FormError status={form.status} />
        <section className="grid gap-4 rounded-2xl border border-line bg-white p-4">
          <Field name="title" id="blog-title" label="Title" />
          <Field
            name="slug"
            id="blog-slug"
            label="Web address (optional)"
            hint={
              madeSlug
                ? `Left empty, it is made from the title: ${madeSlug}`
                : 'Left empty, it is made from the title.'
            }
            autoComplete="off"
            inputClassName="font-mono"
          />
          <TextArea
            name="excerpt"
            id="blog-excerpt"
            label="Excerpt"
            hint="Two or three sentences under the title on the journal's card."
            rows={3}
          />
          <CoverPhoto disabled={busy} />
        </section>

        <Article />

        <div className="flex flex-wrap gap-3">
          {published ? (
            <>
              <button type="button" className={primary} onClick={() => saveAs('published')}>
                {busy ? 'Saving...' : 'Save changes'}
              </button>
              <button type="button" className={button} onClick={() => saveAs('draft')}>
                Unpublish
              </button>
            </>
          ) : (
            <>
              <button type="button" className={primary} onClick={() => saveAs('published')}>
                {busy ? 'Saving...' : 'Publish'}
              </button>
              <button type="button" className={button} onClick={() => saveAs('draft')}>
                Save draft
              </button>
            </>
          )}
        </div>
      </fieldset>
    </Form>
  );
}
