import { useCallback, useEffect, useState } from 'react';
import { errorMessage, type ApiClient } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';

/** What a back-office screen knows of its answer: still coming, here, or failed with why. */
export type AdminLoad<T> =
  { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; message: string };

/** An answer and the request (its key and reload count) it answers. */
type Answer<T> = { fetched: string } & Exclude<AdminLoad<T>, { state: 'loading' }>;

/**
 * Loads `fetch(api, query)` with the signed-in client whenever `key` (the URL's parameters, say)
 * changes or `reload()` is called. Until the answer to the current request arrives the screen
 * shows it is loading, so an older answer is never shown under newer filters. `fetch` must be a
 * module-level function and `query` memoized on `key`: both are effect dependencies.
 */
export function useAdminLoad<Q, T>(
  key: string,
  query: Q,
  fetch: (api: ApiClient, query: Q) => Promise<T>,
): { load: AdminLoad<T>; reload: () => void } {
  const { authed } = useAuth();
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const [reloads, setReloads] = useState(0);
  const fetched = `${key}#${reloads}`;
  const load: AdminLoad<T> = answer?.fetched === fetched ? answer : { state: 'loading' };

  useEffect(() => {
    let live = true;
    authed((api) => fetch(api, query))
      .then((data) => live && setAnswer({ fetched, state: 'ready', data }))
      .catch(
        (error) => live && setAnswer({ fetched, state: 'failed', message: errorMessage(error) }),
      );
    return () => {
      live = false;
    };
  }, [query, fetched, fetch, authed]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { load, reload };
}
