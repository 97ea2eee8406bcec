import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { hasRole, roleMessages } from '@shop/domain/roles';
import { useAuth } from '../../../lib/auth-session';
import type { AdminLoad } from './list-loader';
import { listButton } from './list-filters';

// The scaffolding of a list's record screens (its new-record page and a record's own page), so
// each kind of record writes only what it shows and what may be done with it.

const panel = 'rounded-2xl border border-line bg-white p-6 text-center';

/** The link back to the list a record screen belongs to: '← Offers'. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sm font-medium text-brand-700 hover:underline">
      ← {children}
    </Link>
  );
}

/**
 * A record screen while its record is not there: loading (`loadingText`), or the reason it failed
 * with 'Try Again'. Null once it is ready, for the screen to draw the record.
 */
export function RecordLoadState<Answer>({
  load,
  reload,
  loadingText,
}: {
  load: AdminLoad<Answer>;
  reload: () => void;
  loadingText: string;
}) {
  if (load.state === 'loading') {
    return (
      <p role="status" className={`${panel} text-muted`}>
        {loadingText}
      </p>
    );
  }
  if (load.state === 'failed') {
    return (
      <div role="alert" className={panel}>
        <p>{load.message}</p>
        <button type="button" className={`${listButton} mt-3`} onClick={reload}>
          Try Again
        </button>
      </div>
    );
  }
  return null;
}

/**
 * A list's 'New …' screen: back to the list, the title, and the form (`children`) for owners;
 * anyone else is told only owners make one.
 */
export function NewRecordPage({
  back,
  backText,
  title,
  children,
}: {
  back: string;
  backText: string;
  title: string;
  children: ReactNode;
}) {
  const { user } = useAuth();
  const owner = user ? hasRole(user.role, 'owner') : false;
  return (
    <section className="flex flex-col gap-5">
      <BackLink to={back}>{backText}</BackLink>
      <h1 className="font-serif text-3xl">{title}</h1>
      {owner ? (
        children
      ) : (
        <p role="alert" className={panel}>
          {roleMessages.ownerOnly}
        </p>
      )}
    </section>
  );
}
