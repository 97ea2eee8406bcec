/**
 * The bra size finder: one pure function for the product page, the size guide, the profile (in the
 * browser, no round trip) and `POST /api/fit/bra-size`. It answers in the given chart's own sizes,
 * so a product's answer is in that product's chart.
 *
 * Two paths:
 * - tape: under-bust (snug) and bust (standing), inches or cm; a bust measured leaning forward
 *   refines the cup (the cup is read at the middle of the standing and leaning bust, since leaning
 *   gathers the soft tissue a standing tape misses);
 * - feel: the size she wears now (any chart's spelling) and how it fits. Band rides up → one band
 *   down and one cup up (the sister size keeps the volume); band digs in → one band up and one cup
 *   down; cups gape → one cup down; cups spill → one cup up; the centre panel lifting off, with
 *   cups otherwise fine → one cup up (usually the cup is too small).
 */
import { invalid } from './errors.ts';
import {
  braChartIndex,
  braSisterSizes,
  parseBraSize,
  type BraChartRow,
  type CmRange,
  type SizeChartData,
} from './size-charts.ts';

export const fitUnits = ['in', 'cm'] as const;
export type FitUnit = (typeof fitUnits)[number];
export const bandFeels = ['rides_up', 'digs_in', 'fine'] as const;
export type BandFeel = (typeof bandFeels)[number];
export const cupFeels = ['gape', 'spill', 'fine'] as const;
export type CupFeel = (typeof cupFeels)[number];
export const goreFeels = ['lifts', 'flat'] as const;
export type GoreFeel = (typeof goreFeels)[number];
export const fitConfidences = ['exact', 'between_sizes', 'outside_chart'] as const;
export type FitConfidence = (typeof fitConfidences)[number];

export interface TapeFinderInput {
  method: 'tape';
  unit: FitUnit;
  underbust: number;
  bust: number;
  bustLeaning?: number | undefined;
}

export interface FeelFinderInput {
  method: 'feel';
  wornSize: string;
  band: BandFeel;
  cups: CupFeel;
  gore?: GoreFeel | undefined;
}

export type BraFinderInput = TapeFinderInput | FeelFinderInput;

export interface BraFinderAnswer {
  size: string;
  sisterSizes: string[];
  confidence: FitConfidence;
  reason: string;
  chartId: string;
}

/** The measurements a tape can sensibly give, per unit (the form and the route refuse the rest). */
export const TAPE_LIMITS: Record<FitUnit, { min: number; max: number }> = {
  in: { min: 20, max: 70 },
  cm: { min: 50, max: 180 },
};

export const sizeFinderMessages = {
  notBraChart: 'The size finder answers bra sizes; this size chart is not a bra chart',
  emptyChart: 'This size chart has no bra sizes yet',
  wornSize: 'Write the size you wear now as band then cup, like 34B',
  measurement: (unit: FitUnit) =>
    `Measurements in ${unit === 'in' ? 'inches' : 'cm'} run from ${TAPE_LIMITS[unit].min} to ${TAPE_LIMITS[unit].max}`,
} as const;

const INCH = 2.54;
/** Tape readings and stored ranges are both rounded to a tenth: this much counts as equal. */
const TOLERANCE_CM = 0.06;

const show = (value: number) => `${Number(value.toFixed(1))}`;

type Placement =
  | { kind: 'inside'; at: number; boundary: boolean }
  | { kind: 'gap'; at: number }
  | { kind: 'outside'; at: number; side: 'below' | 'above' };

/**
 * Where a value falls among ordered ranges: inside one (the smaller wins a shared end point, which
 * counts as between sizes), in a gap between two (the nearer wins, the smaller on a tie), or
 * outside them all (the nearest end).
 */
function place(value: number, ranges: readonly CmRange[]): Placement {
  for (let at = 0; at < ranges.length; at += 1) {
    const [min, max] = ranges[at]!;
    if (value >= min - TOLERANCE_CM && value <= max + TOLERANCE_CM) {
      const next = ranges[at + 1];
      const boundary =
        (Math.abs(value - max) <= TOLERANCE_CM &&
          next !== undefined &&
          Math.abs(next[0] - max) <= TOLERANCE_CM) ||
        (at > 0 &&
          Math.abs(value - min) <= TOLERANCE_CM &&
          Math.abs(ranges[at - 1]![1] - min) <= TOLERANCE_CM);
      return { kind: 'inside', at, boundary };
    }
  }
  if (ranges.length === 0) return { kind: 'outside', at: -1, side: 'below' };
  if (value < ranges[0]![0]) return { kind: 'outside', at: 0, side: 'below' };
  if (value > ranges[ranges.length - 1]![1]) {
    return { kind: 'outside', at: ranges.length - 1, side: 'above' };
  }
  for (let at = 1; at < ranges.length; at += 1) {
    const below = ranges[at - 1]!;
    const above = ranges[at]!;
    if (value > below[1] && value < above[0]) {
      return { kind: 'gap', at: value - below[1] <= above[0] - value ? at - 1 : at };
    }
  }
  return { kind: 'gap', at: 0 };
}

