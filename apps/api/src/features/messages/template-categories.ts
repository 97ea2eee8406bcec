import { sql } from 'drizzle-orm';
import { whatsappRoute, type MessageTemplate, type WhatsAppCategory } from '@shop/domain/messages';
import {
  WHATSAPP_LANGUAGE,
  type TemplateCategoryUpdate,
} from '../../adapters/messaging/whatsapp-cloud.ts';
import { queryRows, type Database } from '../../db/client.ts';

/**
 * Each WhatsApp template's category as Meta last reported it. A report is applied only when it
 * is newer (by the webhook's own time) than the one recorded: a replayed or late webhook changes
 * nothing and counts as not applied.
 */
export function createTemplateCategories(db: Database) {
  return {
    /** Records the reports; answers how many changed what the shop knew. */
    async apply(updates: readonly TemplateCategoryUpdate[]): Promise<number> {
      let applied = 0;
      for (const update of updates) {
        const rows = await queryRows<{ template_name: string }>(
          db,
          sql`insert into whatsapp_template_categories
                (template_name, language, meta_template_id, category, previous_category, changed_at)
              values (${update.templateName}, ${update.language}, ${update.metaTemplateId ?? null},
                ${update.category}, ${update.previousCategory ?? null},
                ${update.changedAt.toISOString()}::timestamptz)
              on conflict (template_name, language) do update set
                meta_template_id = coalesce(excluded.meta_template_id,
                  whatsapp_template_categories.meta_template_id),
                category = excluded.category,
                previous_category = excluded.previous_category,
                changed_at = excluded.changed_at,
                recorded_at = now()
              where whatsapp_template_categories.changed_at < excluded.changed_at
              returning template_name`,
        );
        applied += rows.length;
      }
      return applied;
    },

    /** The category Meta last reported for a template the shop sends, if it reported one. */
    async categoryOf(templateName: string): Promise<WhatsAppCategory | undefined> {
      const [row] = await queryRows<{ category: WhatsAppCategory }>(
        db,
        sql`select category from whatsapp_template_categories
            where template_name = ${templateName} and language = ${WHATSAPP_LANGUAGE}`,
      );
      return row?.category;
    },
  };
}

/** Her consent to offers on WhatsApp, as the account-data feature answers it (set once built). */
export interface MarketingConsent {
  whatsappOffers?: (userId: string) => Promise<boolean>;
}

/**
 * How the outbox routes a WhatsApp message when it sends it: by its template's current category
 * (Meta's last report, else the category it was registered with) and her consent to offers on
 * WhatsApp, read then (not when it was queued), through the domain's rule.
 */
export function whatsappRouter(categories: TemplateCategories, consent: MarketingConsent) {
  return async (message: { template: MessageTemplate; userId: string | null }) => {
    const category =
      (await categories.categoryOf(message.template.name)) ?? message.template.whatsappCategory;
    const optedIn =
      category === 'marketing' &&
      message.userId !== null &&
      (await consent.whatsappOffers?.(message.userId)) === true;
    return whatsappRoute({
      category,
      optedIntoWhatsAppOffers: optedIn,
      fallsBackToSms: message.template.fallsBackToSms,
    });
  };
}

export type WhatsAppRouter = ReturnType<typeof whatsappRouter>;

export type TemplateCategories = ReturnType<typeof createTemplateCategories>;
