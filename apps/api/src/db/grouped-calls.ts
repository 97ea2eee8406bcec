/**
 * Group commit, for the embedded database. PGlite runs one statement at a time, and on it the
 * fixed cost of a statement (sending it, starting and committing its transaction, reading its
 * answer) is a third of what placing an order costs. So the calls made while an earlier group is
 * running wait for it and then go together, as one statement that runs each in a subtransaction
 * of its own (`place_orders`, `settle_payments`): under load the shop commits once per group,
 * and a lone call goes at once, as before.
 *
 * A call's own failure (stock short, a unique key met) comes back as that call's error, with the
 * fields of the database error it was, so callers handle it exactly as a failed single call.
 * PostgreSQL runs statements side by side on many connections and is not grouped.
 */

import { errorFromWire } from './pglite-worker-wire.ts';

/** A call's database error, as the grouping database functions write it. */
interface GroupedError {
  code: string;
  message: string;
  detail?: string;
  constraint?: string;
}

/** One call's answer in a group. */
export type GroupedAnswer<T> = { ok: T } | { error: GroupedError };

/** Most calls in one group: each is a subtransaction, and PostgreSQL tracks 64 cheaply. */
const MAX_GROUP = 32;

/**
 * `send` runs one group of arguments and answers one `GroupedAnswer` per argument, in order.
 * Answers the function that makes a call: it settles with that call's answer or error.
 */
export function groupCalls<A, T>(
  send: (group: A[]) => Promise<GroupedAnswer<T>[]>,
): (argument: A) => Promise<T> {
  let waiting: { argument: A; resolve: (value: T) => void; reject: (error: unknown) => void }[] =
    [];
  let running = false;

  async function run() {
    running = true;
    while (waiting.length > 0) {
      const group = waiting.slice(0, MAX_GROUP);
      waiting = waiting.slice(MAX_GROUP);
      try {
        const answers = await send(group.map((call) => call.argument));
        group.forEach((call, at) => {
          const answer = answers[at];
          if (!answer) call.reject(new Error('A grouped call went unanswered'));
          else if ('ok' in answer) call.resolve(answer.ok);
          else call.reject(groupedCallError(answer.error));
        });
      } catch (error) {
        // The group's statement itself failed: nothing in it was committed.
        for (const call of group) call.reject(error);
      }
    }
    running = false;
  }

  return (argument) =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ argument, resolve, reject });
      if (!running) void run();
    });
}

/** A database error as the drivers raise it: message, SQLSTATE `code`, `detail`, `constraint`. */
function groupedCallError({ message, ...fields }: GroupedError): Error {
  return errorFromWire({ message, name: 'error', fields });
}
