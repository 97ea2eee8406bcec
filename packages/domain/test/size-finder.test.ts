import { describe, expect, it } from 'vitest';
import {
  braChartRowsFor,
  inchesOf,
  braSisterSizes,
  parseBraSize,
  validateSizeChartRows,
  type BraChartRow,
  type SizeChartData,
} from '../src/size-charts.ts';
import { findBraSize, sizeMatchFor } from '../src/size-finder.ts';
import { ShopError } from '../src/errors.ts';

const MODERN_UK: SizeChartData = {
  id: 'modern-uk',
  name: 'Modern, UK cups',
  kind: 'bra',
  image: null,
  rows: braChartRowsFor('modern', [30, 32, 34, 36, 38, 40], ['A', 'B', 'C', 'D', 'DD', 'E', 'F']),
};

const LEGACY_US: SizeChartData = {
  id: 'legacy-us',
  name: 'Legacy +4, US cups',
  kind: 'bra',
  image: null,
  rows: braChartRowsFor('legacy', [32, 34, 36, 38], ['A', 'B', 'C', 'D', 'DD', 'DDD', 'G']),
};

const EU: SizeChartData = {
  id: 'eu',
  name: 'EU bands',
  kind: 'bra',
  image: null,
  rows: braChartRowsFor('eu', [70, 75, 80, 85], ['A', 'B', 'C', 'D', 'E']),
};

/** An Indian brand's chart written by hand in cm (band 32 is 68–73 cm under the bust). */
const HAND_WRITTEN: SizeChartData = {
  id: 'hand',
  name: 'Hand-written',
  kind: 'bra',
  image: null,
  rows: [
    { size: '30B', underbustCm: [63, 68], bustCm: [77.5, 80] },
    { size: '30C', underbustCm: [63, 68], bustCm: [80, 82.5] },
    { size: '32A', underbustCm: [68, 73], bustCm: [80, 82.5] },
    { size: '32B', underbustCm: [68, 73], bustCm: [82.5, 85] },
    { size: '32C', underbustCm: [68, 73], bustCm: [85, 87.5] },
    { size: '32D', underbustCm: [68, 73], bustCm: [87.5, 90] },
    { size: '34B', underbustCm: [73, 78], bustCm: [87.5, 90] },
    { size: '34C', underbustCm: [73, 78], bustCm: [90, 92.5] },
  ],
};

const tape = (unit: 'in' | 'cm', underbust: number, bust: number, bustLeaning?: number) =>
  ({ method: 'tape', unit, underbust, bust, bustLeaning }) as const;

describe('parseBraSize', () => {
  it('reads band and cup in the chart’s own cup order, whichever spelling the chart uses', () => {
    expect(parseBraSize(MODERN_UK, '34B')).toMatchObject({
      band: 34,
      cupIndex: 2,
      size: '34B',
      inChart: true,
    });
    expect(parseBraSize(MODERN_UK, '34 dd')).toMatchObject({ cupIndex: 5, size: '34DD' });
    expect(parseBraSize(MODERN_UK, '34E')).toMatchObject({ cupIndex: 6, size: '34E' });
    expect(parseBraSize(MODERN_UK, '34F')).toMatchObject({ cupIndex: 7, size: '34F' });
    expect(parseBraSize(LEGACY_US, '34DDD')).toMatchObject({ cupIndex: 6, size: '34DDD' });
    expect(parseBraSize(LEGACY_US, '34G')).toMatchObject({ cupIndex: 7, size: '34G' });
  });

  it('reads another convention’s letters into this chart’s spelling', () => {
    // UK E is US DDD; US DDD is UK E.
    expect(parseBraSize(LEGACY_US, '36E')).toMatchObject({
      band: 36,
      size: '36DDD',
      inChart: true,
    });
    expect(parseBraSize(MODERN_UK, '36DDD')).toMatchObject({ size: '36E', inChart: true });
    // An EU band on an inch chart: 75 is 34.
    expect(parseBraSize(MODERN_UK, '75B')).toMatchObject({ band: 34, size: '34B' });
    expect(parseBraSize(EU, '34B')).toMatchObject({ band: 75, size: '75B' });
  });

  it('refuses text that is no bra size and marks sizes the chart lacks', () => {
    expect(parseBraSize(MODERN_UK, 'M')).toBeNull();
    expect(parseBraSize(MODERN_UK, '34Q')).toBeNull();
    expect(parseBraSize(MODERN_UK, '44B')).toMatchObject({ inChart: false, size: '44B' });
  });
});

