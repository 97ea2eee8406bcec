import { Link } from 'react-router';

/** The dashboard is still to come; until then it points at the screens that work. */
export function DashboardPage() {
  return (
    <section>
      <h1 className="font-serif text-3xl">Dashboard</h1>
      <p className="mt-2 text-muted">Sales figures and the day&apos;s work will appear here.</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Link
          to="/admin/orders"
          className="rounded-2xl border border-line bg-white p-5 hover:border-brand-300"
        >
          <h2 className="font-medium text-brand-700">Orders desk</h2>
          <p className="mt-1 text-sm text-muted">
            Find any order, see what needs attention, move orders along and keep notes.
          </p>
        </Link>
        <Link
          to="/admin/customers"
          className="rounded-2xl border border-line bg-white p-5 hover:border-brand-300"
        >
          <h2 className="font-medium text-brand-700">Customers</h2>
          <p className="mt-1 text-sm text-muted">
            Find a customer, see what she bought and what she is worth, and keep notes.
          </p>
        </Link>
      </div>
    </section>
  );
}
