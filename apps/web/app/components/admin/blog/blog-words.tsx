import type { BlogState } from '@shop/domain/blog';

export const BLOG_STATE_WORDS: Record<BlogState, string> = {
  draft: 'Draft',
  published: 'Published',
};

/** A post's state as a badge: published posts are on the storefront, drafts only here. */
export function BlogStateBadge({ state }: { state: BlogState }) {
  const tone = state === 'published' ? 'bg-green-100 text-green-900' : 'bg-blush text-ink';
  return (
    <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>
      {BLOG_STATE_WORDS[state]}
    </span>
  );
}
