import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../../src/features/content/sanitize-html.ts';

describe('sanitizeArticleHtml', () => {
  it('keeps article structure', () => {
    const html = '<h2>Fit</h2><p>Measure <strong>snugly</strong>.</p><ul><li>Band</li></ul>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('drops scripts, event handlers, iframes and javascript: URLs', () => {
    const dirty =
      '<p onclick="steal()">Hi</p><script>alert(1)</script><img src="x" onerror="alert(1)">' +
      '<a href="javascript:alert(1)">click</a><iframe src="https://evil.example"></iframe>' +
      '<a href="JaVaScRiPt:alert(1)">again</a><style>body{}</style>';
    const clean = sanitizeArticleHtml(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|iframe|javascript:|<style/i);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('opens external links safely and keeps in-site links', () => {
    const clean = sanitizeArticleHtml(
      '<a href="https://example.com">x</a><a href="/products/bras">y</a>',
    );
    expect(clean).toContain('rel="noopener noreferrer"');
    expect(clean).toContain('target="_blank"');
  });
});

describe('article pictures and links from the editor', () => {
  it("keeps pictures over https and from the shop's media route, with their alt text", () => {
    const html =
      '<p><img src="/media/uploads/0b6f1c2e-4a7d-4f55-9a4e-1d2c3b4a5e6f?w=1200" alt="Lace detail" /></p>' +
      '<p><img src="https://images.example.com/a.jpg" alt="Elsewhere" /></p>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('drops pictures from anywhere else', () => {
    const clean = sanitizeArticleHtml(
      '<img src="http://plain.example/a.jpg" alt="a"><img src="//evil.example/a.jpg" alt="b">' +
        '<img src="/api/admin/staff" alt="c"><img src="data:image/svg+xml,&lt;svg&gt;" alt="d">' +
        '<img src="/media/../api/x" alt="e"><img alt="f">',
    );
    expect(clean).toBe('');
  });

  it("lets the server decide how links open: other sites in a new tab, the shop's pages in place", () => {
    const clean = sanitizeArticleHtml(
      '<a href="https://example.com" target="_self" rel="opener">x</a>' +
        '<a href="/products/bras" target="_blank" rel="nofollow">y</a>',
    );
    expect(clean).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>' +
        '<a href="/products/bras">y</a>',
    );
  });
});