function requireBraChart(chart: SizeChartData) {
  if (chart.kind !== 'bra') throw invalid(sizeFinderMessages.notBraChart);
  const index = braChartIndex(chart);
  if (index.all.length === 0) throw invalid(sizeFinderMessages.emptyChart);
  return index;
}

/** Her size in this chart, its sister sizes there, how sure the answer is and why, in one line. */
export function findBraSize(chart: SizeChartData, input: BraFinderInput): BraFinderAnswer {
  return input.method === 'tape' ? byTape(chart, input) : byFeel(chart, input);
}

function answer(
  chart: SizeChartData,
  size: string,
  confidence: FitConfidence,
  reason: string,
): BraFinderAnswer {
  return { size, sisterSizes: braSisterSizes(chart, size), confidence, reason, chartId: chart.id };
}

function byTape(chart: SizeChartData, input: TapeFinderInput): BraFinderAnswer {
  const index = requireBraChart(chart);
  const limits = TAPE_LIMITS[input.unit];
  for (const value of [input.underbust, input.bust, input.bustLeaning]) {
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value < limits.min || value > limits.max) {
      throw invalid(sizeFinderMessages.measurement(input.unit));
    }
  }
  const toCm = (value: number) => (input.unit === 'in' ? value * INCH : value);
  const underbust = toCm(input.underbust);
  const standing = toCm(input.bust);
  const leaning = input.bustLeaning === undefined ? undefined : toCm(input.bustLeaning);
  const bust = leaning !== undefined && leaning > standing ? (standing + leaning) / 2 : standing;

  // A band's under-bust span: from its lowest row to its highest.
  const bandSpans = index.bands.map((band) => {
    const rows = index.byBand.get(band)!;
    return [
      Math.min(...rows.map((entry) => entry.row.underbustCm[0])),
      Math.max(...rows.map((entry) => entry.row.underbustCm[1])),
    ] as const;
  });
  const bandPlace = place(underbust, bandSpans);
  const band = index.bands[bandPlace.at]!;
  const cupsOfBand = index.byBand.get(band)!;
  const cupPlace = place(
    bust,
    cupsOfBand.map((entry) => entry.row.bustCm),
  );
  const chosen = cupsOfBand[cupPlace.at]!;
  const row: BraChartRow = chosen.row;

  const unit = input.unit;
  const underText = `under-bust ${show(input.underbust)} ${unit}`;
  const bustText =
    input.bustLeaning !== undefined
      ? `bust ${show(input.bust)} ${unit} (${show(input.bustLeaning)} ${unit} leaning)`
      : `bust ${show(input.bust)} ${unit}`;

  if (bandPlace.kind === 'outside' || cupPlace.kind === 'outside') {
    return answer(
      chart,
      row.size,
      'outside_chart',
      `Your ${underText} and ${bustText} fall outside this chart; the nearest size it has is ${row.size}`,
    );
  }
  const betweenBands = bandPlace.kind === 'gap' || bandPlace.boundary;
  const betweenCups = cupPlace.kind === 'gap' || cupPlace.boundary;
  const bandWords = betweenBands ? `is between bands, nearest ${band}` : `is band ${band}`;
  const cupWords = betweenCups ? `is between cups, nearest ${chosen.cup}` : `is cup ${chosen.cup}`;
  return answer(
    chart,
    row.size,
    betweenBands || betweenCups ? 'between_sizes' : 'exact',
    `Your ${underText} ${bandWords}; ${bustText} ${cupWords} in this chart`,
  );
}

