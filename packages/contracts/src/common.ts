import { z } from 'zod';
import { plainText } from './common-mini.ts';

/**
 * Every API answer: `{ success, data, message }`; errors are `{ success: false, message,
 * requestId }`, the id also in the `x-request-id` header and the server's log line.
 */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string() });
}

export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  // Optional for the reader: an answer from a proxy in front of the shop has none.
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const MAX_PAGE_SIZE = 100;

/** A query-string whole number ≥ 1, named in its error message. */
export function positiveIntegerParam(name: string) {
  const message = `Invalid ${name}: must be a whole number of at least 1`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((value) => value >= 1, message);
}

/** Page size: a whole number ≥ 1, clamped to MAX_PAGE_SIZE rather than refused. */
export function pageSizeParam(defaultSize: number) {
  return positiveIntegerParam('limit')
    .transform((value) => Math.min(value, MAX_PAGE_SIZE))
    .optional()
    .transform((value) => value ?? defaultSize);
}

export function pageParam() {
  return positiveIntegerParam('page')
    .optional()
    .transform((value) => value ?? 1);
}

export const paginationQuery = z.object({ page: pageParam(), limit: pageSizeParam(10) });

/** Ids are UUIDs; anything else is a malformed id (400), not an unknown one (404). */
export function idParam(what: string) {
  return z.uuid({ error: `Invalid ${what} id` });
}

/**
 * Free text from a query string: trimmed and cut to a sane length instead of refused; a control
 * character is refused.
 */
export function searchText(maxLength = 100) {
  const message = 'Invalid q: must be text';
  return z
    .string({ error: message })
    .check(plainText(message))
    .transform((value) => value.trim().slice(0, maxLength));
}

export const paginatedMeta = z.object({
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  total: z.number().int(),
});
