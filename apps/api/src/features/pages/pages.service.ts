import { eq, sql } from 'drizzle-orm';
import type {
  AdminShopPage,
  AdminShopPageSummary,
  PublicShopPage,
  ShopPageContent,
} from '@shop/contracts/shop-pages';
import { shopPageMessages } from '@shop/contracts/shop-pages';
import { invalidField } from '@shop/domain/errors';
import {
  pageKindOf,
  shopPageKeys,
  shopPagePaths,
  shopPageTitles,
  type ShopPageKey,
} from '@shop/domain/shop-pages';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { shopPages } from '../../db/schema.ts';
import type { CacheTag } from '../../http/read-cache.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { sanitizePageHtml } from '../content/sanitize-html.ts';
import { originalPages } from './original-pages.ts';

export interface PagesServiceDeps {
  db: Database;
  /** After a commit: drops the cached page answers here and in every other process. */
  catalogueChanged: (tags: CacheTag[]) => Promise<void>;
}

interface PageRow {
  key: string;
  content: ShopPageContent;
  updated_at: string | Date;
  updated_by: string | null;
}

/** JSON with object keys sorted: jsonb keeps keys in its own order, so compare canonically. */
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
 * The owner's rich text as it may be kept: through the page allowlist. Text that is nothing once
 * cleaned (only a script, say) is refused with the field's own message rather than kept blank.
 */
function cleanHtml(html: string, field: string, message: string): string {
  const clean = sanitizePageHtml(html).trim();
  if (clean.replace(/<[^>]*>/g, '').trim() === '') throw invalidField(field, message);
  return clean;
}

function cleanContent(content: ShopPageContent): ShopPageContent {
  if (content.kind === 'faq') return content;
  return {
    kind: 'policy',
    intro: cleanHtml(content.intro, 'content.intro', shopPageMessages.intro),
    notice: content.notice && {
      title: content.notice.title,
      html: cleanHtml(content.notice.html, 'content.notice.html', shopPageMessages.noticeBody),
    },
    sections: content.sections.map((section, index) => ({
      id: section.id,
      title: section.title,
      html: cleanHtml(section.html, `content.sections.${index}.html`, shopPageMessages.sectionBody),
    })),
  };
}

const PAGES: CacheTag[] = ['pages'];

/**
 * The FAQ and policy pages. A page reads as its row once an owner saved it, else as the shop's
 * original text with that text's own date. A save writes the row and its audit entry in one
 * transaction, dated by the database's clock; the storefront's cached pages are dropped after the
 * commit, in every process.
 */
export function createPagesService({ db, catalogueChanged }: PagesServiceDeps) {
  async function rowOf(executor: Executor, key: ShopPageKey, lock = false) {
    const [row] = await queryRows<PageRow & { updated_by_email: string | null }>(
      executor,
      lock
        ? sql`select p.key, p.content, p.updated_at, p.updated_by, null as updated_by_email
              from shop_pages p where p.key = ${key} for update`
        : sql`select p.key, p.content, p.updated_at, p.updated_by, u.email as updated_by_email
              from shop_pages p left join users u on u.id = p.updated_by where p.key = ${key}`,
    );
    return row;
  }

  function adminView(
    key: ShopPageKey,
    row: (PageRow & { updated_by_email: string | null }) | undefined,
  ): AdminShopPage {
    const original = originalPages[key];
    return {
      key,
      title: shopPageTitles[key],
      path: shopPagePaths[key],
      content: row ? row.content : original.content,
      updatedAt: new Date(row ? row.updated_at : original.updatedAt).toISOString(),
      updatedBy: row ? row.updated_by_email : null,
      original: !row,
    };
  }

  async function get(key: ShopPageKey): Promise<AdminShopPage> {
    return adminView(key, await rowOf(db, key));
  }

  return {
    get,

    async publicPage(key: ShopPageKey): Promise<PublicShopPage> {
      const page = await get(key);
      return { key, title: page.title, content: page.content, updatedAt: page.updatedAt };
    },

    async list(): Promise<AdminShopPageSummary[]> {
      const rows = await queryRows<PageRow & { updated_by_email: string | null }>(
        db,
        sql`select p.key, p.content, p.updated_at, p.updated_by, u.email as updated_by_email
            from shop_pages p left join users u on u.id = p.updated_by`,
      );
      return shopPageKeys.map((key) => {
        const { content: _content, ...summary } = adminView(
          key,
          rows.find((row) => row.key === key),
        );
        return summary;
      });
    },

    /**
     * Saves a page as the owner's editor sends it, HTML cleaned. The same content again writes
     * nothing, so the 'last updated' date moves only when the text does.
     */
    async save(key: ShopPageKey, input: ShopPageContent, actor: AuditActor) {
      if (input.kind !== pageKindOf(key))
        throw invalidField('content.kind', shopPageMessages.kindMismatch);
      const next = cleanContent(input);
      const changed = await db.transaction(async (tx) => {
        const row = await rowOf(tx, key, true);
        const before = row ? row.content : originalPages[key].content;
        if (canonical(before) === canonical(next)) return false;
        await tx
          .insert(shopPages)
          .values({ key, content: next, updatedAt: sql`now()`, updatedBy: actor.userId })
          .onConflictDoUpdate({
            target: shopPages.key,
            set: { content: next, updatedAt: sql`now()`, updatedBy: actor.userId },
          });
        await recordAudit(tx, actor, {
          action: 'page.update',
          entity: 'page',
          entityId: key,
          before: { content: before },
          after: { content: next },
        });
        return true;
      });
      if (changed) await catalogueChanged(PAGES);
      return get(key);
    },

    /** Back to the shop's original text and its date: the owner's row goes, with an audit entry. */
    async restore(key: ShopPageKey, actor: AuditActor) {
      const restored = await db.transaction(async (tx) => {
        const row = await rowOf(tx, key, true);
        if (!row) return false;
        await tx.delete(shopPages).where(eq(shopPages.key, key));
        await recordAudit(tx, actor, {
          action: 'page.restore',
          entity: 'page',
          entityId: key,
          before: { content: row.content },
          after: { content: originalPages[key].content },
        });
        return true;
      });
      if (restored) await catalogueChanged(PAGES);
      return get(key);
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
