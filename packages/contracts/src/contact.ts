// zod/mini: the same zod 4 schemas with tree-shakable checks, because this one ships to the browser
// (≈ 5 KB gzipped instead of ≈ 25 KB for the classic API).
import * as z from 'zod/mini';
import { plainText, requiredIndianPhone } from './common-mini.ts';
import { emailAddress } from './email.ts';

/** Subjects of the contact form, in the order the select lists them. */
export const contactSubjects = [
  'product-inquiry',
  'order-status',
  'size-fitting',
  'return-exchange',
  'complaint',
  'partnership',
  'other',
] as const;
export type ContactSubject = (typeof contactSubjects)[number];

export const contactSubjectLabels: Record<ContactSubject, string> = {
  'product-inquiry': 'Product inquiry',
  'order-status': 'Order status',
  'size-fitting': 'Size & fitting',
  'return-exchange': 'Return or exchange',
  complaint: 'Complaint',
  partnership: 'Partnership',
  other: 'Other',
};

/** Whitespace-only counts as empty; `abort` keeps a blank field to its "required" message alone. */
const requiredText = (message: string, ...checks: z.core.$ZodCheck<string>[]) =>
  z.string().check(z.trim(), z.minLength(1, { error: message, abort: true }), ...checks);

/**
 * The contact form. Values are trimmed before the emptiness checks; the phone
 * is read like every other phone of the shop: spaces, dashes, a leading +91 or 0 are accepted and
 * the message carries the 10 digits.
 */
export const contactMessageSchema = z.object({
  name: requiredText('Name is required', plainText('Name is required')),
  email: emailAddress('Email is invalid', 'Email is required'),
  phone: requiredIndianPhone('Phone number is required', 'Phone number must be 10 digits'),
  subject: z.enum(contactSubjects, { error: 'Subject is required' }),
  message: requiredText('Message is required', plainText('Message is required', 'multiline')),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
export type ContactField = keyof ContactMessageInput;
