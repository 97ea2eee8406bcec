// The journal's rules: an article is a draft until it is published; the storefront shows published
// ones only; its date is the day it was first published (unpublishing and publishing again keeps
// that day, so a corrected article does not jump to the top of the journal); its web address is
// unique and comes from the title unless the author types one.
import { slugify } from './catalogue.ts';

export const blogStates = ['draft', 'published'] as const;
export type BlogState = (typeof blogStates)[number];

export const blogRuleMessages = {
  notFound: 'Blog not found',
  slugTaken: (slug: string, otherTitle: string) =>
    `The web address "${slug}" is already used by the post "${otherTitle}". Choose another.`,
  slugFromTitle:
    'The title has no letters or digits to make a web address from: type one, e.g. fit-guide.',
  emptyBody: 'Write the article before publishing it (a draft may be empty).',
  photoGone: 'A photo of this post was deleted from the library: upload it again.',
} as const;

/** The post's web address: the one the author typed (trimmed, lower-cased), else from the title. */
export function blogSlug(title: string, typed: string | undefined | null): string {
  const own = typed?.trim().toLowerCase() ?? '';
  return own !== '' ? own : slugify(title);
}

/**
 * When the post was first published: kept once set (unpublishing keeps it, publishing again
 * reuses it), set to `now` the first time the post is saved as published, null while it never was.
 */
export function firstPublishedAt(previous: Date | null, state: BlogState, now: Date): Date | null {
  if (previous) return previous;
  return state === 'published' ? now : null;
}

/**
 * Whether article HTML has something to read: text outside the tags, or a picture. An editor's
 * empty document (`<p></p>`) has neither.
 */
export function hasArticleBody(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .trim();
  return text !== '';
}

/**
 * A picture inside an article: served over https, or by the shop's own media route (an upload's
 * rendition, `/media/uploads/<id>?w=1200`). Any other address (another path of this site, `data:`,
 * `http:`, a protocol-relative `//host`, a `..` step out of /media) could make a reader's browser
 * call something on their behalf or load a picture without encryption, so it is not kept.
 */
const ARTICLE_IMAGE_SOURCE =
  /^(https:\/\/[^\s"'<>]+|\/media(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+(\?w=\d{1,4})?)$/;

/** Whether `src` may be an article picture's address (the server's allowlist and the editor's paste). */
export function isArticleImageSource(src: string | undefined | null): boolean {
  return typeof src === 'string' && ARTICLE_IMAGE_SOURCE.test(src);
}
