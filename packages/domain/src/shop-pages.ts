/**
 * The shop's editable pages: the FAQ and the policy texts. Their words are the owner's; the
 * shop's contact details inside them are not written into the text but named by a token, so a
 * change of address, phone or hours in the settings reaches every page at once.
 */

/** The pages an owner edits, each at its own storefront address. */
export const shopPageKeys = [
  'faq',
  'exchange-policy',
  'shipping-policy',
  'privacy-policy',
  'terms-and-conditions',
] as const;
export type ShopPageKey = (typeof shopPageKeys)[number];

/** How a page is written: questions and answers in groups, or a policy's numbered sections. */
export type ShopPageKind = 'faq' | 'policy';

export function pageKindOf(key: ShopPageKey): ShopPageKind {
  return key === 'faq' ? 'faq' : 'policy';
}

/** Each page's title (its heading on the storefront: fixed, as every link and menu names it). */
export const shopPageTitles: Record<ShopPageKey, string> = {
  faq: 'Frequently Asked Questions',
  'exchange-policy': 'Exchange & Refund Policy',
  'shipping-policy': 'Shipping Policy',
  'privacy-policy': 'Privacy Policy',
  'terms-and-conditions': 'Terms & Conditions',
};

/** Where each page is read on the storefront. */
export const shopPagePaths: Record<ShopPageKey, string> = {
  faq: '/faq',
  'exchange-policy': '/return-refund-policy',
  'shipping-policy': '/shipping-policy',
  'privacy-policy': '/privacy-policy',
  'terms-and-conditions': '/terms-and-conditions',
};

/** The shop's details a page may name, from the settings. */
export interface ShopDetailValues {
  supportEmail: string;
  /** 10 digits. */
  supportPhone: string;
  businessHours: string;
  legalName: string;
  /** The registered address with its state, on one line. */
  address: string;
  grievanceOfficer: string;
  grievanceEmail: string;
}

/** The tokens a page's text may hold, and what each becomes. */
export const shopDetailTokens = {
  'support-email': 'the support email (a mail link)',
  'support-phone': 'the support phone (a call link)',
  'business-hours': 'the business hours',
  'legal-name': 'the legal name of the business',
  address: 'the registered address',
  'grievance-officer': "the grievance officer's name",
  'grievance-email': "the grievance officer's email (a mail link)",
} as const;
export type ShopDetailToken = keyof typeof shopDetailTokens;

const TOKEN = /\{\{\s*([a-z-]+)\s*\}\}/g;

/** A 10-digit Indian number as it is read aloud: '+91 80471 96620'. */
export function phoneForDisplay(digits: string): string {
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function plainValue(token: ShopDetailToken, details: ShopDetailValues): string {
  switch (token) {
    case 'support-email':
      return details.supportEmail;
    case 'support-phone':
      return phoneForDisplay(details.supportPhone);
    case 'business-hours':
      return details.businessHours;
    case 'legal-name':
      return details.legalName;
    case 'address':
      return details.address;
    case 'grievance-officer':
      return details.grievanceOfficer;
    case 'grievance-email':
      return details.grievanceEmail;
  }
}

function htmlValue(token: ShopDetailToken, details: ShopDetailValues): string {
  const text = escapeHtml(plainValue(token, details));
  if (token === 'support-email' || token === 'grievance-email') {
    return `<a href="mailto:${text}">${text}</a>`;
  }
  if (token === 'support-phone') return `<a href="tel:+91${details.supportPhone}">${text}</a>`;
  return text;
}

function isToken(name: string): name is ShopDetailToken {
  return Object.hasOwn(shopDetailTokens, name);
}

/**
 * A page's text with its tokens replaced by the shop's details: escaped (email and phone as links)
 * for HTML, as they are for plain text. An unknown token stays as written, so a typo shows on the
 * page instead of vanishing.
 */
export function fillShopDetails(
  text: string,
  details: ShopDetailValues,
  as: 'html' | 'text',
): string {
  return text.replace(TOKEN, (whole, name: string) => {
    if (!isToken(name)) return whole;
    return as === 'html' ? htmlValue(name, details) : plainValue(name, details);
  });
}

/** The tokens in a text that are not the shop's details (the editor refuses them). */
export function unknownTokens(text: string): string[] {
  return [...text.matchAll(TOKEN)].map((match) => match[1]!).filter((name) => !isToken(name));
}

/** An FAQ answer's paragraphs: separated by a blank line. */
export function paragraphsOf(answer: string): string[] {
  return answer
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** An anchor is lower-case words joined by dashes: a page's sections link to themselves by it. */
export const ANCHOR_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An anchor for a new section or group, from its title, not one of `taken`. */
export function anchorFor(title: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base =
    title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50)
      .replace(/-+$/, '') || 'section';
  let anchor = base;
  for (let suffix = 2; used.has(anchor); suffix += 1) anchor = `${base}-${suffix}`;
  return anchor;
}

/** The first anchor used twice, if any: every section of a page needs its own. */
export function repeatedAnchor(anchors: string[]): string | undefined {
  const seen = new Set<string>();
  for (const anchor of anchors) {
    if (seen.has(anchor)) return anchor;
    seen.add(anchor);
  }
  return undefined;
}

/**
 * The 'last updated' date as the policy pages print it ('October 8, 2025'), on the calendar of
 * India, where the shop is: a save at 1 AM in Bengaluru is dated that day, not the UTC day before.
 */
export function lastUpdatedLabel(at: string | Date): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(at));
}

/** The same day as an ISO date, for `<time datetime>`. */
export function lastUpdatedIso(at: string | Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));
}
