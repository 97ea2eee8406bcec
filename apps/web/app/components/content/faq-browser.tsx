import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PlusIcon } from './content-icons';

/** One FAQ entry as shown: its answer in paragraphs. */
export interface FaqItem {
  question: string;
  answer: string[];
}

/** A topic of the FAQ: the owner's questions and answers, the shop's details filled in. */
export interface FaqGroup {
  id: string;
  title: string;
  description: string;
  items: FaqItem[];
}

/**
 * The FAQ accordions with a sticky panel (768 px and wider) naming the group being read. Each
 * question is a native <details>, so answers toggle without JavaScript and several can be open.
 */
export function FaqBrowser({ groups }: { groups: FaqGroup[] }) {
  const [activeId, setActiveId] = useState(groups[0]?.id ?? '');
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof IntersectionObserver === 'undefined') return;
    const sections = Array.from(list.querySelectorAll<HTMLElement>('[data-faq-group]'));
    // The group being read is the last one whose top has passed a line 40% down the viewport
    // (the first group while none has). The observer only says when to look again: whenever a
    // group enters or leaves a thin band just above that line, including after a jump.
    const pickActive = () => {
      const line = window.innerHeight * 0.4;
      let current = sections[0];
      for (const section of sections) {
        if (section.getBoundingClientRect().top <= line) current = section;
      }
      if (current) setActiveId(current.id);
    };
    const observer = new IntersectionObserver(pickActive, { rootMargin: '-35% 0px -60% 0px' });
    sections.forEach((section) => observer.observe(section));
    return () => observer.disconnect();
  }, []);

  const activeIndex = Math.max(
    0,
    groups.findIndex((group) => group.id === activeId),
  );
  const active = groups[activeIndex];

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 md:grid-cols-[17rem_1fr] md:py-14 lg:grid-cols-[20rem_1fr] lg:gap-14">
      <nav aria-label="FAQ topics" className="-mx-4 overflow-x-auto px-4 md:hidden">
        <ul className="flex gap-2 whitespace-nowrap">
          {groups.map((group) => (
            <li key={group.id}>
              <a
                href={`#${group.id}`}
                className="inline-block rounded-full border border-line bg-white px-4 py-2 text-sm font-medium text-ink hover:border-brand-300 hover:text-brand-800"
              >
                {group.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <aside className="hidden md:block" aria-label="Current topic">
        <div
          id="faq-current-group"
          className="sticky top-24 overflow-hidden rounded-3xl bg-brand-900 p-7 text-brand-50"
        >
          {active && (
            <div
              key={active.id}
              className="transition duration-300 ease-out starting:translate-y-1 starting:opacity-0"
            >
              <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-200">
                Topic {activeIndex + 1} of {groups.length}
              </p>
              <p
                data-testid="faq-panel-title"
                className="mt-3 font-serif text-3xl leading-tight text-white"
              >
                {active.title}
              </p>
              <p
                data-testid="faq-panel-description"
                className="mt-3 leading-relaxed text-brand-100"
              >
                {active.description}
              </p>
            </div>
          )}
          <nav aria-label="FAQ topics">
            <ul className="mt-7 space-y-1 border-t border-white/15 pt-5 text-sm">
              {groups.map((group) => (
                <li key={group.id}>
                  <a
                    href={`#${group.id}`}
                    aria-current={group.id === active?.id ? 'true' : undefined}
                    className="flex items-center gap-3 rounded-lg px-3 py-2 text-brand-100 hover:bg-white/10 hover:text-white aria-[current=true]:bg-white/15 aria-[current=true]:font-semibold aria-[current=true]:text-white"
                  >
                    <span
                      aria-hidden="true"
                      className="h-1.5 w-1.5 rounded-full bg-current opacity-60"
                    />
                    {group.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p className="mt-6 text-sm text-brand-100">
            Still need help?{' '}
            <Link to="/contact" className="font-semibold text-white underline underline-offset-4">
              Contact us
            </Link>
          </p>
        </div>
      </aside>

      <div ref={listRef} className="min-w-0 space-y-12">
        {groups.map((group) => (
          <section
            key={group.id}
            id={group.id}
            data-faq-group=""
            aria-labelledby={`${group.id}-title`}
            className="scroll-mt-24"
          >
            <h2 id={`${group.id}-title`} className="font-serif text-2xl text-ink md:text-3xl">
              {group.title}
            </h2>
            <p className="mt-1 text-muted md:hidden">{group.description}</p>
            <div className="mt-5 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white">
              {group.items.map((item, index) => (
                <details key={`${index}-${item.question}`} className="group">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium text-ink hover:bg-blush/60 focus-visible:-outline-offset-2 [&::-webkit-details-marker]:hidden">
                    <span>{item.question}</span>
                    <PlusIcon className="h-5 w-5 shrink-0 text-brand-600 transition-transform duration-200 group-open:rotate-45" />
                  </summary>
                  <div className="space-y-3 px-5 pb-5 leading-relaxed text-muted">
                    {item.answer.map((paragraph, index) => (
                      <p key={index}>{paragraph}</p>
                    ))}
                  </div>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
