import { Link } from 'react-router';

export function NotFoundContent() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>Page not found | Lacebloom</title>
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">404</p>
      <h1 className="mt-2 font-serif text-4xl">We couldn&apos;t find that page</h1>
      <p className="mt-3 text-muted">The page may have moved, or the link may be mistyped.</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 font-medium text-white hover:bg-brand-700"
      >
        Back to home
      </Link>
    </section>
  );
}
