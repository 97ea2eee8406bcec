import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { categoryPath, subcategoryPath, useNavigationData } from '../../lib/navigation';
import { HeaderSearch } from './header-search';
import { HeaderIcons } from './header-icons';
import { CloseIcon, MenuIcon, SearchIcon } from './icons';
import { MobileMenu } from './mobile-menu';

/** The header shows the first four categories. */
export const HEADER_CATEGORY_COUNT = 4;

export function Header() {
  const navigation = useNavigationData();
  const [menuOpen, setMenuOpen] = useState(false);
  const [phoneSearch, setPhoneSearch] = usePhoneSearch();
  const headerCategories = navigation.slice(0, HEADER_CATEGORY_COUNT);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <button
          type="button"
          className="rounded-full p-2 hover:bg-blush md:hidden"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
        <Link
          to="/"
          className="font-serif text-2xl tracking-wide text-brand-800"
          aria-label="Lacebloom home"
        >
          Lacebloom
        </Link>

        <nav aria-label="Categories" className="ml-6 hidden h-full md:flex">
          <ul className="flex h-full items-stretch gap-1">
            {headerCategories.map((category) => (
              <li key={category._id} className="group relative flex items-center">
                <NavLink
                  to={categoryPath(category)}
                  className={({ isActive }) =>
                    `px-3 py-2 text-xs font-semibold uppercase tracking-widest hover:text-brand-700 ${isActive ? 'text-brand-700' : 'text-ink'}`
                  }
                >
                  {category.name}
                </NavLink>
                {category.subcategories.length > 0 && (
                  <div className="invisible absolute left-0 top-full z-50 min-w-56 rounded-b-xl border border-line bg-white p-2 opacity-0 shadow-lg transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
                    <ul>
                      {category.subcategories.map((subcategory) => (
                        <li key={subcategory._id}>
                          <Link
                            to={subcategoryPath(category, subcategory)}
                            className="block rounded-lg px-3 py-2 text-sm hover:bg-blush hover:text-brand-700"
                          >
                            {subcategory.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto hidden w-full max-w-xs md:block lg:max-w-sm">
          <HeaderSearch idPrefix="header" />
        </div>
        <div className="ml-auto flex items-center md:ml-2">
          <button
            type="button"
            className="rounded-full p-2 text-ink hover:bg-blush hover:text-brand-700 md:hidden"
            aria-label={phoneSearch ? 'Close search' : 'Search'}
            aria-expanded={phoneSearch}
            aria-controls={phoneSearch ? 'phone-search-bar' : undefined}
            onClick={() => setPhoneSearch(!phoneSearch)}
          >
            {phoneSearch ? <CloseIcon /> : <SearchIcon />}
          </button>
          <HeaderIcons />
        </div>
      </div>
      {phoneSearch && (
        <div id="phone-search-bar" className="border-t border-line px-4 py-2.5 md:hidden">
          <HeaderSearch idPrefix="phone" focusOnOpen onNavigate={() => setPhoneSearch(false)} />
        </div>
      )}
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}

/**
 * Below 768 px the header's search button opens a search bar under the header, focused; it
 * closes again when the shopper moves to another page.
 */
function usePhoneSearch() {
  const { pathname, search } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const here = pathname + search;
  const open = openOn === here;
  return [open, (next: boolean) => setOpenOn(next ? here : null)] as const;
}