describe('braSisterSizes', () => {
  it('is band one down with cup one up, then band one up with cup one down', () => {
    expect(braSisterSizes(MODERN_UK, '32C')).toEqual(['30D', '34B']);
    expect(braSisterSizes(LEGACY_US, '36DD')).toEqual(['34DDD', '38D']);
    expect(braSisterSizes(EU, '75B')).toEqual(['70C', '80A']);
  });

  it('keeps band ÷ 2 + cup constant and names only sizes the chart has', () => {
    for (const sister of braSisterSizes(MODERN_UK, '34DD')) {
      const parsed = parseBraSize(MODERN_UK, sister)!;
      expect(parsed.band / 2 + parsed.cupIndex).toBe(34 / 2 + 5);
    }
    expect(braSisterSizes(MODERN_UK, '30A')).toEqual([]); // 28B and 32AA are not in the chart
    expect(braSisterSizes(MODERN_UK, '40F')).toEqual([]); // 38FF and 42E are not in the chart
    expect(braSisterSizes(MODERN_UK, '40A')).toEqual(['38B']);
  });
});

describe('findBraSize with a tape', () => {
  it('answers the modern chart from inches: band is the under-bust rounded to even, a cup per inch', () => {
    expect(findBraSize(MODERN_UK, tape('in', 32, 35))).toEqual({
      size: '32C',
      sisterSizes: ['30D', '34B'],
      confidence: 'exact',
      reason: 'Your under-bust 32 in is band 32; bust 35 in is cup C in this chart',
      chartId: 'modern-uk',
    });
    expect(findBraSize(MODERN_UK, tape('in', 36, 41)).size).toBe('36DD');
    expect(findBraSize(MODERN_UK, tape('in', 36, 42)).size).toBe('36E');
  });

  it('reads the same measurements as another size on a legacy "+4" chart', () => {
    // 28 in under the bust: +4 makes band 32; bust 35 in is 3 in over it: C.
    expect(findBraSize(LEGACY_US, tape('in', 28, 35)).size).toBe('32C');
    expect(findBraSize(LEGACY_US, tape('in', 30, 40)).size).toBe('34DDD');
    expect(findBraSize(MODERN_UK, tape('in', 30, 40)).size).toBe('30F');
  });

  it('answers in cm with the one-line reason', () => {
    expect(findBraSize(HAND_WRITTEN, tape('cm', 71, 87))).toMatchObject({
      size: '32C',
      sisterSizes: ['34B'], // 30D is not in this chart
      confidence: 'exact',
      reason: 'Your under-bust 71 cm is band 32; bust 87 cm is cup C in this chart',
    });
  });

  it('gives a shared end point to the smaller size and says between sizes', () => {
    const answer = findBraSize(HAND_WRITTEN, tape('cm', 73, 90));
    expect(answer.size).toBe('32D');
    expect(answer.confidence).toBe('between_sizes');
    expect(answer.reason).toContain('between bands, nearest 32');
  });

  it('refines the cup with the bust measured leaning forward', () => {
    expect(findBraSize(MODERN_UK, tape('in', 32, 35)).size).toBe('32C');
    expect(findBraSize(MODERN_UK, tape('in', 32, 35, 37)).size).toBe('32D');
    // Leaning less than standing changes nothing.
    expect(findBraSize(MODERN_UK, tape('in', 32, 35, 34)).size).toBe('32C');
  });

  it('says when she is outside the chart and names the nearest size it has', () => {
    const small = findBraSize(MODERN_UK, tape('in', 26, 27));
    expect(small.confidence).toBe('outside_chart');
    expect(small.size).toBe('30A');
    expect(small.reason).toBe(
      'Your under-bust 26 in and bust 27 in fall outside this chart; the nearest size it has is 30A',
    );
    const large = findBraSize(MODERN_UK, tape('in', 40, 50));
    expect(large).toMatchObject({ confidence: 'outside_chart', size: '40F' });
  });

  it('refuses measurements no tape gives, and a chart that is not for bras', () => {
    expect(() => findBraSize(MODERN_UK, tape('in', 5, 35))).toThrow(ShopError);
    expect(() =>
      findBraSize({ ...MODERN_UK, kind: 'letter', rows: [] }, tape('in', 32, 35)),
    ).toThrow('The size finder answers bra sizes; this size chart is not a bra chart');
  });
});

