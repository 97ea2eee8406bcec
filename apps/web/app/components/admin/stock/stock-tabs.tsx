import { NavLink } from 'react-router';

const tab = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-4 py-1.5 text-sm font-medium ${
    isActive ? 'bg-brand-600 text-white' : 'border border-line bg-white hover:border-brand-300'
  }`;

/** The stock desk's two views: a product's grid (picked from the list) and the low sizes. */
export function StockTabs() {
  return (
    <nav aria-label="Stock views" className="flex flex-wrap gap-2">
      <NavLink to="/admin/stock" end className={tab}>
        Products
      </NavLink>
      <NavLink to="/admin/stock/low" className={tab}>
        Low stock
      </NavLink>
    </nav>
  );
}
