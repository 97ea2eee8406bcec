import { useLoaderData, useLocation, useNavigation, useRevalidator } from 'react-router';
import type { z } from 'zod/mini';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { authed } from '../../../lib/auth-session';
import { readSession } from '../../../lib/auth-storage';
import type { AdminLoad } from '../use-admin-load';
import { listQueryFromParams } from './list-query';

/** What a list's client loader hands its page: the query read from the URL and its answer. */
export interface ListData<Query, Answer> {
  query: Query;
  /** Why the URL's filters were refused (the list then shows unfiltered), or null. */
  problem: string | null;
  load: Exclude<AdminLoad<Answer>, { state: 'loading' }>;
}

/**
 * The signed-in call, not made at all without a stored session: a signed-out visitor is sent to
 * sign in by the gate, and the server need not refuse her first.
 */
function signedIn<T>(call: (api: ApiClient) => Promise<T>): Promise<T> {
  if (!readSession().token) return Promise.reject(new Error('Sign in to see the back office'));
  return authed(call);
}

/** A list's `clientLoader`, carrying the schema its filters are read and written with. */
export type ListLoader<Schema extends z.core.$ZodType, Answer> = ((args: {
  request: Request;
}) => Promise<ListData<z.output<Schema>, Answer>>) & { schema: Schema };

/**
 * A back-office list's `clientLoader`: reads the query from the URL with the list's schema and
 * asks the server with the signed-in client. The session lives in browser storage, so lists load
 * in the browser only (the server renders the gate's wait), and a refusal (signed out, a shopper)
 * comes back as a failed answer for the gate to explain rather than as a thrown error.
 */
export function listLoader<Schema extends z.core.$ZodType, Answer>(
  schema: Schema,
  fetch: (api: ApiClient, query: z.output<Schema>) => Promise<Answer>,
  // Tests hand in their own client; the shop signs the call with the stored session.
  run: <T>(call: (api: ApiClient) => Promise<T>) => Promise<T> = signedIn,
): ListLoader<Schema, Answer> {
  const loader = async ({
    request,
  }: {
    request: Request;
  }): Promise<ListData<z.output<Schema>, Answer>> => {
    const { query, problem } = listQueryFromParams(schema, new URL(request.url).searchParams);
    try {
      return {
        query,
        problem,
        load: { state: 'ready', data: await run((api) => fetch(api, query)) },
      };
    } catch (error) {
      return { query, problem, load: { state: 'failed', message: errorMessage(error) } };
    }
  };
  return Object.assign(loader, { schema });
}

/** What a list page works with: its loader's data, the answer's state and a way to reload. */
export interface ListView<Query, Answer> {
  schema: z.core.$ZodType;
  query: Query;
  problem: string | null;
  load: AdminLoad<Answer>;
  /** The loader's last answer, kept while the next one loads (e.g. a filter's choices). */
  last: ListData<Query, Answer>['load'];
  reload: () => void;
}

/**
 * The list's data from its loader, shown as loading while a new answer for this screen is on its
 * way (other filters, another page, a reload after a bulk action), so an older answer is never
 * shown under newer filters.
 */
export function useListData<Schema extends z.core.$ZodType, Answer>(
  loader: ListLoader<Schema, Answer>,
): ListView<z.output<Schema>, Answer> {
  const data = useLoaderData() as ListData<z.output<Schema>, Answer>;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  const pending =
    revalidator.state === 'loading' ||
    (navigation.state === 'loading' && navigation.location.pathname === pathname);
  return {
    schema: loader.schema,
    query: data.query,
    problem: data.problem,
    load: pending ? { state: 'loading' } : data.load,
    last: data.load,
    reload: () => void revalidator.revalidate(),
  };
}

/** What a form screen's client loader hands its page: the answer, or why there is none. */
export interface ScreenData<Answer> {
  load: Exclude<AdminLoad<Answer>, { state: 'loading' }>;
}

/**
 * A back-office form screen's `clientLoader` (a record by the URL's id, the settings): as a
 * list's, signed in the browser, a refusal coming back as a failed answer for the screen to show
 * with a way to try again.
 */
export function screenLoader<Answer>(
  fetch: (api: ApiClient, params: Record<string, string | undefined>) => Promise<Answer>,
  run: <T>(call: (api: ApiClient) => Promise<T>) => Promise<T> = signedIn,
) {
  return async ({
    params,
  }: {
    params: Record<string, string | undefined>;
  }): Promise<ScreenData<Answer>> => {
    try {
      return { load: { state: 'ready', data: await run((api) => fetch(api, params)) } };
    } catch (error) {
      return { load: { state: 'failed', message: errorMessage(error) } };
    }
  };
}

/** A form screen's data from its loader, shown as loading while it is loaded again. */
export function useScreenData<Answer>(): { load: AdminLoad<Answer>; reload: () => void } {
  const data = useLoaderData() as ScreenData<Answer>;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  const pending =
    revalidator.state === 'loading' ||
    (navigation.state === 'loading' && navigation.location.pathname === pathname);
  return {
    load: pending ? { state: 'loading' } : data.load,
    reload: () => void revalidator.revalidate(),
  };
}
