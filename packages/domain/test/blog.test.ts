import { describe, expect, it } from 'vitest';
import { blogSlug, firstPublishedAt, hasArticleBody, isArticleImageSource } from '../src/blog.ts';

describe('blogSlug', () => {
  it('comes from the title unless one is typed', () => {
    expect(blogSlug('How to Measure Your Bra Size', '')).toBe('how-to-measure-your-bra-size');
    expect(blogSlug('Anything', '  Fit-Guide ')).toBe('fit-guide');
    expect(blogSlug('!!!', undefined)).toBe('');
  });
});

describe('firstPublishedAt', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  const earlier = new Date('2026-10-01T08:00:00Z');

  it('is null while a post was never published', () => {
    expect(firstPublishedAt(null, 'draft', now)).toBeNull();
  });
  it('is set the first time the post is published', () => {
    expect(firstPublishedAt(null, 'published', now)).toEqual(now);
  });
  it('keeps the first day through unpublishing and publishing again', () => {
    expect(firstPublishedAt(earlier, 'draft', now)).toEqual(earlier);
    expect(firstPublishedAt(earlier, 'published', now)).toEqual(earlier);
  });
});

describe('hasArticleBody', () => {
  it('refuses an empty editor document and keeps text or a picture', () => {
    expect(hasArticleBody('<p></p>')).toBe(false);
    expect(hasArticleBody('<p>&nbsp; </p><h2> </h2>')).toBe(false);
    expect(hasArticleBody('<p>Hello</p>')).toBe(true);
    expect(hasArticleBody('<p><img src="/media/uploads/x" alt="A"></p>')).toBe(true);
  });
});

describe('isArticleImageSource', () => {
  it("takes https and the shop's media route, nothing else", () => {
    expect(isArticleImageSource('/media/uploads/0b6f1c2e-4a7d-4f55-9a4e-1d2c3b4a5e6f?w=1200')).toBe(
      true,
    );
    expect(isArticleImageSource('/media/blogs/fit-guide')).toBe(true);
    expect(isArticleImageSource('https://images.example.com/a.jpg')).toBe(true);
    for (const src of [
      'x',
      'http://a.example/a.jpg',
      '//a.example/a.jpg',
      '/api/admin/staff',
      '/media/../api',
      'data:image/png;base64,AA',
      undefined,
    ]) {
      expect(isArticleImageSource(src)).toBe(false);
    }
  });
});
