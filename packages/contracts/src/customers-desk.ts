// The back office's customers screen: its list query (parsed from the URL by the screen and by
// the route alike), the internal note form, and the answers. The answers are explicit objects:
// Fastify serializes a response through them, so no field that is not named here (a password
// hash, a Google subject id, a token) can ever leave the server. zod/mini because they ship to
// the browser.
import * as z from 'zod/mini';
import { orderStatuses, paymentStatuses } from '@shop/domain/orders';
import { userRoles } from '@shop/domain/roles';
import { savedAddress } from './auth.ts';
import { plainText, requiredText, successEnvelope } from './common-mini.ts';
import { invalidCursorMessage, keysetPageQuery, nextCursor } from './keyset-page.ts';

export const customersDeskMessages = {
  notFound: 'Customer not found',
  noteRequired: 'Please write the note',
  invalidCursor: invalidCursorMessage,
  invalidQuery: 'Invalid q: must be text',
} as const;

/** How many of a customer's orders her page lists, newest first. */
export const CUSTOMER_RECENT_ORDERS = 20;

/**
 * `GET /admin/customers`: search by email, phone or name (any case; a phone typed with +91 or
 * spaces finds the stored digits), newest accounts first, a page at a time by keyset cursor.
 */
export const customersDeskQuery = z.object({
  q: z._default(
    z.string().check(z.trim(), z.maxLength(100), plainText(customersDeskMessages.invalidQuery)),
    '',
  ),
  ...keysetPageQuery(20),
});
export type CustomersDeskQueryInput = z.input<typeof customersDeskQuery>;
export type CustomersDeskQuery = z.output<typeof customersDeskQuery>;

/** `POST /admin/customers/{id}/notes`: a note for the shop's eyes only. */
export const customerNoteSchema = z.object({
  text: requiredText(customersDeskMessages.noteRequired, 2000, 'multiline'),
});
export type CustomerNoteInput = z.input<typeof customerNoteSchema>;

export const customersDeskRow = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  joinedAt: z.string(),
  ordersCount: z.number(),
  /** Rupees: paid orders' totals less the refunds given on them. */
  lifetimeValue: z.number(),
  lastOrderAt: z.nullable(z.string()),
});
export type CustomersDeskRow = z.infer<typeof customersDeskRow>;

export const customersDeskPage = z.object({
  customers: z.array(customersDeskRow),
  next: nextCursor,
});
export type CustomersDeskPage = z.infer<typeof customersDeskPage>;

export const customerNote = z.object({
  _id: z.string(),
  text: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type CustomerNote = z.infer<typeof customerNote>;

export const customerOrderRow = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  /** Rupees. */
  total: z.number(),
  status: z.enum(orderStatuses),
  paymentStatus: z.enum(paymentStatuses),
});
export type CustomerOrderRow = z.infer<typeof customerOrderRow>;

/** Who she is as the shop may see it: no password, token or sign-in provider's id. */
export const customerProfile = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  emailVerified: z.boolean(),
  googleLinked: z.boolean(),
  role: z.enum(userRoles),
  joinedAt: z.string(),
});
export type CustomerProfile = z.infer<typeof customerProfile>;

/** `GET /admin/customers/{id}`. */
export const customerDeskDetail = z.object({
  profile: customerProfile,
  addresses: z.array(savedAddress),
  /** The latest 20, newest first. */
  orders: z.array(customerOrderRow),
  ordersCount: z.number(),
  /** Rupees: paid orders' totals less the refunds given on them. */
  lifetimeValue: z.number(),
  /** Orders with at least one line asked back (returned or exchanged). */
  returnsCount: z.number(),
  cancellationsCount: z.number(),
  /** Oldest first. */
  notes: z.array(customerNote),
});
export type CustomerDeskDetail = z.infer<typeof customerDeskDetail>;

export const customersDeskPageResponse = successEnvelope(customersDeskPage);
export const customerDeskDetailResponse = successEnvelope(customerDeskDetail);
export const customerNoteResponse = successEnvelope(customerNote);
