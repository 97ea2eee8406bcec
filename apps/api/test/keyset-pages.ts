// Walking a back-office keyset list to its end, as the screens' 'Next' does.
import { expect } from 'vitest';

interface Walk {
  path: string;
  query?: string;
  limit: number;
  /** The answer's field holding the page's rows (`orders`, `customers`). */
  field: string;
  maxPages?: number;
}

/**
 * Reads `path?query&limit=…` page after page, passing each answer's `next` as the cursor, until
 * a page says there is none; answers every row of `field` in the order served and how many pages
 * it took. Every page must answer 200 and hold at most `limit` rows; a list that never ends fails
 * after `maxPages`.
 */
export async function allKeysetPages<Row>(
  read: (url: string) => Promise<{ status: number; body: any }>,
  { path, query = '', limit, field, maxPages = 100 }: Walk,
): Promise<{ rows: Row[]; pages: number }> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (let pages = 1; ; pages += 1) {
    expect(pages, `${path} still had a next page after ${maxPages}`).toBeLessThanOrEqual(maxPages);
    const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const answer = await read(`${path}?${query}&limit=${limit}${suffix}`);
    expect(answer.status).toBe(200);
    const page = answer.body.data[field] as Row[];
    expect(page.length).toBeLessThanOrEqual(limit);
    rows.push(...page);
    cursor = answer.body.data.next;
    if (!cursor) return { rows, pages };
  }
}
