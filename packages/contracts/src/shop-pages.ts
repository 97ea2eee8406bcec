// The shop's editable pages (FAQ and policies): one schema for the owner's editor and
// `PUT /admin/pages/{key}`, and the answers the storefront and the back office read. zod/mini
// because the editor ships to the browser (in the back office's own chunk).
import * as z from 'zod/mini';
import {
  ANCHOR_PATTERN,
  repeatedAnchor,
  shopPageKeys,
  unknownTokens,
} from '@shop/domain/shop-pages';
import { requiredText, successEnvelope } from './common-mini.ts';

export const shopPageMessages = {
  key: `Invalid page: must be one of ${shopPageKeys.join(', ')}`,
  kindMismatch:
    'This page is written as the other kind: the FAQ as questions, policies as sections',
  groupTitle: 'Please enter the topic title',
  groupDescription: 'Please enter a line describing the topic',
  groups: 'The FAQ needs at least one topic',
  entries: 'Each topic needs at least one question',
  question: 'Please enter the question',
  answer: 'Please enter the answer',
  intro: 'Please enter the opening paragraph',
  noticeTitle: 'Please enter the call-out title',
  noticeBody: 'Please enter the call-out text',
  sections: 'A policy needs at least one section',
  sectionTitle: 'Please enter the section heading',
  sectionBody: 'Please enter the section text',
  anchor: 'An anchor is lower-case words joined by dashes',
  repeatedAnchor: (anchor: string) => `Two parts of the page share the anchor "${anchor}"`,
  unknownToken: (token: string) =>
    `{{${token}}} is not one of the shop's details (support-email, support-phone, business-hours, legal-name, address, grievance-officer, grievance-email)`,
  tooMany: (most: number, what: string) => `At most ${most} ${what}`,
} as const;

/** The longest policy section: a page of text. */
export const MAX_SECTION_LENGTH = 20_000;

export const shopPageKeyParams = z.object({
  key: z.enum(shopPageKeys, { error: shopPageMessages.key }),
});

const anchor = z
  .string({ error: shopPageMessages.anchor })
  .check(
    z.maxLength(60, { error: shopPageMessages.anchor }),
    z.regex(ANCHOR_PATTERN, shopPageMessages.anchor),
  );

/** Text with the shop's details named by tokens; a token that names nothing is refused. */
function tokenChecked(message: string, maxLength: number, lines: 'single' | 'multiline') {
  return requiredText(message, maxLength, lines).check(
    z.refine((value) => unknownTokens(value).length === 0, {
      error: (issue) => shopPageMessages.unknownToken(unknownTokens(String(issue.input))[0] ?? ''),
    }),
  );
}

export const faqEntryInput = z.object({
  question: tokenChecked(shopPageMessages.question, 300, 'single'),
  /** Plain text; a blank line starts a new paragraph. */
  answer: tokenChecked(shopPageMessages.answer, 4000, 'multiline'),
});

export const faqGroupInput = z.object({
  id: anchor,
  title: requiredText(shopPageMessages.groupTitle, 80),
  description: tokenChecked(shopPageMessages.groupDescription, 300, 'single'),
  entries: z
    .array(faqEntryInput)
    .check(
      z.minLength(1, { error: shopPageMessages.entries }),
      z.maxLength(60, { error: shopPageMessages.tooMany(60, 'questions in a topic') }),
    ),
});

export const faqContentInput = z
  .object({
    kind: z.literal('faq'),
    groups: z
      .array(faqGroupInput)
      .check(
        z.minLength(1, { error: shopPageMessages.groups }),
        z.maxLength(12, { error: shopPageMessages.tooMany(12, 'topics') }),
      ),
  })
  .check((payload) => {
    const repeated = repeatedAnchor(payload.value.groups.map((group) => group.id));
    if (repeated)
      payload.issues.push({
        code: 'custom',
        message: shopPageMessages.repeatedAnchor(repeated),
        input: repeated,
        path: ['groups'],
      });
  });

