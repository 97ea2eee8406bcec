import { useState } from 'react';
import { Link } from 'react-router';
import { categoryPath, subcategoryPath, useNavigationData } from '../../lib/navigation';
import { HeaderSearch } from './header-search';
import { ChevronDownIcon, CloseIcon } from './icons';
import { HeaderIcons } from './header-icons';
import { useModalDialog } from '../use-modal-dialog';

/** Below 768 px: a slide-in panel with search, category accordions and the header icons. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigation = useNavigationData();
  const [expanded, setExpanded] = useState<string | null>(null);
  const dialogRef = useModalDialog(open);

  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      aria-label="Menu"
      data-testid="mobile-menu"
      className="m-0 h-dvh max-h-none w-[min(86vw,22rem)] max-w-none bg-white p-0 text-ink backdrop:bg-ink/40 open:animate-[slide-in_200ms_ease-out] md:hidden"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-line px-4 py-3">
            <span className="font-serif text-xl text-brand-800">Lacebloom</span>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close menu"
              className="rounded-full p-2 hover:bg-blush"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="px-4 py-3">
            <HeaderSearch idPrefix="menu" onNavigate={onClose} />
          </div>
          <nav aria-label="Shop by category" className="flex-1 overflow-y-auto px-2">
            <ul>
              {navigation.map((category) => {
                const isOpen = expanded === category._id;
                const panelId = `menu-category-${category._id}`;
                return (
                  <li key={category._id} className="border-b border-line">
                    <div className="flex items-center">
                      <Link
                        to={categoryPath(category)}
                        onClick={onClose}
                        className="flex-1 px-2 py-3 text-sm font-semibold uppercase tracking-widest"
                      >
                        {category.name}
                      </Link>
                      {category.subcategories.length > 0 && (
                        <button
                          type="button"
                          aria-expanded={isOpen}
                          aria-controls={panelId}
                          aria-label={`${isOpen ? 'Hide' : 'Show'} ${category.name} subcategories`}
                          onClick={() => setExpanded(isOpen ? null : category._id)}
                          className="rounded-full p-2 hover:bg-blush"
                        >
                          <ChevronDownIcon
                            className={`h-5 w-5 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                          />
                        </button>
                      )}
                    </div>
                    {isOpen && (
                      <ul id={panelId} className="pb-2 pl-4">
                        {category.subcategories.map((subcategory) => (
                          <li key={subcategory._id}>
                            <Link
                              to={subcategoryPath(category, subcategory)}
                              onClick={onClose}
                              className="block rounded-lg px-2 py-2 text-sm text-muted hover:bg-blush hover:text-ink"
                            >
                              {subcategory.name}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="border-t border-line px-4 py-3" onClickCapture={onClose}>
            <HeaderIcons />
          </div>
        </div>
      )}
    </dialog>
  );
}
