import sanitizeHtml from 'sanitize-html';

/**
 * A picture inside an article: served over https, or by the shop's own media route (an upload's
 * rendition, `/media/uploads/<id>?w=1200`). Any other address (another path of this site, `data:`,
 * `http:`, a protocol-relative `//host`) could make a reader's browser call something on their
 * behalf or load a picture without encryption, so the picture is dropped.
 */
const IMAGE_SOURCE =
  /^(https:\/\/[^\s"'<>]+|\/media(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+(\?w=\d{1,4})?)$/;

/** Whether `src` may be an article picture's address. */
export function isArticleImageSource(src: string | undefined): boolean {
  return src !== undefined && IMAGE_SOURCE.test(src);
}

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
