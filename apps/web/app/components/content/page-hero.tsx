import type { ReactNode } from 'react';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}

/** The soft banner that opens every content page: small label, serif title, one line of intro. */
export function PageHero({ eyebrow, title, children }: PageHeroProps) {
  return (
    <div className="relative overflow-hidden border-b border-line bg-gradient-to-br from-brand-50 via-blush to-cream">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-brand-100/70 blur-3xl"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-12 text-center md:py-16">
        {eyebrow && (
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-700">
            {eyebrow}
          </p>
        )}
        <h1 className="mt-2 font-serif text-4xl leading-tight text-ink md:text-5xl">{title}</h1>
        {children && (
          <div className="mx-auto mt-4 max-w-2xl text-base text-muted md:text-lg">{children}</div>
        )}
      </div>
    </div>
  );
}