describe('findBraSize by feel', () => {
  const feel = (
    wornSize: string,
    band: 'rides_up' | 'digs_in' | 'fine',
    cups: 'gape' | 'spill' | 'fine',
    gore?: 'lifts' | 'flat',
  ) => ({ method: 'feel', wornSize, band, cups, gore }) as const;

  it('keeps a size that fits', () => {
    expect(findBraSize(MODERN_UK, feel('34B', 'fine', 'fine', 'flat'))).toMatchObject({
      size: '34B',
      confidence: 'exact',
      reason: 'You wear 34B; it fits, so keep 34B in this chart',
    });
  });

  it('band rides up: one band down and one cup up (the sister keeps the volume)', () => {
    expect(findBraSize(MODERN_UK, feel('34B', 'rides_up', 'fine')).size).toBe('32C');
  });

  it('band digs in: one band up and one cup down', () => {
    expect(findBraSize(MODERN_UK, feel('34B', 'digs_in', 'fine')).size).toBe('36A');
  });

  it('cups gape: one cup down; cups spill: one cup up', () => {
    expect(findBraSize(MODERN_UK, feel('34C', 'fine', 'gape')).size).toBe('34B');
    expect(findBraSize(MODERN_UK, feel('34C', 'fine', 'spill')).size).toBe('34D');
  });

  it('the centre panel lifting off means a cup too small when the cups seem fine', () => {
    expect(findBraSize(MODERN_UK, feel('34C', 'fine', 'fine', 'lifts')).size).toBe('34D');
    // Spilling and lifting both say "cup too small": one cup up, not two.
    expect(findBraSize(MODERN_UK, feel('34C', 'fine', 'spill', 'lifts')).size).toBe('34D');
  });

  it('adds the moves: band rides up and cups spill is one band down and two cups up', () => {
    const answer = findBraSize(MODERN_UK, feel('34B', 'rides_up', 'spill'));
    expect(answer.size).toBe('32D');
    expect(answer.reason).toBe(
      'You wear 34B; the band rides up, so one band down and one cup up; the cups spill over, so one cup up: 32D in this chart',
    );
  });

  it('reads the worn size in any spelling and answers in this chart’s', () => {
    // She wears a UK 36E; on a US chart a cup up is G.
    expect(findBraSize(LEGACY_US, feel('36E', 'fine', 'spill')).size).toBe('36G');
    // She wears a US 36DDD; on a UK chart one band down and a cup up is 34F.
    expect(findBraSize(MODERN_UK, feel('36DDD', 'rides_up', 'fine')).size).toBe('34F');
    // An EU size on an inch chart.
    expect(findBraSize(MODERN_UK, feel('75B', 'fine', 'fine')).size).toBe('34B');
  });

  it('names the nearest size when the answer is outside the chart', () => {
    const answer = findBraSize(MODERN_UK, feel('30A', 'rides_up', 'gape'));
    expect(answer.confidence).toBe('outside_chart');
    expect(answer.size).toBe('30A');
    expect(answer.reason).toContain('28A is outside this chart; the nearest size it has is 30A');
  });

  it('refuses a worn size it cannot read', () => {
    expect(() => findBraSize(MODERN_UK, feel('medium', 'fine', 'fine'))).toThrow(
      'Write the size you wear now as band then cup, like 34B',
    );
  });
});