export const policySectionInput = z.object({
  id: anchor,
  title: requiredText(shopPageMessages.sectionTitle, 120),
  /** Rich text (paragraphs, lists, links, emphasis), sanitized by the server before it is kept. */
  html: tokenChecked(shopPageMessages.sectionBody, MAX_SECTION_LENGTH, 'multiline'),
});

export const policyContentInput = z
  .object({
    kind: z.literal('policy'),
    intro: tokenChecked(shopPageMessages.intro, 4000, 'multiline'),
    /** A tinted call-out above the sections (the exchange page's hygiene note); null for none. */
    notice: z.nullable(
      z.object({
        title: requiredText(shopPageMessages.noticeTitle, 120),
        html: tokenChecked(shopPageMessages.noticeBody, 4000, 'multiline'),
      }),
    ),
    sections: z
      .array(policySectionInput)
      .check(
        z.minLength(1, { error: shopPageMessages.sections }),
        z.maxLength(40, { error: shopPageMessages.tooMany(40, 'sections') }),
      ),
  })
  .check((payload) => {
    const repeated = repeatedAnchor(payload.value.sections.map((section) => section.id));
    if (repeated)
      payload.issues.push({
        code: 'custom',
        message: shopPageMessages.repeatedAnchor(repeated),
        input: repeated,
        path: ['sections'],
      });
  });

export const shopPageContentInput = z.discriminatedUnion('kind', [
  faqContentInput,
  policyContentInput,
]);

/** The body of `PUT /admin/pages/{key}`; the editor's form is one of its two kinds below. */
export const shopPageInput = z.object({ content: shopPageContentInput });
/** The FAQ editor's form (a `shopPageInput` of the FAQ kind). */
export const faqPageInput = z.object({ content: faqContentInput });
export type FaqPageInput = z.input<typeof faqPageInput>;
/** A policy editor's form (a `shopPageInput` of the policy kind). */
export const policyPageInput = z.object({ content: policyContentInput });
export type PolicyPageInput = z.input<typeof policyPageInput>;
export type ShopPageInput = z.input<typeof shopPageInput>;
export type ShopPageContent = z.output<typeof shopPageContentInput>;
export type FaqContent = z.output<typeof faqContentInput>;
export type PolicyContent = z.output<typeof policyContentInput>;

const faqContent = z.object({
  kind: z.literal('faq'),
  groups: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      entries: z.array(z.object({ question: z.string(), answer: z.string() })),
    }),
  ),
});
const policyContent = z.object({
  kind: z.literal('policy'),
  intro: z.string(),
  notice: z.nullable(z.object({ title: z.string(), html: z.string() })),
  sections: z.array(z.object({ id: z.string(), title: z.string(), html: z.string() })),
});
const pageContent = z.discriminatedUnion('kind', [faqContent, policyContent]);

/** A page as the storefront reads it: its content with the tokens unfilled, and its date. */
export const publicShopPage = z.object({
  key: z.enum(shopPageKeys),
  title: z.string(),
  content: pageContent,
  /** When the page was last saved (ISO); the text's own date while it was never edited. */
  updatedAt: z.string(),
});
export type PublicShopPage = z.infer<typeof publicShopPage>;
export const publicShopPageResponse = successEnvelope(publicShopPage);

/** The back office's view: who saved it last, and whether it is still the shop's first text. */
export const adminShopPage = z.object({
  key: z.enum(shopPageKeys),
  title: z.string(),
  path: z.string(),
  content: pageContent,
  updatedAt: z.string(),
  /** The email of the owner who saved it last; null while it is the original text. */
  updatedBy: z.nullable(z.string()),
  original: z.boolean(),
});
export type AdminShopPage = z.infer<typeof adminShopPage>;
export const adminShopPageResponse = successEnvelope(adminShopPage);

export const adminShopPageSummary = z.object({
  key: z.enum(shopPageKeys),
  title: z.string(),
  path: z.string(),
  updatedAt: z.string(),
  updatedBy: z.nullable(z.string()),
  original: z.boolean(),
});
export type AdminShopPageSummary = z.infer<typeof adminShopPageSummary>;
export const adminShopPageListResponse = successEnvelope(z.array(adminShopPageSummary));