function byFeel(chart: SizeChartData, input: FeelFinderInput): BraFinderAnswer {
  const index = requireBraChart(chart);
  const worn = parseBraSize(chart, input.wornSize);
  if (!worn) throw invalid(sizeFinderMessages.wornSize);

  let bandMove = 0;
  let cupMove = 0;
  const steps: string[] = [];
  if (input.band === 'rides_up') {
    bandMove -= 1;
    cupMove += 1;
    steps.push('the band rides up, so one band down and one cup up');
  } else if (input.band === 'digs_in') {
    bandMove += 1;
    cupMove -= 1;
    steps.push('the band digs in, so one band up and one cup down');
  }
  if (input.cups === 'gape') {
    cupMove -= 1;
    steps.push('the cups gape, so one cup down');
  } else if (input.cups === 'spill') {
    cupMove += 1;
    steps.push('the cups spill over, so one cup up');
  } else if (input.gore === 'lifts') {
    // Only when the cups seem fine: a lifting centre panel then usually means a cup too small.
    cupMove += 1;
    steps.push('the centre panel lifts off, so one cup up');
  }

  const band = worn.band + bandMove * index.bandStep;
  const step = worn.cupIndex + cupMove;
  const wornWords = `You wear ${worn.size}`;
  const found = index.byKey.get(`${band}:${step}`);
  if (found) {
    const how = steps.length === 0 ? 'it fits, so keep' : `${steps.join('; ')}:`;
    return answer(
      chart,
      found.row.size,
      'exact',
      `${wornWords}; ${how} ${found.row.size} in this chart`,
    );
  }
  // Not in this chart: the nearest size it has, fewest band and cup moves away (same band first).
  let best = index.all[0]!;
  let bestScore = Infinity;
  for (const entry of index.all) {
    const bandAway = Math.abs(entry.band - band) / index.bandStep;
    const score = bandAway + Math.abs(entry.step - step) + bandAway * 0.01;
    if (score < bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  const wanted = parseBraSize(chart, `${band}${spellCup(index, step)}`)?.size ?? `${band}`;
  const how = steps.length === 0 ? '' : `; ${steps.join('; ')}`;
  return answer(
    chart,
    best.row.size,
    'outside_chart',
    `${wornWords}${how}: ${wanted} is outside this chart; the nearest size it has is ${best.row.size}`,
  );
}

function spellCup(index: ReturnType<typeof braChartIndex>, step: number): string {
  for (const [cup, cupStep] of index.cupSteps) if (cupStep === step) return cup;
  const letters =
    index.convention === 'us'
      ? ['AA', 'A', 'B', 'C', 'D', 'DD', 'DDD', 'G', 'H', 'I', 'J', 'K']
      : ['AA', 'A', 'B', 'C', 'D', 'DD', 'E', 'F', 'FF', 'G', 'GG', 'H', 'HH', 'J', 'JJ', 'K'];
  return letters[Math.min(Math.max(step, 0), letters.length - 1)]!;
}

const normalSize = (size: string) => size.toUpperCase().replace(/\s+/g, '');

/**
 * For a listing filtered by her size: the size of this product that matches hers (in its own
 * chart's spelling), or, when sisters are asked for and hers is not in stock, a sister size in
 * stock (band one down and cup one up first). Letter sizes, and products without a chart, match
 * by the size's name. Null when nothing in stock fits.
 */
export function sizeMatchFor(
  chart: SizeChartData | null,
  wantedSize: string,
  sizesInStock: readonly string[],
  includeSisters: boolean,
): { size: string; sister: boolean } | null {
  const braChart =
    chart !== null && chart.kind === 'bra' && braChartIndex(chart).all.length > 0 ? chart : null;
  const wanted = braChart ? parseBraSize(braChart, wantedSize) : null;
  if (!braChart || !wanted) {
    const name = normalSize(wantedSize);
    const direct = sizesInStock.find((size) => normalSize(size) === name);
    return direct === undefined ? null : { size: direct, sister: false };
  }
  // Her sisters in this chart, by preference (band one down and cup one up first).
  const sisters = includeSisters
    ? braSisterSizes(braChart, wanted.size).map((sister) => parseBraSize(braChart, sister)!)
    : [];
  let sister: { size: string; rank: number } | undefined;
  for (const size of sizesInStock) {
    const stocked = parseBraSize(braChart, size);
    if (!stocked) continue;
    if (stocked.band === wanted.band && stocked.cupIndex === wanted.cupIndex) {
      return { size, sister: false };
    }
    const rank = sisters.findIndex(
      (entry) => entry.band === stocked.band && entry.cupIndex === stocked.cupIndex,
    );
    if (rank >= 0 && (sister === undefined || rank < sister.rank)) sister = { size, rank };
  }
  return sister ? { size: sister.size, sister: true } : null;
}
