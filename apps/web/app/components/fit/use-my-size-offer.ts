import type { SizeStock } from '@shop/contracts/catalogue';
import { useEffect, useState } from 'react';
import { loadSizeChart } from './fit-api';

/** Her size as this product's chart spells it, whether this colour has it, and its sisters. */
export interface MySizeOffer {
  size: string;
  inStock: boolean;
  /** Her sister sizes this colour has in stock, with their stock. */
  sisters: SizeStock[];
}

export interface BraFit {
  /** Whether the product's chart is a bra chart; null until it has loaded. */
  isBra: boolean | null;
  /** What the page offers for her saved size, once it is known. */
  offer: MySizeOffer | null;
}

/**
 * A product's fit after its first paint: its chart loads (the finder is offered on bra charts
 * only), then, when she has a saved size, the size rules load and read it in this chart's
 * spelling (a UK 34E is a US 34DDD), with its sister sizes from the same chart. Neither the chart
 * nor the rules are in the page's first load.
 */
export function useBraFit(
  chartId: string | null | undefined,
  mySize: string | null,
  sizes: readonly SizeStock[],
): BraFit {
  const [found, setFound] = useState<{ key: string; fit: BraFit } | null>(null);
  const stockKey = sizes.map((entry) => `${entry.size}:${entry.stock}`).join(',');
  const key = `${chartId ?? ''}|${mySize ?? ''}|${stockKey}`;

  useEffect(() => {
    if (!chartId) return;
    let live = true;
    loadSizeChart(chartId)
      .then(async (chart) => {
        if (chart.kind !== 'bra' || !mySize) return { isBra: chart.kind === 'bra', offer: null };
        const rules = await import('./fit-rules');
        const parsed = rules.parseBraSize(chart, mySize);
        if (!parsed) return { isBra: true, offer: null };
        const stockOf = (size: string) =>
          sizes.find((entry) => entry.size.toLowerCase() === size.toLowerCase())?.stock ?? 0;
        const sisters = rules
          .braSisterSizes(chart, parsed.size)
          .map((size) => ({ size, stock: stockOf(size) }))
          .filter((entry) => entry.stock > 0);
        return {
          isBra: true,
          offer: { size: parsed.size, inStock: stockOf(parsed.size) > 0, sisters },
        };
      })
      // Without the chart the page offers neither the finder nor 'Your size'.
      .catch(() => ({ isBra: false, offer: null }))
      .then((fit) => live && setFound({ key, fit }));
    return () => {
      live = false;
    };
    // The sizes' text stands for the sizes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return found?.key === key ? found.fit : { isBra: null, offer: null };
}
