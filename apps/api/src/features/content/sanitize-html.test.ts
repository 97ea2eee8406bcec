import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize-html.ts';

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
