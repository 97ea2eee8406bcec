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

/**
 * What a bra page offers for her saved size: the chart and the size rules load after the page
 * (neither is in its first load), then her size is read in this chart's spelling (a UK 34E is a
 * US 34DDD) and its sister sizes come from the same chart.
 */
export function useMySizeOffer(
  chartId: string | null | undefined,
  mySize: string | null,
  sizes: readonly SizeStock[],
): MySizeOffer | null {
  const [found, setFound] = useState<{ key: string; offer: MySizeOffer | null } | null>(null);
  const stockKey = sizes.map((entry) => `${entry.size}:${entry.stock}`).join(',');
  const key = `${chartId ?? ''}|${mySize ?? ''}|${stockKey}`;

  useEffect(() => {
    if (!chartId || !mySize) return;
    let live = true;
    Promise.all([loadSizeChart(chartId), import('@shop/domain/size-charts')])
      .then(([chart, rules]) => {
        if (!live) return;
        const parsed = chart.kind === 'bra' ? rules.parseBraSize(chart, mySize) : null;
        if (!parsed) {
          setFound({ key, offer: null });
          return;
        }
        const stockOf = (size: string) =>
          sizes.find((entry) => entry.size.toLowerCase() === size.toLowerCase())?.stock ?? 0;
        const sisters = rules
          .braSisterSizes(chart, parsed.size)
          .map((size) => ({ size, stock: stockOf(size) }))
          .filter((entry) => entry.stock > 0);
        setFound({ key, offer: { size: parsed.size, inStock: stockOf(parsed.size) > 0, sisters } });
      })
      // Without the chart the page simply shows no 'Your size' line.
      .catch(() => live && setFound({ key, offer: null }));
    return () => {
      live = false;
    };
    // The sizes' text stands for the sizes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return found?.key === key ? found.offer : null;
}
