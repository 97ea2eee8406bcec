// The paging half of the back office's keyset lists (orders desk, dispatch, customers): an opaque
// cursor the server made for the page after the last one read, and a bounded page size. Keyset
// pages hold still while rows are added and cost the same on page 1 and page 10,000.
import * as z from 'zod/mini';
import { isUuid } from '@shop/domain/ids';
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

/** PostgreSQL's text of a `timestamptz`, as a cursor carries a row's time to the microsecond. */
export const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** A cursor's row id. */
export const cursorId = z.string().check(z.refine(isUuid));

/** A cursor's sort key: a row's time as PostgreSQL writes it. */
export const cursorTimestamp = z.string().check(z.regex(TIMESTAMP_TEXT));

/** The most common cursor: the last row's time as stored and its id. */
export const timeAndIdCursor = z.object({ key: cursorTimestamp, id: cursorId });

// base64url of UTF-8 without Buffer, so the codec reads the same in Node and a browser.
function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(binary, (char) => char.charCodeAt(0)),
  );
}

/**
 * The one codec of every keyset list's cursor: the position (its shape given by `schema`) as
 * base64url JSON, opaque to callers. `decode` answers undefined for any text this codec did not
 * make for that shape, which the list refuses with a 400 rather than skipping or repeating rows.
 */
export function cursorCodec<Schema extends z.ZodMiniType>(schema: Schema) {
  return {
    encode: (position: z.output<Schema>): string => toBase64Url(JSON.stringify(position)),
    decode: (text: string): z.output<Schema> | undefined => {
      try {
        const parsed = z.safeParse(schema, JSON.parse(fromBase64Url(text)));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
