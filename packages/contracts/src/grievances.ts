// Grievances: the public form (`POST /grievances`, shared by the /grievance page and the route),
// the shopper's status lookup, and the back office's list, detail and actions. zod/mini because
// the form and the back office's screens ship to the browser.
import * as z from 'zod/mini';
import {
  grievanceCategories,
  grievanceMessages,
  grievanceStatuses,
  normalizeTicketNumber,
} from '@shop/domain/grievances';
import {
  indianPhone,
  optionalText,
  plainText,
  requiredText,
  successEnvelope,
} from './common-mini.ts';
import { emailAddress } from './email.ts';
import { invalidCursorMessage, keysetPageQuery, nextCursor } from './keyset-page.ts';

export const grievanceFormMessages = {
  name: 'Please enter your name',
  email: 'Please enter a valid email address',
  emailRequired: 'Please enter your email address',
  phone: 'Enter a 10-digit mobile number, or leave it empty',
  orderNumber: 'Order numbers are letters, digits and dashes, e.g. LB-20260314-0042',
  category: 'Please choose what your grievance is about',
  subject: 'Please give your grievance a short subject',
  description: 'Please describe what happened (at least 20 characters)',
  ticket: 'Enter the ticket number as it was given, e.g. GRV-2026-000123',
  replyText: 'Please write the reply or note',
  resolution: 'Please say how the grievance was resolved',
  invalidCursor: invalidCursorMessage,
  tooMany: 'Too many grievances have been sent from your network. Please try again later.',
  statusLink: grievanceMessages.statusLinkNotValid,
} as const;

/** The public form. The order number is optional: a grievance may be about no order. */
export const grievanceSchema = z.object({
  name: requiredText(grievanceFormMessages.name, 100),
  email: emailAddress(grievanceFormMessages.email, grievanceFormMessages.emailRequired),
  phone: z._default(indianPhone(grievanceFormMessages.phone, 'allowed'), ''),
  orderNumber: z.pipe(
    optionalText(grievanceFormMessages.orderNumber, 40),
    z.transform((value, context) => {
      const upper = value.toUpperCase();
      if (/^[A-Z0-9-]*$/.test(upper)) return upper;
      context.issues.push({
        code: 'custom',
        message: grievanceFormMessages.orderNumber,
        input: value,
      });
      return z.NEVER;
    }),
  ),
  category: z.enum(grievanceCategories, { error: grievanceFormMessages.category }),
  subject: requiredText(grievanceFormMessages.subject, 150),
  description: z
    .string({ error: grievanceFormMessages.description })
    .check(
      z.trim(),
      z.minLength(20, { error: grievanceFormMessages.description, abort: true }),
      plainText(grievanceFormMessages.description, 'multiline'),
      z.maxLength(4000, { error: 'At most 4000 characters.' }),
    ),
});
export type GrievanceInput = z.input<typeof grievanceSchema>;
export type Grievance = z.output<typeof grievanceSchema>;
export type GrievanceField = keyof GrievanceInput;

/** A ticket number however it was typed, passed on upper-cased; anything else is refused. */
export const ticketNumber = z.pipe(
  z.string({ error: grievanceFormMessages.ticket }).check(z.maxLength(40)),
  z.transform((value, context) => {
    const ticket = normalizeTicketNumber(value);
    if (ticket) return ticket;
    context.issues.push({ code: 'custom', message: grievanceFormMessages.ticket, input: value });
    return z.NEVER;
  }),
);

/**
 * `GET /grievances/{ticket}?email=`: both must match, or the answer is the same 404. It answers
 * the ticket's state only: anyone who knows an address can type it, so the text (the subject,
 * the shop's replies, the resolution) needs the status link's token.
 */
export const grievanceLookupSchema = z.object({
  ticket: ticketNumber,
  email: emailAddress(grievanceFormMessages.email, grievanceFormMessages.emailRequired),
});
export type GrievanceLookupInput = z.input<typeof grievanceLookupSchema>;
export const grievanceTicketParams = z.object({ ticket: ticketNumber });
export const grievanceLookupQuery = z.object({
  email: emailAddress(grievanceFormMessages.email, grievanceFormMessages.emailRequired),
});

/**
 * `POST /grievances/{ticket}/status {token}`: the token of the status link the shop's mails
 * carry (base64url). In the body, not the address, so it stays out of logs and proxies.
 */
