// The paging half of the back office's keyset lists (orders desk, dispatch, customers): an opaque
// cursor the server made for the page after the last one read, and a bounded page size. Keyset
// pages hold still while rows are added and cost the same on page 1 and page 10,000.
import * as z from 'zod/mini';
import { plainText } from './common-mini.ts';

/** A cursor the server did not make (or made for another sort) answers 400 with this. */
export const invalidCursorMessage = 'Invalid cursor: start from the first page';

/** The largest page a keyset list serves. */
export const MAX_KEYSET_PAGE = 100;

/** A list query's `cursor` (the previous answer's `next`) and `limit` (1 to 100). */
export function keysetPageQuery(defaultLimit: number) {
  return {
    cursor: z.optional(z.string().check(z.maxLength(300), plainText(invalidCursorMessage))),
    limit: z._default(
      z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_KEYSET_PAGE)),
      defaultLimit,
    ),
  };
}

/** An answer's cursor of the next page, or null on the last one. */
export const nextCursor = z.nullable(z.string());
