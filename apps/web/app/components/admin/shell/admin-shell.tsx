import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { hasRole } from '@shop/domain/roles';
import { useAuth } from '../../../lib/auth-session';

interface NavItem {
  label: string;
  /** Screens not built yet are listed, marked "Soon", and not links. */
  to: string | null;
  end?: boolean;
  /** Owners' screens: staff are not shown the link (the screen and its API refuse them too). */
  ownerOnly?: boolean;
}

const NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: '/admin', end: true },
  { label: 'Orders', to: '/admin/orders' },
  { label: 'Dispatch', to: '/admin/dispatch' },
  { label: 'Returns', to: '/admin/returns' },
  { label: 'Customers', to: '/admin/customers' },
  { label: 'Grievances', to: '/admin/grievances' },
  { label: 'Reviews', to: '/admin/reviews' },
  { label: 'Products', to: '/admin/products' },
  { label: 'Stock', to: '/admin/stock' },
  { label: 'Categories', to: '/admin/categories' },
  { label: 'Size charts', to: '/admin/size-charts' },
  { label: 'Banners', to: '/admin/banners' },
  { label: 'Journal', to: '/admin/blog' },
  { label: 'Photos', to: '/admin/media' },
  { label: 'Discounts', to: '/admin/discounts' },
  { label: 'Offers', to: '/admin/offers' },
  { label: 'Staff', to: '/admin/staff', ownerOnly: true },
  { label: 'Pages', to: '/admin/pages', ownerOnly: true },
  { label: 'Settings', to: '/admin/settings', ownerOnly: true },
  { label: 'GST returns', to: '/admin/gst', ownerOnly: true },
  { label: 'Audit log', to: '/admin/audit' },
];

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useAuth();
  const owner = user ? hasRole(user.role, 'owner') : false;
  return (
    <ul className="flex flex-col gap-1">
      {NAV.filter((item) => owner || !item.ownerOnly).map((item) => (
        <li key={item.label}>
          {item.to ? (
            <NavLink
              to={item.to}
              end={item.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                `block rounded-xl px-3 py-2 font-medium ${
                  isActive ? 'bg-brand-100 text-brand-800' : 'text-ink hover:bg-blush'
                }`
              }
            >
              {item.label}
            </NavLink>
          ) : (
            <span className="flex items-center justify-between rounded-xl px-3 py-2 text-muted">
              {item.label}
              <span className="rounded-full bg-blush px-2 py-0.5 text-xs font-medium text-muted">
                Soon
              </span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The back office's frame: a top bar, the navigation (a menu below 1024 px), the screen. */
export function AdminShell({ children }: { children: ReactNode }) {
  const { user, signOut } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className="min-h-screen bg-cream">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[70] focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-line bg-white print:hidden">
        <div className="flex h-14 items-center gap-3 px-4">
          <button
            type="button"
            className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="admin-nav-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          <Link to="/admin" className="font-serif text-xl text-brand-700">
            Lacebloom{' '}
            <span className="hidden font-sans text-sm text-muted sm:inline">Back office</span>
          </Link>
          <div className="ml-auto flex items-center gap-3 whitespace-nowrap text-sm">
            <span className="hidden text-muted sm:inline">
              {user ? `${user.firstName} ${user.lastName}` : ''}
            </span>
            <Link to="/" className="hidden font-medium text-brand-700 hover:underline sm:inline">
              View shop
            </Link>
            <button
              type="button"
              onClick={() => void signOut()}
              className="rounded-full border border-line px-3 py-1 font-medium hover:border-brand-300"
            >
              Sign out
            </button>
          </div>
        </div>
        {menuOpen ? (
          <nav
            id="admin-nav-menu"
            aria-label="Back office"
            className="border-t border-line p-3 lg:hidden"
          >
            <NavList onNavigate={() => setMenuOpen(false)} />
            <Link
              to="/"
              className="mt-2 block rounded-xl px-3 py-2 font-medium text-brand-700 sm:hidden"
            >
              View shop
            </Link>
          </nav>
        ) : null}
      </header>
      <div className="flex min-h-[calc(100vh-3.5rem)]">
        {/* The column runs the page's height; the navigation inside it stays in view. */}
        <aside className="hidden w-56 shrink-0 border-r border-line bg-white lg:block print:hidden">
          <nav aria-label="Back office" className="sticky top-14 p-3">
            <NavList />
          </nav>
        </aside>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