export const grievanceStatusTokenSchema = z.object({
  token: z
    .string({ error: grievanceFormMessages.statusLink })
    .check(z.regex(/^[A-Za-z0-9_-]{22,100}$/, { error: grievanceFormMessages.statusLink })),
});
export type GrievanceStatusTokenInput = z.input<typeof grievanceStatusTokenSchema>;

const clock = z.object({
  dueAt: z.string(),
  doneAt: z.nullable(z.string()),
  state: z.enum(['met', 'late', 'due', 'overdue']),
});
const clocks = z.object({ acknowledge: clock, resolve: clock });

/** A ticket's state, as its number and email show it: where it stands, never what it says. */
export const grievanceStateView = z.object({
  ticket: z.string(),
  status: z.enum(grievanceStatuses),
  createdAt: z.string(),
  acknowledgedAt: z.nullable(z.string()),
  resolvedAt: z.nullable(z.string()),
  clocks,
});
export type GrievanceStateView = z.infer<typeof grievanceStateView>;
export const grievanceStateResponse = successEnvelope(grievanceStateView);

/**
 * What the status link shows the shopper of her ticket: its state, subject, the shop's replies
 * and resolution, never the shop's internal notes.
 */
export const grievanceStatusView = z.object({
  ...grievanceStateView.shape,
  category: z.enum(grievanceCategories),
  subject: z.string(),
  resolution: z.string(),
  replies: z.array(z.object({ at: z.string(), text: z.string() })),
});
export type GrievanceStatusView = z.infer<typeof grievanceStatusView>;
export const grievanceStatusResponse = successEnvelope(grievanceStatusView);

/** `POST /grievances` answers the ticket number at once. */
export const grievanceCreatedResponse = successEnvelope(
  z.object({ ticket: z.string(), status: z.enum(grievanceStatuses), createdAt: z.string() }),
);

/** The back office's list filter: the tickets still to work on (default), one state, or all. */
export const grievanceStatusFilters = ['unresolved', 'all', ...grievanceStatuses] as const;

/** `GET /admin/grievances`: oldest first (the one whose clock runs out soonest on top). */
export const grievancesDeskQuery = z.object({
  status: z._default(
    z.enum(grievanceStatusFilters, { error: 'Unknown grievance state' }),
    'unresolved',
  ),
  category: z.optional(z.enum(grievanceCategories, { error: 'Unknown grievance category' })),
  ...keysetPageQuery(20),
});
export type GrievancesDeskQuery = z.output<typeof grievancesDeskQuery>;

export const grievancesDeskRow = z.object({
  ticket: z.string(),
  name: z.string(),
  email: z.string(),
  category: z.enum(grievanceCategories),
  subject: z.string(),
  orderNumber: z.string(),
  status: z.enum(grievanceStatuses),
  createdAt: z.string(),
  clocks,
});
export type GrievancesDeskRow = z.infer<typeof grievancesDeskRow>;
export const grievancesDeskPage = z.object({
  grievances: z.array(grievancesDeskRow),
  next: nextCursor,
});
export type GrievancesDeskPage = z.infer<typeof grievancesDeskPage>;
export const grievancesDeskPageResponse = successEnvelope(grievancesDeskPage);

export const grievanceMessageKinds = ['reply', 'note'] as const;

export const grievanceDetail = z.object({
  ...grievancesDeskRow.shape,
  phone: z.string(),
  description: z.string(),
  acknowledgedAt: z.nullable(z.string()),
  resolvedAt: z.nullable(z.string()),
  resolution: z.string(),
  messages: z.array(
    z.object({
      _id: z.string(),
      kind: z.enum(grievanceMessageKinds),
      text: z.string(),
      author: z.string(),
      at: z.string(),
    }),
  ),
});
export type GrievanceDetail = z.infer<typeof grievanceDetail>;
export const grievanceDetailResponse = successEnvelope(grievanceDetail);

/** `POST /admin/grievances/{ticket}/messages`: a reply is mailed to the shopper, a note is not. */
export const grievanceMessageSchema = z.object({
  kind: z.enum(grievanceMessageKinds, { error: 'Say whether this is a reply or a note' }),
  text: requiredText(grievanceFormMessages.replyText, 4000, 'multiline'),
});
export type GrievanceMessageInput = z.input<typeof grievanceMessageSchema>;

/** `POST /admin/grievances/{ticket}/resolve`: the shopper reads the resolution. */
export const grievanceResolveSchema = z.object({
  resolution: requiredText(grievanceFormMessages.resolution, 4000, 'multiline'),
});
export type GrievanceResolveInput = z.input<typeof grievanceResolveSchema>;
