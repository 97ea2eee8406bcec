import { sql } from 'drizzle-orm';
import {
  defaultShopSettings,
  publicPartOf,
  type PublicShopSettings,
  type ShopSettings,
} from '@shop/contracts/shop-settings';
import type { CodTerms } from '@shop/domain/cash-on-delivery';
import { rupeesToPaise } from '@shop/domain/money';
import { queryRows, type DatabaseHandle, type Executor } from '../../db/client.ts';
import { shopSettings } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';

/** Every process listens here; a save's notice makes the others read the settings afresh. */
const CHANNEL = 'settings_changes';

type SettingKey = keyof ShopSettings;
const KEYS = Object.keys(defaultShopSettings) as SettingKey[];

export interface SettingsSnapshot {
  settings: ShopSettings;
  /** When a setting last changed; null while every one still holds its default. */
  updatedAt: string | null;
}

/** JSON with object keys sorted: jsonb stores keys in its own order, so compare canonically. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

/**
 * A stored value, with the fields a newer setting added (the grievance officer's designation)
 * taken from its default until the owner saves the form again.
 */
function withDefaults(stored: unknown, fallback: unknown): unknown {
  if (stored === undefined || stored === null) return fallback;
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  return isRecord(stored) && isRecord(fallback) ? { ...fallback, ...stored } : stored;
}

function pick(settings: ShopSettings, keys: SettingKey[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, settings[key]]));
}

export interface SettingsServiceDeps {
  database: DatabaseHandle;
  log: (error: unknown, message: string) => void;
}

/**
 * The one way to the shop's settings. They are rows of `shop_settings`, kept in memory once read;
 * a save empties that copy here and, through a NOTIFY sent at its commit, in every other process
 * serving the same PostgreSQL (PGlite belongs to one process). A missing row is written with its
 * default on the first read, so a new shop starts with sensible settings in its database.
 */
export async function createSettingsService({ database, log }: SettingsServiceDeps) {
  const { db } = database;
  const origin = crypto.randomUUID();
  let kept: Promise<SettingsSnapshot> | undefined;

  const forget = () => {
    kept = undefined;
  };
  const stop = database.listen
    ? await database.listen(CHANNEL, {
        onMessage: (payload) => {
          if (payload !== origin) forget();
        },
        onReconnect: forget,
      })
    : undefined;

  async function readRows(executor: Executor, lock: boolean) {
    return queryRows<{ key: string; value: unknown; updated_at: string | Date }>(
      executor,
      lock
        ? sql`select key, value, updated_at from shop_settings order by key for update`
        : sql`select key, value, updated_at from shop_settings`,
    );
  }

  function snapshotOf(rows: { key: string; value: unknown; updated_at: string | Date }[]) {
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const settings = Object.fromEntries(
      KEYS.map((key) => [key, withDefaults(byKey.get(key)?.value, defaultShopSettings[key])]),
    ) as ShopSettings;
    const times = rows.map((row) => new Date(row.updated_at).getTime());
    return { settings, times };
  }

  async function read(): Promise<SettingsSnapshot> {
    let rows = await readRows(db, false);
    if (KEYS.some((key) => !rows.some((row) => row.key === key))) {
      // Seeded, not remembered: written once, so the rows are what every process reads.
      await db
        .insert(shopSettings)
        .values(
          KEYS.map((key) => ({ key, value: defaultShopSettings[key], updatedAt: new Date(0) })),
        )
        .onConflictDoNothing();
      rows = await readRows(db, false);
    }
    const { settings, times } = snapshotOf(rows);
    const latest = Math.max(0, ...times);
    return { settings, updatedAt: latest > 0 ? new Date(latest).toISOString() : null };
  }

  async function current(): Promise<SettingsSnapshot> {
    if (!kept) {
      const reading = read();
      kept = reading;
      // A failed read is not kept; a change noticed while reading has already dropped it.
      reading.catch(() => {
        if (kept === reading) kept = undefined;
      });
    }
    return kept;
  }

  return {
    current,

    async publicSettings(): Promise<PublicShopSettings> {
      return publicPartOf((await current()).settings);
    },

    /** The default low-stock threshold (a product may set its own). */
    async lowStockThreshold(): Promise<number> {
      return (await current()).settings.lowStockThreshold;
    },

    /** Cash on delivery's terms in paise; off unless the owner offers 'cod'. */
    async codTerms(): Promise<CodTerms> {
      const { paymentMethods, cashOnDelivery } = (await current()).settings;
      return {
        enabled: paymentMethods.includes('cod'),
        feePaise: rupeesToPaise(cashOnDelivery.feeRupees),
        minOrderPaise: rupeesToPaise(cashOnDelivery.minOrderRupees),
        maxOrderPaise: rupeesToPaise(cashOnDelivery.maxOrderRupees),
      };
    },

    /**
     * Saves the owner's form: the rows whose value changed, under the rows' locks (two saves at
     * once apply one after the other), with one audit entry holding those settings before and
     * after. Nothing changed, nothing written.
     */
    async update(actor: AuditActor, next: ShopSettings): Promise<SettingsSnapshot> {
      await current();
      const changed = await db.transaction(async (tx) => {
        const before = snapshotOf(await readRows(tx, true)).settings;
        const keys = KEYS.filter((key) => canonical(before[key]) !== canonical(next[key]));
        if (keys.length === 0) return false;
        for (const key of keys) {
          await tx
            .insert(shopSettings)
            .values({ key, value: next[key], updatedAt: new Date() })
            .onConflictDoUpdate({
              target: shopSettings.key,
              set: { value: next[key], updatedAt: new Date() },
            });
        }
        await recordAudit(tx, actor, {
          action: 'setting.update',
          entity: 'setting',
          entityId: 'shop',
          before: pick(before, keys),
          after: pick(next, keys),
        });
        // Sent at commit, so no other process reads the settings before they are saved.
        if (database.listen) await tx.execute(sql`select pg_notify(${CHANNEL}, ${origin})`);
        return true;
      });
      if (changed) forget();
      return current();
    },

    async close() {
      try {
        await stop?.();
      } catch (error) {
        log(error, 'Could not stop listening for settings changes');
      }
    },
  };
}

export type SettingsService = Awaited<ReturnType<typeof createSettingsService>>;
