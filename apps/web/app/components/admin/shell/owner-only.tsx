import type { ReactNode } from 'react';
import { hasRole, roleMessages } from '@shop/domain/roles';
import { useAuth } from '../../../lib/auth-session';

/**
 * An owner's screen inside the back office: staff get a plain 403 in the shell (the API answers
 * them 403 as well, so nothing of the screen would load anyway).
 */
export function OwnerOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user && hasRole(user.role, 'owner')) return children;
  return (
    <section className="mx-auto mt-10 max-w-md rounded-2xl border border-line bg-white p-8 text-center">
      <p className="text-sm font-semibold tracking-widest text-brand-700">403</p>
      <h1 className="mt-2 font-serif text-3xl">{roleMessages.ownerOnly}</h1>
      <p className="mt-3 text-muted">Ask an owner of the shop if you need this.</p>
    </section>
  );
}
