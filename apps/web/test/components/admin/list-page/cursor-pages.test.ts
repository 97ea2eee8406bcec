import { describe, expect, it } from 'vitest';
import {
  paramsOfNextPage,
  paramsOfPreviousPage,
} from '../../../../app/components/admin/list-page/cursor-pages';

/** Walks Next `times` times from `start`, the server answering cursors c1, c2, ... */
function forward(start: string, times: number) {
  let params = new URLSearchParams(start);
  for (let page = 1; page <= times; page += 1) {
    params = paramsOfNextPage(params, 'cursor', `c${page}`);
  }
  return params;
}

describe('the cursor trail in the URL', () => {
  it('keeps the filters and remembers every page before this one', () => {
    const third = forward('q=meera&status=paid', 2);
    expect(third.get('q')).toBe('meera');
    expect(third.get('status')).toBe('paid');
    expect(third.get('cursor')).toBe('c2');
    expect(third.getAll('trail')).toEqual(['c1']);
    expect(forward('', 4).getAll('trail')).toEqual(['c1', 'c2', 'c3']);
  });

  it('walks back page by page to the first page, which has no cursor', () => {
    // What a reload keeps: only the URL.
    let params = new URLSearchParams(forward('q=meera', 3).toString());
    const seen: (string | null)[] = [];
    while (params.get('cursor')) {
      params = paramsOfPreviousPage(params, 'cursor');
      seen.push(params.get('cursor'));
    }
    expect(seen).toEqual(['c2', 'c1', null]);
    expect(params.toString()).toBe('q=meera');
  });

  it('goes back to the first page from a link without a trail', () => {
    const shared = new URLSearchParams('cursor=c7&q=x');
    expect(paramsOfPreviousPage(shared, 'cursor').toString()).toBe('q=x');
  });

  it('uses the screen’s own cursor parameter', () => {
    const second = paramsOfNextPage(new URLSearchParams('entity=order'), 'before', 'b1');
    const third = paramsOfNextPage(second, 'before', 'b2');
    expect(third.getAll('trail')).toEqual(['b1']);
    expect(paramsOfPreviousPage(third, 'before').get('before')).toBe('b1');
  });
});
