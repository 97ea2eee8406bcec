import { asc, eq, sql } from 'drizzle-orm';
import type { AdminBanner, BannerInput } from '@shop/contracts/banners-admin';
import { bannerRuleMessages } from '@shop/domain/banners';
import { isCompleteOrder } from '@shop/domain/categories';
import { invalidField, notFound } from '@shop/domain/errors';
import type { Database, Executor } from '../../db/client.ts';
import { banners } from '../../db/schema.ts';
import type { CacheTag } from '../../http/read-cache.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';

type BannerRow = typeof banners.$inferSelect;

export interface BannersAdminDeps {
  db: Database;
  /** After a commit: drops the storefront's cached content answers (catalogueChanges). */
  catalogueChanged: (tags: CacheTag[]) => Promise<void>;
}

/** Whether the storefront shows the banner now, by the database's clock as its query does. */
const showingNow = sql<boolean>`(${banners.isActive}
  and (${banners.startsAt} is null or ${banners.startsAt} <= now())
  and (${banners.endsAt} is null or ${banners.endsAt} > now()))`;

function toAdminBanner(row: BannerRow, showing: boolean): AdminBanner {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    mobileImage: row.mobileImage,
    link: row.link,
    position: row.position,
    isActive: row.isActive,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    showingNow: Boolean(showing),
  };
}

const valuesOf = (input: BannerInput) => ({
  name: input.name,
  image: input.image,
  mobileImage: input.mobileImage,
  link: input.link,
  isActive: input.isActive,
  startsAt: input.startsAt ? new Date(input.startsAt) : null,
  endsAt: input.endsAt ? new Date(input.endsAt) : null,
});

/**
 * The back office's home page banners. Each write is one transaction with its audit entry; the
 * storefront's content answers are emptied after the commit. (The public banner lists are not
 * cached at all, as their schedule depends on the clock: content.routes.ts.)
 */
export function createBannersAdminService({ db, catalogueChanged }: BannersAdminDeps) {
  async function list(tx: Executor): Promise<AdminBanner[]> {
    const rows = await tx
      .select({ row: banners, showing: showingNow })
      .from(banners)
      .orderBy(asc(banners.position), asc(banners.id));
    return rows.map(({ row, showing }) => toAdminBanner(row, showing));
  }

  async function find(tx: Executor, id: string, lock = false): Promise<AdminBanner | undefined> {
    const query = tx
      .select({ row: banners, showing: showingNow })
      .from(banners)
      .where(eq(banners.id, id));
    const [found] = lock ? await query.for('update') : await query;
    return found ? toAdminBanner(found.row, found.showing) : undefined;
  }

  async function after<T>(result: T): Promise<T> {
    await catalogueChanged(['content']);
    return result;
  }

  /**
   * A new banner after the others, inside the caller's transaction, with its audit entry; the
   * caller tells the storefront after its commit.
   */
  async function createIn(
    tx: Executor,
    input: BannerInput,
    actor: AuditActor,
  ): Promise<AdminBanner> {
    const [next] = await tx
      .select({ position: sql<number>`coalesce(max(${banners.position}) + 1, 0)::int` })
      .from(banners);
    const [row] = await tx
      .insert(banners)
      .values({ ...valuesOf(input), position: Number(next?.position ?? 0) })
      .returning({ id: banners.id });
    const created = (await find(tx, row!.id))!;
    await recordAudit(tx, actor, {
      action: 'banner.create',
      entity: 'banner',
      entityId: created.id,
      before: null,
      after: created,
    });
    return created;
  }

  return {
    list: () => list(db),
    createIn,

    async create(input: BannerInput, actor: AuditActor): Promise<AdminBanner> {
      return after(await db.transaction((tx) => createIn(tx, input, actor)));
    },

    async update(id: string, input: BannerInput, actor: AuditActor): Promise<AdminBanner> {
      return after(
        await db.transaction(async (tx) => {
          const before = await find(tx, id, true);
          if (!before) throw notFound(bannerRuleMessages.notFound);
          await tx
            .update(banners)
            .set({ ...valuesOf(input), updatedAt: sql`now()` })
            .where(eq(banners.id, id));
          const saved = (await find(tx, id))!;
          await recordAudit(tx, actor, {
            action: 'banner.update',
            entity: 'banner',
            entityId: id,
            before,
            after: saved,
          });
          return saved;
        }),
      );
    },

    async remove(id: string, actor: AuditActor): Promise<{ id: string }> {
      return after(
        await db.transaction(async (tx) => {
          const before = await find(tx, id, true);
          if (!before) throw notFound(bannerRuleMessages.notFound);
          // Its pictures become orphans the media cleanup removes after its grace period.
          await tx.delete(banners).where(eq(banners.id, id));
          await recordAudit(tx, actor, {
            action: 'banner.delete',
            entity: 'banner',
            entityId: id,
            before,
            after: null,
          });
          return { id };
        }),
      );
    },

    async reorder(ids: string[], actor: AuditActor): Promise<AdminBanner[]> {
      return after(
        await db.transaction(async (tx) => {
          const current = await tx
            .select({ id: banners.id })
            .from(banners)
            .orderBy(asc(banners.position), asc(banners.id))
            .for('update');
          const before = current.map((row) => row.id);
          if (!isCompleteOrder(before, ids)) {
            throw invalidField('ids', bannerRuleMessages.reorderMismatch);
          }
          for (const [position, id] of ids.entries()) {
            await tx.update(banners).set({ position }).where(eq(banners.id, id));
          }
          await recordAudit(tx, actor, {
            action: 'banner.reorder',
            entity: 'banner',
            entityId: 'all',
            before: { ids: before },
            after: { ids },
          });
          return list(tx);
        }),
      );
    },
  };
}

export type BannersAdminService = ReturnType<typeof createBannersAdminService>;
