import sanitizeHtml from 'sanitize-html';
import { isArticleImageSource } from '@shop/domain/blog';

/**
 * Allowlist for article bodies: structure and emphasis only, what the back office's editor makes
 * (headings, paragraphs, bold and italic, lists, quotes, links, pictures). No script, style, event
 * handler, iframe or `javascript:` URL survives; links to other sites open safely in a new tab;
 * pictures come only from https or the shop's media route.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'u',
    'blockquote',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope'],
  },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The server decides how a link opens: another site in a new tab that cannot reach back to
    // this page; the shop's own pages (and mail addresses) in place.
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...rest } = attribs;
      const external = /^https:/i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest,
      };
    },
  },
  // A picture whose address is not allowed is removed whole (an <img> without src is nothing).
  exclusiveFilter: (frame) => frame.tag === 'img' && !isArticleImageSource(frame.attribs.src),
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/**
 * Allowlist for the shop's policy texts: the article's, plus call links and the two marked lists
 * of the exchange page (a tick list of what can be exchanged, a cross list of what cannot).
 */
const pageOptions: sanitizeHtml.IOptions = {
  ...options,
  allowedTags: (options.allowedTags as string[]).filter((tag) => tag !== 'img'),
  allowedAttributes: { ...(options.allowedAttributes as Record<string, string[]>), ul: ['class'] },
  allowedClasses: { ul: ['check-list', 'cross-list'] },
  allowedSchemes: ['https', 'mailto', 'tel'],
};

export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, pageOptions);
}
