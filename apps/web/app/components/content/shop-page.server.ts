import {
  defaultShopSettings,
  publicPartOf,
  publicShopSettingsResponse,
  type PublicShopSettings,
} from '@shop/contracts/shop-settings';
import { publicShopPageResponse } from '@shop/contracts/shop-pages';
import {
  fillShopDetails,
  lastUpdatedIso,
  lastUpdatedLabel,
  paragraphsOf,
  type ShopDetailValues,
  type ShopPageKey,
} from '@shop/domain/shop-pages';
import { serverApi } from '../../lib/api-client';
import type { FaqGroup } from './faq-browser';
import type { PolicyText } from './policy-page';

/** The settings' contact details as a page's tokens name them. */
export function shopDetailValuesOf(settings: PublicShopSettings): ShopDetailValues {
  return {
    supportEmail: settings.support.email,
    supportPhone: settings.support.phone,
    businessHours: settings.businessHours,
    legalName: settings.legalName,
    address: [settings.address.replace(/\s*\n\s*/g, ', '), settings.state]
      .filter(Boolean)
      .join(', '),
    grievanceOfficer: settings.grievanceOfficer.name,
    grievanceEmail: settings.grievanceOfficer.email,
  };
}

/**
 * A page and the shop's settings, read together on the server; the page's tokens are filled here
 * so the browser receives finished text and downloads no code for it. Without the settings (they
 * could not be read) the shop's first settings fill them, never a blank.
 */
async function read(context: { apiFetch: typeof fetch }, key: ShopPageKey) {
  const api = serverApi(context);
  const [page, settings] = await Promise.all([
    api.call(`/pages/${key}`, 'Failed to fetch the page', {}, publicShopPageResponse),
    api
      .call('/settings/public', 'Failed to fetch the settings', {}, publicShopSettingsResponse)
      .then((answer) => answer.data)
      .catch(() => publicPartOf(defaultShopSettings)),
  ]);
  const details = shopDetailValuesOf(settings);
  const updated = {
    iso: lastUpdatedIso(page.data.updatedAt),
    label: lastUpdatedLabel(page.data.updatedAt),
  };
  return { content: page.data.content, details, updated };
}

export async function loadFaqPage(context: { apiFetch: typeof fetch }) {
  const { content, details, updated } = await read(context, 'faq');
  if (content.kind !== 'faq') throw new Error('The FAQ is written as questions');
  const text = (value: string) => fillShopDetails(value, details, 'text');
  const groups: FaqGroup[] = content.groups.map((group) => ({
    id: group.id,
    title: group.title,
    description: text(group.description),
    items: group.entries.map((entry) => ({
      question: text(entry.question),
      answer: paragraphsOf(text(entry.answer)),
    })),
  }));
  return { groups, updated };
}

export async function loadPolicyPage(
  context: { apiFetch: typeof fetch },
  key: Exclude<ShopPageKey, 'faq'>,
): Promise<PolicyText> {
  const { content, details, updated } = await read(context, key);
  if (content.kind !== 'policy') throw new Error('A policy is written as sections');
  const html = (value: string) => fillShopDetails(value, details, 'html');
  return {
    updated,
    intro: html(content.intro),
    notice: content.notice && { title: content.notice.title, html: html(content.notice.html) },
    sections: content.sections.map((section) => ({
      id: section.id,
      title: section.title,
      html: html(section.html),
    })),
  };
}
