import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '../../db/client.ts';
import type { CacheTag, ReadCache } from '../../http/read-cache.ts';

const CHANNEL = 'catalogue_changes';
/** NOTIFY payloads must stay under 8,000 bytes: beyond this many tags, say "everything". */
const MAX_TAGS_PER_NOTICE = 100;

export interface CatalogueChanges {
  /**
   * After a commit that changed what catalogue reads answer: empties the matching cached answers
   * here and, on PostgreSQL, in every other process serving the same database.
   */
  changed(tags: CacheTag[]): Promise<void>;
  /**
   * The same for a change whose transaction sends the notice itself (`pg_notify` inside it, sent
   * at its commit): the notice to send (undefined where no other process listens), and the
   * invalidation here, to call after the commit.
   */
  changedWith(tags: CacheTag[]): { notice: ChangeNotice | undefined; invalidateHere: () => void };
  close(): Promise<void>;
}

/** A NOTIFY to send: `pg_notify(channel, payload)`. */
export interface ChangeNotice {
  channel: string;
  payload: string;
}

/**
 * The tags a stock change touches: those products' own answers and every list (counts, filters),
 * marked as a change of stock alone.
 */
export function stockTags(productIds: Iterable<string>): CacheTag[] {
  return ['lists', 'stock', ...new Set([...productIds].map((id) => `product:${id}` as const))];
}

/**
 * For a command that writes the catalogue outside a serving process (the seed, the generated
 * catalogue): the same notice the back office sends, saying "everything", so every running
 * process empties its read cache and reloads its catalogue index. Called inside the writing
 * transaction: PostgreSQL sends it at the commit, once however many rows the transaction wrote,
 * and never for a change that rolled back. On the embedded database no other process can be
 * running (its data folder is locked), and the notice reaches no one.
 */
export async function announceCatalogueRewrite(tx: Executor): Promise<void> {
  const payload = JSON.stringify({ origin: `command:${randomUUID()}`, tags: null });
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}

/**
 * Catalogue change notices over PostgreSQL's LISTEN/NOTIFY. Each process has an origin id and
 * skips its own notices (it already invalidated before sending). A process whose listening
 * connection dropped empties its whole cache on reconnecting, since notices may have been missed.
 */
export async function createCatalogueChanges(
  database: DatabaseHandle,
  cache: ReadCache,
  log: (error: unknown, message: string) => void,
): Promise<CatalogueChanges> {
  const origin = randomUUID();
  const stop = database.listen
    ? await database.listen(CHANNEL, {
        onMessage(payload) {
          try {
            const notice = JSON.parse(payload) as { origin: string; tags: CacheTag[] | null };
            if (notice.origin === origin) return;
            if (notice.tags === null) cache.clear();
            else cache.invalidate(notice.tags);
          } catch (error) {
            log(error, 'Unreadable catalogue change notice; emptying the read cache');
            cache.clear();
          }
        },
        onReconnect: () => cache.clear(),
      })
    : undefined;

  const noticeOf = (tags: CacheTag[]): ChangeNotice | undefined =>
    database.listen
      ? {
          channel: CHANNEL,
          payload: JSON.stringify({
            origin,
            tags: tags.length > MAX_TAGS_PER_NOTICE ? null : tags,
          }),
        }
      : undefined;

  return {
    changedWith(tags) {
      return { notice: noticeOf(tags), invalidateHere: () => cache.invalidate(tags) };
    },
    async changed(tags) {
      cache.invalidate(tags);
      const notice = noticeOf(tags);
      if (!notice) return;
      try {
        await database.db.execute(sql`select pg_notify(${notice.channel}, ${notice.payload})`);
      } catch (error) {
        // Other processes converge when their entries expire (the cache's TTL).
        log(error, 'Could not tell other processes about a catalogue change');
      }
    },
    async close() {
      await stop?.();
    },
  };
}
