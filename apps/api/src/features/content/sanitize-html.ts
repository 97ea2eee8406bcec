import sanitizeHtml from 'sanitize-html';

/**
 * Allowlist for article bodies: structure and emphasis only. No script, style, event handler,
 * iframe or `javascript:` URL survives; links open safely.
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
    a: (tagName, attribs) => {
      const external = /^https:/i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
      };
    },
  },
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
