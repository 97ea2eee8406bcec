import type { Category } from '@shop/contracts/catalogue';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { imageWidths } from '../../lib/media';
import { categoryPath, useNavigationData } from '../../lib/navigation';
import { ResponsiveImage } from '../responsive-image';
import { useChipsThatFit } from './chip-fit';
import type { Loaded } from './home-data';
import { ChevronLeftIcon, ChevronRightIcon } from '../layout/icons';

/** Subcategory chips wrap onto at most two rows under a card's name. */
const CHIP_ROWS = 2;
/** Chips shown before the page is interactive, when the row cannot be measured yet. */
const CHIPS_BEFORE_MEASURING = 2;

const chipClass = 'rounded-full bg-blush px-2 py-0.5 text-xs text-muted';
const moreClass = 'px-1 py-0.5 text-xs font-medium text-brand-700';

/**
 * The category's subcategory names as chips: as many as fit the card's two rows, and a '+N more'
 * label whenever some are left out, so a shopper knows the category holds more.
 */
function SubcategoryChips({ category, names }: { category: Category; names: string[] }) {
  const list = useRef<HTMLUListElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const shown = useChipsThatFit(list, measure, names.length, CHIP_ROWS, CHIPS_BEFORE_MEASURING);
  const hidden = names.length - shown;
  return (
    <div className="relative mt-2">
      <ul
        ref={list}
        className="flex h-12 flex-wrap content-start gap-1 overflow-hidden"
        aria-label={`${category.name} styles`}
        data-testid="category-chips"
      >
        {names.slice(0, shown).map((name) => (
          <li key={name} className={`max-w-full truncate ${chipClass}`} title={name}>
            {name}
          </li>
        ))}
        {hidden > 0 && (
          <li className={moreClass} data-testid="category-chips-more">
            +{hidden} more
          </li>
        )}
      </ul>
      {/* Every chip at its natural width, out of sight, for measuring what fits. */}
      <div aria-hidden="true" className="invisible absolute inset-x-0 top-0 h-0 overflow-hidden">
        <div ref={measure} className="flex w-max gap-1 whitespace-nowrap">
          {names.map((name) => (
            <span key={name} className={chipClass}>
              {name}
            </span>
          ))}
          <span className={moreClass}>+{names.length} more</span>
        </div>
      </div>
    </div>
  );
}

function CategoryCard({
  category,
  subcategories,
}: {
  category: Category;
  subcategories: string[];
}) {
  return (
    <li className="w-40 shrink-0 snap-start md:w-56">
      <Link
        to={categoryPath(category)}
        className="group block rounded-xl focus-visible:outline-offset-4"
        data-testid="category-card"
      >
        <div className="aspect-square overflow-hidden rounded-xl bg-blush">
          <ResponsiveImage
            src={category.image ?? ''}
            alt=""
            width={400}
            height={400}
            widths={imageWidths.card}
            sizes="(min-width: 768px) 224px, 160px"
            className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        </div>
        <h3 className="mt-3 font-serif text-lg text-ink group-hover:text-brand-700">
          {category.name}
        </h3>
      </Link>
      {subcategories.length > 0 ? (
        <SubcategoryChips category={category} names={subcategories} />
      ) : (
        <p className="mt-2 h-12 text-xs text-muted">No subcategories available</p>
      )}
    </li>
  );
}

/** 'There's More to explore': one card per category, scrolled sideways with snap and arrows. */
export function CategoryCarousel({ state }: { state: Loaded<Category[]> }) {
  const navigation = useNavigationData();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });

  const scrollBy = (direction: 1 | -1) => {
    const element = track.current;
    if (!element) return;
    element.scrollBy({ left: direction * element.clientWidth * 0.8, behavior: 'smooth' });
  };
  const updateEdges = () => {
    const element = track.current;
    if (!element) return;
    setEdges({
      start: element.scrollLeft <= 1,
      end: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1,
    });
  };

  // The arrows start right once the track's width is known (and stay right when it changes).
  useEffect(() => {
    const element = track.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => updateEdges());
    observer.observe(element);
    return () => observer.disconnect();
  });

  const arrow =
    'flex h-10 w-10 items-center justify-center rounded-full border border-line bg-white text-ink transition hover:border-brand-400 disabled:opacity-40';
  const categories = state.ok ? state.data : [];

  return (
    <section
      className="mx-auto max-w-7xl px-4 py-12 md:py-16"
      aria-labelledby="explore-heading"
      data-section="categories"
    >
      <div className="flex items-end justify-between gap-4">
        <h2 id="explore-heading" className="font-serif text-2xl text-ink md:text-4xl">
          There&apos;s More to explore
        </h2>
        {categories.length > 0 && (
          <div className="flex gap-2">
            <button
              type="button"
              className={arrow}
              aria-label="Previous categories"
              onClick={() => scrollBy(-1)}
              disabled={edges.start}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className={arrow}
              aria-label="Next categories"
              onClick={() => scrollBy(1)}
              disabled={edges.end}
            >
              <ChevronRightIcon />
            </button>
          </div>
        )}
      </div>
      {!state.ok ? (
        <p className="mt-6 text-muted" role="alert">
          Failed to load categories. Please try again later.
        </p>
      ) : categories.length === 0 ? (
        <p className="mt-6 text-muted">No categories available at the moment.</p>
      ) : (
        <ul
          ref={track}
          onScroll={updateEdges}
          className="-mx-4 mt-6 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 [scrollbar-width:none] md:gap-6"
          data-testid="category-track"
        >
          {categories.map((category) => (
            <CategoryCard
              key={category._id}
              category={category}
              subcategories={
                navigation
                  .find((entry) => entry._id === category._id)
                  ?.subcategories.map((subcategory) => subcategory.name) ?? []
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}
