// The demo's size charts as the back office's chart form would send them: the bra guide on the
// modern convention (bands 30 to 40, cups A to E, the seeded bras' 32B to 40D inside it, marked
// the shop's default bra chart), and letter charts (XS to 3XL) for panties, sleepwear and the
// other apparel. Ranges are inclusive in cm; neighbours share their end points.
import type { SizeChartInput } from '@shop/contracts/fit';
import { braChartRowsFor } from '@shop/domain/size-charts';
import type { SeedProduct } from './seed-types.ts';

export type SeedChartKey = 'bra' | 'panties' | 'sleepwear' | 'apparel';

const LETTERS = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'] as const;

/** Letter rows from each measure's first lower end and its steps (one step per size). */
function letterRows(start: { bust: number; waist: number; hip: number }, steps: readonly number[]) {
  let { bust, waist, hip } = start;
  return LETTERS.map((size, at) => {
    const step = steps[at]!;
    const row = {
      size,
      bustCm: [bust, bust + step] as [number, number],
      waistCm: [waist, waist + step] as [number, number],
      hipCm: [hip, hip + step] as [number, number],
    };
    bust += step;
    waist += step;
    hip += step;
    return row;
  });
}

const STEPS = [5, 5, 5, 6, 6, 7, 7] as const;

export function seedSizeCharts(images: {
  bra: string;
  apparel: string;
}): Record<SeedChartKey, SizeChartInput> {
  return {
    bra: {
      name: 'Bra size guide',
      kind: 'bra',
      image: images.bra,
      isDefaultBra: true,
      rows: braChartRowsFor(
        'modern',
        [30, 32, 34, 36, 38, 40],
        ['A', 'B', 'C', 'D', 'DD', 'E'],
      ).map((row) => ({ ...row, underbustCm: [...row.underbustCm], bustCm: [...row.bustCm] })),
    },
    panties: {
      name: 'Panty size guide',
      kind: 'letter',
      image: images.apparel,
      rows: letterRows({ bust: 76, waist: 58, hip: 83 }, STEPS),
    },
    sleepwear: {
      name: 'Sleepwear size guide',
      kind: 'letter',
      image: images.apparel,
      rows: letterRows({ bust: 78, waist: 60, hip: 85 }, STEPS),
    },
    apparel: {
      name: 'Apparel size guide',
      kind: 'letter',
      image: images.apparel,
      rows: letterRows({ bust: 78, waist: 60, hip: 86 }, STEPS),
    },
  };
}

/** The chart a seed product uses: bras the bra guide; panties and sleepwear their own. */
export function seedChartOf(
  product: Pick<SeedProduct, 'sizeChart' | 'category' | 'subcategory'>,
): SeedChartKey | null {
  if (product.sizeChart === 'none') return null;
  if (product.sizeChart === 'bra') return 'bra';
  if (product.category === 'Panties' || product.subcategory === 'Last Chance Panties') {
    return 'panties';
  }
  if (product.category === 'Sleep & Lingerie') return 'sleepwear';
  return 'apparel';
}