describe('sizeMatchFor', () => {
  it('matches her size, or a sister in stock only when asked', () => {
    expect(sizeMatchFor(MODERN_UK, '32C', ['32C', '34B'], false)).toEqual({
      size: '32C',
      sister: false,
    });
    expect(sizeMatchFor(MODERN_UK, '32C', ['34B', '36B'], false)).toBeNull();
    expect(sizeMatchFor(MODERN_UK, '32C', ['34B', '36B'], true)).toEqual({
      size: '34B',
      sister: true,
    });
    expect(sizeMatchFor(MODERN_UK, '32C', ['36A', '32B'], true)).toBeNull();
  });

  it('reads her size in the product chart’s spelling', () => {
    expect(sizeMatchFor(LEGACY_US, '34E', ['34DDD'], false)).toEqual({
      size: '34DDD',
      sister: false,
    });
    expect(sizeMatchFor(LEGACY_US, '34E', ['36DD'], true)).toEqual({ size: '36DD', sister: true });
  });

  it('matches letter sizes and chartless products by name', () => {
    expect(sizeMatchFor(null, 'm', ['S', 'M'], true)).toEqual({ size: 'M', sister: false });
    expect(sizeMatchFor(null, '32C', ['34B'], true)).toBeNull();
  });
});

describe('inchesOf', () => {
  it('reads cm as inches to one decimal', () => {
    expect(inchesOf(78.7)).toBe(31);
    expect(inchesOf(87.6)).toBe(34.5);
  });
});

describe('validateSizeChartRows', () => {
  it('passes the convention charts', () => {
    expect(validateSizeChartRows('bra', MODERN_UK.rows)).toEqual([]);
    expect(validateSizeChartRows('bra', LEGACY_US.rows)).toEqual([]);
    expect(validateSizeChartRows('bra', EU.rows)).toEqual([]);
    expect(validateSizeChartRows('bra', HAND_WRITTEN.rows)).toEqual([]);
  });

  it('refuses a backwards range, an overlap within a band and a size twice', () => {
    const rows: BraChartRow[] = [
      { size: '32B', underbustCm: [68, 73], bustCm: [85, 82.5] },
      { size: '32C', underbustCm: [68, 73], bustCm: [85, 88] },
      { size: '32D', underbustCm: [68, 73], bustCm: [87, 90] },
      { size: '32d', underbustCm: [68, 73], bustCm: [90, 92] },
    ];
    // 32D and 32d share their end point 90, which is allowed; the repeat is not.
    expect(validateSizeChartRows('bra', rows)).toEqual([
      '32d appears more than once',
      '32B: the bust range 85–82.5 cm runs backwards (lowest first)',
      'Band 32: 32C bust 85–88 cm overlaps 32D bust 87–90 cm',
    ]);
  });

  it('lets neighbours share an end point but not overlap across bands', () => {
    expect(
      validateSizeChartRows('bra', [
        { size: '32B', underbustCm: [68, 73], bustCm: [82.5, 85] },
        { size: '34B', underbustCm: [73, 78], bustCm: [87.5, 90] },
      ]),
    ).toEqual([]);
    expect(
      validateSizeChartRows('bra', [
        { size: '32B', underbustCm: [68, 74], bustCm: [82.5, 85] },
        { size: '34B', underbustCm: [73, 78], bustCm: [87.5, 90] },
      ]),
    ).toEqual(['Band 32 under-bust 68–74 cm overlaps band 34 under-bust 73–78 cm']);
  });

  it('checks letter charts across the chart and bra spellings', () => {
    expect(
      validateSizeChartRows('letter', [
        { size: 'S', bustCm: [80, 86], waistCm: [62, 68], hipCm: [86, 92] },
        { size: 'M', bustCm: [86, 92], waistCm: [67, 74], hipCm: [92, 98] },
      ]),
    ).toEqual(['S waist 62–68 cm overlaps M waist 67–74 cm']);
    expect(
      validateSizeChartRows('bra', [{ size: 'Medium', underbustCm: [68, 73], bustCm: [82, 85] }]),
    ).toEqual(['Medium: write a bra size as band then cup, like 34B']);
    expect(validateSizeChartRows('letter', [])).toEqual(['Add at least one size']);
  });
});
