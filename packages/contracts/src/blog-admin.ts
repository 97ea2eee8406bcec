// The back office's journal: the one schema of a post as the author edits it (shared by the
// editor's form and POST/PATCH /api/admin/blog), the list's query, and the answers. The body is
// HTML from the rich-text editor; the server sanitizes it against the article allowlist before
// storing it, so nothing here trusts it. zod/mini because the form ships it to the browser.
import * as z from 'zod/mini';
import { blogRuleMessages, blogSlug, blogStates, hasArticleBody } from '@shop/domain/blog';
import { SLUG_PATTERN } from '@shop/domain/products';
import { optionalText, plainText, requiredText, successEnvelope } from './common-mini.ts';
import { invalidCursorMessage, keysetPageQuery, nextCursor } from './keyset-page.ts';

/** The longest article body accepted, in characters of HTML (a long guide is about 30,000). */
export const MAX_ARTICLE_HTML = 200_000;

export const blogFormMessages = {
  title: 'Give the post a title.',
  slug: 'A web address is lower-case letters and digits joined by hyphens, e.g. fit-guide.',
  slugFromTitle: blogRuleMessages.slugFromTitle,
  excerpt: 'The excerpt holds a character that cannot be stored.',
  image: 'Upload the cover photo again.',
  body: `The article is too long (at most ${MAX_ARTICLE_HTML.toLocaleString('en-IN')} characters of formatting).`,
  emptyBody: blogRuleMessages.emptyBody,
  status: 'Choose draft or published.',
  invalidCursor: invalidCursorMessage,
} as const;

/** A cover photo: an address the shop's media route serves, or null for none. */
const coverAddress = z.nullable(
  z
    .string({ error: blogFormMessages.image })
    .check(
      z.regex(/^\/media\/[A-Za-z0-9/_.-]+$/, { error: blogFormMessages.image }),
      z.maxLength(300, { error: blogFormMessages.image }),
    ),
);

/** A post as the form saves it, the whole form each time (create and edit alike). */
export const blogInput = z
  .object({
    title: requiredText(blogFormMessages.title, 160),
    /** Empty: made from the title. */
    slug: z._default(
      z.string({ error: blogFormMessages.slug }).check(
        z.trim(),
        z.toLowerCase(),
        z.refine((value) => value === '' || SLUG_PATTERN.test(value), {
          error: blogFormMessages.slug,
        }),
        z.maxLength(120, { error: blogFormMessages.slug }),
      ),
      '',
    ),
    /** The journal card's teaser (the storefront's `content`). */
    excerpt: optionalText(blogFormMessages.excerpt, 400, 'multiline'),
    image: z._default(coverAddress, null),
    /** The editor's HTML; sanitized by the server before it is stored. */
    markup: z._default(
      z
        .string({ error: blogFormMessages.body })
        .check(
          z.maxLength(MAX_ARTICLE_HTML, { error: blogFormMessages.body }),
          plainText(blogFormMessages.body, 'multiline'),
        ),
      '',
    ),
    status: z.enum(blogStates, { error: blogFormMessages.status }),
  })
  .check(
    z.refine((post) => SLUG_PATTERN.test(blogSlug(post.title, post.slug)), {
      error: blogFormMessages.slugFromTitle,
      path: ['slug'],
    }),
    z.refine((post) => post.status === 'draft' || hasArticleBody(post.markup), {
      error: blogFormMessages.emptyBody,
      path: ['markup'],
    }),
  );
export type BlogInputValues = z.input<typeof blogInput>;
export type BlogInput = z.output<typeof blogInput>;

export const blogIdParams = z.object({
  id: z.string().check(z.uuid({ error: 'Invalid blog id' })),
});

/** `GET /admin/blog`: by words of the title and by state, last changed first, a keyset page at a time. */
export const adminBlogQuery = z.object({
  q: z._default(
    z.string().check(z.trim(), z.maxLength(80), plainText('Invalid q: must be text')),
    '',
  ),
  status: z.optional(z.enum(blogStates, { error: 'Unknown state' })),
  ...keysetPageQuery(20),
});
export type AdminBlogQueryInput = z.input<typeof adminBlogQuery>;
export type AdminBlogQuery = z.output<typeof adminBlogQuery>;

// ---------- answers ----------

export const adminBlogSummary = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(blogStates),
  image: z.nullable(z.string()),
  /** When it was first published; null while it never was. */
  publishedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBlogSummary = z.infer<typeof adminBlogSummary>;

export const adminBlog = z.extend(adminBlogSummary, {
  excerpt: z.string(),
  /** As stored: already sanitized. */
  markup: z.string(),
});
export type AdminBlog = z.infer<typeof adminBlog>;

export const adminBlogPage = z.object({ posts: z.array(adminBlogSummary), next: nextCursor });
export type AdminBlogPage = z.infer<typeof adminBlogPage>;

export const adminBlogPageResponse = successEnvelope(adminBlogPage);
export const adminBlogResponse = successEnvelope(adminBlog);
export const blogDeletionResponse = successEnvelope(z.object({ id: z.string() }));
