import { Link } from 'react-router';
import { subcategoryPath, useNavigationData, type NavCategory } from '../../lib/navigation';

export interface StripItem {
  key: string;
  name: string;
  /** null when the subcategory's category cannot be found: the name is shown but goes nowhere. */
  href: string | null;
}

/** Every subcategory of the navigation, linked through its own category. */
export function heroStripItems(navigation: NavCategory[]): StripItem[] {
  const categoriesById = new Map(navigation.map((category) => [category._id, category]));
  return navigation.flatMap((group) =>
    group.subcategories.map((subcategory) => {
      const category = categoriesById.get(subcategory.category._id);
      return {
        key: subcategory._id,
        name: subcategory.name,
        href: category ? subcategoryPath(category, subcategory) : null,
      };
    }),
  );
}

/** 'SHOP NOW' buttons go to their listing and glide back to the top. */
export const scrollToTopSmoothly = () => window.scrollTo({ top: 0, behavior: 'smooth' });

function Strip({ items, copy }: { items: StripItem[]; copy: 'first' | 'second' }) {
  const hidden = copy === 'second';
  return (
    <ul className="flex shrink-0 items-center gap-8 pr-8" aria-hidden={hidden || undefined}>
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-8 whitespace-nowrap">
          {item.href ? (
            <Link
              to={item.href}
              tabIndex={hidden ? -1 : undefined}
              className="font-serif text-lg italic text-brand-800 hover:text-brand-600 hover:underline md:text-xl"
            >
              {item.name}
            </Link>
          ) : (
            <span className="font-serif text-lg italic text-brand-800 md:text-xl">{item.name}</span>
          )}
          <span aria-hidden="true" className="text-brand-300">
            ✿
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Brand story, a scrolling strip of subcategories, READ MORE and SHOP NOW. */
export function Hero() {
  const items = heroStripItems(useNavigationData());
  return (
    <section className="bg-white" aria-labelledby="hero-heading" data-section="hero">
      <div className="mx-auto max-w-4xl px-4 py-12 text-center md:py-16">
        <p className="text-xs font-semibold uppercase tracking-[0.3em] text-brand-700">
          Made in India, made for you
        </p>
        <h1 id="hero-heading" className="mt-3 font-serif text-3xl text-ink md:text-5xl">
          Lingerie that feels like a second skin
        </h1>
        <p className="mx-auto mt-5 max-w-2xl leading-relaxed text-muted md:text-lg">
          Lacebloom began with a simple frustration: beautiful lingerie that pinched, and
          comfortable basics that never felt special. So we set out to make both in one, with
          breathable cottons and soft laces chosen for Indian summers, bands and cups cut for real
          Indian sizes, and prices that let you build a drawer you love. From everyday T-shirt bras
          to sleepwear for slow Sundays, every piece is designed to be lived in.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to="/blogs"
            className="rounded-full border border-brand-700 px-7 py-3 text-sm font-semibold tracking-widest text-brand-700 transition hover:bg-brand-50"
          >
            READ MORE
          </Link>
          <Link
            to="/products/all"
            onClick={scrollToTopSmoothly}
            className="rounded-full bg-brand-700 px-7 py-3 text-sm font-semibold tracking-widest text-white transition hover:bg-brand-800"
          >
            SHOP NOW
          </Link>
        </div>
      </div>
      {items.length > 0 && (
        <nav
          aria-label="Shop by style"
          className="group overflow-hidden border-y border-line bg-blush py-4 motion-reduce:overflow-x-auto"
          data-testid="hero-strip"
        >
          <div className="flex w-max animate-marquee-slow group-hover:[animation-play-state:paused] group-focus-within:[animation-play-state:paused]">
            <Strip items={items} copy="first" />
            <Strip items={items} copy="second" />
          </div>
        </nav>
      )}
    </section>
  );
}
