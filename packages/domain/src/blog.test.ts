import { describe, expect, it } from 'vitest';
import { blogSlug, firstPublishedAt, hasArticleBody } from './blog.ts';

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
