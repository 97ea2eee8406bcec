import { Link } from 'react-router';

export function meta() {
  return [{ title: 'Order | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** The confirmation arrives with the orders issue; until then no order can be found. */
export default function OrderSuccessPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-serif text-3xl">Error Loading Order</h1>
      <p className="mt-3 text-muted">Order not found</p>
      <Link
        to="/profile"
        className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 font-medium text-white hover:bg-brand-700"
      >
        Go to Orders
      </Link>
    </section>
  );
}
