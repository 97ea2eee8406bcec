import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth-session';
import { isBackOfficeUser } from '../../../lib/back-office';

/** What the back office shows while it does not yet know who is there: no data, no navigation. */
function Checking() {
  return (
    <main id="main" className="grid min-h-screen place-items-center bg-cream px-4">
      <div role="status" className="flex flex-col items-center gap-3 text-muted">
        <span
          aria-hidden="true"
          className="h-8 w-8 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
        />
        <span>Checking your access...</span>
      </div>
    </main>
  );
}

/** A plain refusal for a signed-in shopper: nothing of the back office beyond this. */
export function Forbidden() {
  return (
    <main id="main" className="grid min-h-screen place-items-center bg-cream px-4">
      <section className="max-w-md rounded-2xl border border-line bg-white p-8 text-center">
        <p className="text-sm font-semibold tracking-widest text-brand-700">403</p>
        <h1 className="mt-2 font-serif text-3xl">You do not have access to the back office</h1>
        <p className="mt-3 text-muted">
          This area is for the Lacebloom team. If you think you should have access, ask the shop
          owner.
        </p>
        <Link
          to="/"
          className="mt-6 inline-block rounded-full bg-brand-600 px-6 py-2.5 font-medium text-white hover:bg-brand-700"
        >
          Back to the shop
        </Link>
      </section>
    </main>
  );
}

/**
 * The session lives in browser storage, so the role is known only in the browser: until the
 * user is loaded nothing of the back office renders (the server renders this wait too). A
 * signed-out visitor goes to /login and comes back; a shopper gets the 403 page.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (status !== 'signed-out') return;
    const back = encodeURIComponent(`${pathname}${search}`);
    navigate(`/login?redirectTo=${back}`, { replace: true });
  }, [status, pathname, search, navigate]);

  if (status !== 'signed-in' || !user) return <Checking />;
  if (!isBackOfficeUser(user)) return <Forbidden />;
  return children;
}
