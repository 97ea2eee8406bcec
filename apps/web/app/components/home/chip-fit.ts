import { useLayoutEffect, useState, type RefObject } from 'react';

export interface ChipRow {
  /** Natural width of each chip, in order, px. */
  chipWidths: readonly number[];
  /** Width of the '+N more' label, px. */
  moreWidth: number;
  /** Width of the row, px. */
  width: number;
  /** Rows the chips may wrap onto. */
  rows: number;
  /** Gap between chips and between rows' items, px. */
  gap: number;
}

/** Rows that items of these widths take when wrapped like a flex-wrap row of `width`. */
function rowsTaken(widths: readonly number[], width: number, gap: number): number {
  let rows = 0;
  let used = 0;
  for (const raw of widths) {
    // A chip wider than the row is cut to it (with an ellipsis) and takes a row of its own.
    const item = Math.min(raw, width);
    if (rows === 0 || used + gap + item > width) {
      rows += 1;
      used = item;
    } else {
      used += gap + item;
    }
  }
  return rows;
}

/**
 * How many chips, from the first, fit in the rows — leaving room for the '+N more' label
 * whenever some are left out, so a card never hides chips without saying so.
 */
export function chipsThatFit({ chipWidths, moreWidth, width, rows, gap }: ChipRow): number {
  for (let shown = chipWidths.length; shown > 0; shown -= 1) {
    const items = chipWidths.slice(0, shown);
    if (shown < chipWidths.length) items.push(moreWidth);
    if (rowsTaken(items, width, gap) <= rows) return shown;
  }
  return 0;
}

/**
 * Measures the chips laid out in one hidden row (`measure`: every chip, then the '+N more' label)
 * against the visible list's width, again whenever the list is resized.
 */
export function useChipsThatFit(
  list: RefObject<HTMLElement | null>,
  measure: RefObject<HTMLElement | null>,
  count: number,
  rows: number,
  initial: number,
): number {
  const [shown, setShown] = useState(Math.min(initial, count));
  useLayoutEffect(() => {
    const listElement = list.current;
    const measureElement = measure.current;
    if (!listElement || !measureElement) return;
    const fit = () => {
      const widths = [...measureElement.children].map(
        (child) => child.getBoundingClientRect().width,
      );
      const moreWidth = widths.pop() ?? 0;
      setShown(
        chipsThatFit({
          chipWidths: widths.slice(0, count),
          moreWidth,
          width: listElement.clientWidth,
          rows,
          gap: parseFloat(getComputedStyle(listElement).columnGap) || 0,
        }),
      );
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(listElement);
    observer.observe(measureElement);
    return () => observer.disconnect();
  }, [list, measure, count, rows]);
  return shown;
}
