import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { PageHero } from './page-hero';
import { policyProseClasses } from './prose';

export interface PolicySection {
  /** Anchor for the table of contents. */
  id: string;
  title: string;
  /** Sanitized HTML (by the server, when the owner saved it), the shop's details filled in. */
  html: string;
}

/** A policy as its route's loader hands it over: finished HTML and the last-updated date. */
export interface PolicyText {
  /** ISO date for <time>, and the same date as shown ('October 8, 2025'). */
  updated: { iso: string; label: string };
  intro: string;
  /** Shown above the sections, e.g. the exchange page's hygiene notice. */
  notice: { title: string; html: string } | null;
  sections: PolicySection[];
}

/**
 * A link inside the owner's text to another page of the shop opens like every other link of the
 * shop (no full page load); other links, and clicks with a modifier key, behave as the browser's.
 */
function useInternalLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href || !href.startsWith('/') || href.startsWith('//')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void navigate(href);
  };
}

/**
 * Shared frame of the legal pages: banner with the last-updated date, an "On this page" index
 * (sticky beside the text on wide screens, a collapsible list on phones) and numbered sections.
 */
export function PolicyPage({ title, text }: { title: string; text: PolicyText }) {
  const { updated, intro, notice, sections } = text;
  const onClick = useInternalLinks();
  return (
    <>
      <PageHero eyebrow="Policies" title={title}>
        <p>
          Last updated: <time dateTime={updated.iso}>{updated.label}</time>
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 md:py-14 lg:grid-cols-[15rem_1fr]">
        <aside>
          <details className="group rounded-2xl border border-line bg-white p-4 lg:hidden">
            <summary className="cursor-pointer list-none font-semibold text-ink [&::-webkit-details-marker]:hidden">
              <span className="flex items-center justify-between">
                On this page
                <span aria-hidden="true" className="text-brand-600 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <nav aria-label="On this page">
              <PolicyIndex sections={sections} />
            </nav>
          </details>
          <nav
            aria-label="On this page"
            className="sticky top-24 hidden rounded-2xl border border-line bg-white p-5 lg:block"
          >
            <p className="text-xs font-semibold uppercase tracking-widest text-muted">
              On this page
            </p>
            <PolicyIndex sections={sections} />
          </nav>
        </aside>
        {/* The click handler only routes links inside the text; the links stay the controls. */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
        <article
          className="min-w-0 rounded-2xl border border-line bg-white p-6 md:p-10"
          onClick={onClick}
        >
          <div className={policyProseClasses} dangerouslySetInnerHTML={{ __html: intro }} />
          {notice && <PolicyNotice title={notice.title} html={notice.html} />}
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24"
            >
              <h2
                id={`${section.id}-title`}
                className="mb-3 mt-10 flex gap-3 font-serif text-2xl leading-snug text-ink"
              >
                <span className="text-brand-600">{index + 1}.</span>
                <span>{section.title}</span>
              </h2>
              <div
                className={policyProseClasses}
                dangerouslySetInnerHTML={{ __html: section.html }}
              />
            </section>
          ))}
        </article>
      </div>
    </>
  );
}

function PolicyIndex({ sections }: { sections: PolicySection[] }) {
  return (
    <ol className="mt-3 space-y-1 text-sm">
      {sections.map((section) => (
        <li key={section.id}>
          <a
            href={`#${section.id}`}
            className="block rounded-lg px-2 py-1.5 text-muted hover:bg-blush hover:text-brand-800"
          >
            {section.title}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** A tinted call-out inside a policy text. */
function PolicyNotice({ title, html }: { title: string; html: string }) {
  return (
    <div
      role="note"
      className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-5 text-brand-900 md:p-6"
    >
      <p className="font-semibold">{title}</p>
      <div
        className="mt-2 space-y-2 text-[0.9375rem] leading-relaxed [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-2 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </div>
  );
}
