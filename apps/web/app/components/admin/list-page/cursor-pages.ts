import { useSearchParams } from 'react-router';

/**
 * The URL parameter holding the cursors of the pages before the current one, oldest first (the
 * first page has none). Keyset pages only know the page after them, so "Previous" needs this
 * trail; in the URL it survives a reload, the browser's back button and a copied link.
 */
export const TRAIL_PARAM = 'trail';

/** The URL of the page after this one: `next` becomes the cursor, this page joins the trail. */
export function paramsOfNextPage(params: URLSearchParams, cursorParam: string, next: string) {
  const moved = new URLSearchParams(params);
  const current = params.get(cursorParam);
  moved.delete(TRAIL_PARAM);
  // The first page has no cursor: "Previous" from the second page goes back to no cursor at all.
  if (current)
    for (const cursor of [...params.getAll(TRAIL_PARAM), current]) {
      moved.append(TRAIL_PARAM, cursor);
    }
  moved.set(cursorParam, next);
  return moved;
}

/** The URL of the page before this one: the trail's last cursor, or the first page. */
export function paramsOfPreviousPage(params: URLSearchParams, cursorParam: string) {
  const moved = new URLSearchParams(params);
  const trail = params.getAll(TRAIL_PARAM);
  const previous = trail.pop();
  moved.delete(TRAIL_PARAM);
  for (const cursor of trail) moved.append(TRAIL_PARAM, cursor);
  if (previous) moved.set(cursorParam, previous);
  else moved.delete(cursorParam);
  return moved;
}

export interface CursorPages {
  /** Whether there is a page before this one (this page has a cursor). */
  hasPrevious: boolean;
  previous: () => void;
  next: (cursor: string) => void;
}

/**
 * Previous/Next over keyset pages whose cursor lives in the URL parameter `cursorParam`. Filters
 * set anew (without the cursor and trail) start again from the first page.
 */
export function useCursorPages(cursorParam = 'cursor'): CursorPages {
  const [params, setParams] = useSearchParams();
  return {
    hasPrevious: Boolean(params.get(cursorParam)),
    previous: () => setParams(paramsOfPreviousPage(params, cursorParam)),
    next: (cursor) => setParams(paramsOfNextPage(params, cursorParam, cursor)),
  };
}
