/**
 * Size charts as data: each chart stores its own ranges per size (in cm, inclusive) rather than a
 * formula, because brands and conventions differ (modern bands, legacy "+4" bands, EU bands every
 * 5 cm; UK cups DD, E, F… against US cups DD, DDD, G…). Bra charts hold band × cup rows with the
 * under-bust and bust ranges; letter charts (XS…3XL) hold bust, waist and hip ranges. Neighbouring
 * ranges may share an end point; the smaller size wins it.
 *
 * Pure and small: the browser reads the same rules as the API.
 */

/** An inclusive range in cm: `[min, max]`. */
export type CmRange = readonly [number, number];

export const sizeChartKinds = ['bra', 'letter'] as const;
export type SizeChartKind = (typeof sizeChartKinds)[number];

export interface BraChartRow {
  size: string;
  underbustCm: CmRange;
  bustCm: CmRange;
}

export interface LetterChartRow {
  size: string;
  bustCm: CmRange;
  waistCm: CmRange;
  hipCm: CmRange;
}

export type SizeChartRow = BraChartRow | LetterChartRow;

/**
 * A chart as the rules read it. Treat it as immutable: each chart object's band and cup order is
 * worked out once and kept, so an edited chart (the back office's grid) must be a new object.
 */
export interface SizeChartData {
  id: string;
  name: string;
  kind: SizeChartKind;
  image: string | null;
  rows: readonly SizeChartRow[];
}

/** The most rows one chart may hold (a bra chart of 12 bands × 16 cups stays well inside). */
export const MAX_SIZE_CHART_ROWS = 300;
/** Body measurements a chart may state, in cm: anything outside is a typo. */
export const MIN_CHART_CM = 20;
export const MAX_CHART_CM = 250;

/** A measurement in cm as inches, to one decimal (the size chart's table shows both). */
export const inchesOf = (cm: number) => Math.round((cm / 2.54) * 10) / 10;

export const isBraRow = (row: SizeChartRow): row is BraChartRow => 'underbustCm' in row;

// ---------------------------------------------------------------------------------------------
// Bra sizes: band and cup
// ---------------------------------------------------------------------------------------------

/** UK cup letters by volume step (each step one inch of bust over band): DD, E, F, FF, G… */
export const UK_CUPS = [
  'AA',
  'A',
  'B',
  'C',
  'D',
  'DD',
  'E',
  'F',
  'FF',
  'G',
  'GG',
  'H',
  'HH',
  'J',
  'JJ',
  'K',
] as const;
/** US cup letters by volume step: DD, DDD, G… (US E is DD and US F is DDD). */
export const US_CUPS = ['AA', 'A', 'B', 'C', 'D', 'DD', 'DDD', 'G', 'H', 'I', 'J', 'K'] as const;
const US_ALIASES: Record<string, number> = { E: 5, F: 6 };
/** Cup letters only the UK spelling has, and only the US spelling has. */
const UK_ONLY = new Set(['E', 'FF', 'GG', 'HH', 'JJ']);
const US_ONLY = new Set(['DDD', 'I']);

/** A size as written: band digits then cup letters ('34B', '34 dd', '75C'). */
const BRA_SIZE_PATTERN = /^\s*(\d{2,3})\s*([A-Za-z]{1,4})\s*$/;

/** Reads a bra size's spelling without a chart: band number and cup letters, or null. */
export function splitBraSize(text: string): { band: number; cup: string } | null {
  const match = BRA_SIZE_PATTERN.exec(text);
  if (!match) return null;
  return { band: Number(match[1]), cup: match[2]!.toUpperCase() };
}

/** Whether text reads as a bra size (band 26–48 in inches or 55–130 in EU cm, known cup letters). */
export function looksLikeBraSize(text: string): boolean {
  const split = splitBraSize(text);
  if (!split) return false;
  const bandOk = (split.band >= 26 && split.band <= 48) || (split.band >= 55 && split.band <= 130);
  const cupOk =
    (UK_CUPS as readonly string[]).includes(split.cup) ||
    (US_CUPS as readonly string[]).includes(split.cup) ||
    split.cup in US_ALIASES;
  return bandOk && cupOk;
}

/** The spelling a bra chart uses after D: UK (E, F, FF…), US (DDD, G…) or neither (A–DD). */
export type CupConvention = 'uk' | 'us';

interface BraChartIndex {
  /** Bands in order, and the step between neighbours (2 for inch bands, 5 for EU bands). */
  bands: number[];
  bandStep: number;
  convention: CupConvention;
  /** Each cup letter the chart has, with its volume step. */
  cupSteps: Map<string, number>;
  /** The chart's rows by `band:step`. */
  byKey: Map<string, { row: BraChartRow; band: number; step: number }>;
  /** Rows of each band, ordered by bust. */
  byBand: Map<number, { row: BraChartRow; step: number; cup: string }[]>;
  /** Every row with its band and step. */
  all: { row: BraChartRow; band: number; step: number; cup: string }[];
  /** Sizes already read against this chart (listings read the same few spellings again and again). */
  parsed: Map<string, ParsedBraSize | null>;
}

const indexCache = new WeakMap<SizeChartData, BraChartIndex>();
const key = (band: number, step: number) => `${band}:${step}`;
const middle = (range: CmRange) => (range[0] + range[1]) / 2;

/**
 * The chart's own order: bands sorted, cups by how much bust they hold over the under-bust
 * (so a chart's custom letters still fall into place), each cup given its volume step from the
 * chart's spelling. Kept per chart object, since listings ask the same chart for many products.
 */
function braIndex(chart: SizeChartData): BraChartIndex {
  const cached = indexCache.get(chart);
  if (cached) return cached;
  const parsed: { row: BraChartRow; band: number; cup: string }[] = [];
  for (const row of chart.rows) {
    if (!isBraRow(row)) continue;
    const split = splitBraSize(row.size);
    if (split) parsed.push({ row, ...split });
  }
  const bands = [...new Set(parsed.map((entry) => entry.band))].sort((a, b) => a - b);
  let bandStep = 0;
  for (let index = 1; index < bands.length; index += 1) {
    const gap = bands[index]! - bands[index - 1]!;
    if (bandStep === 0 || gap < bandStep) bandStep = gap;
  }
  if (bandStep === 0) bandStep = bands[0] !== undefined && bands[0] >= 55 ? 5 : 2;

  const spread = new Map<string, { sum: number; count: number }>();
  for (const entry of parsed) {
    const total = spread.get(entry.cup) ?? { sum: 0, count: 0 };
    total.sum += middle(entry.row.bustCm) - middle(entry.row.underbustCm);
    total.count += 1;
    spread.set(entry.cup, total);
  }
  const cups = [...spread.entries()]
    .sort((a, b) => a[1].sum / a[1].count - b[1].sum / b[1].count)
    .map(([cup]) => cup);
  const convention: CupConvention = cups.some((cup) => US_ONLY.has(cup))
    ? 'us'
    : cups.some((cup) => UK_ONLY.has(cup))
      ? 'uk'
      : cups.includes('G') && !cups.includes('F')
        ? 'us'
        : 'uk';
  const cupSteps = new Map<string, number>();
  let previous = -1;
  for (const cup of cups) {
    const known = standardStep(cup, convention);
    // A letter no convention knows sits one step above the one before it.
    const step = known !== undefined && known > previous ? known : previous + 1;
    cupSteps.set(cup, step);
    previous = step;
  }

  const byKey: BraChartIndex['byKey'] = new Map();
  const byBand: BraChartIndex['byBand'] = new Map();
  const all: BraChartIndex['all'] = [];
  for (const entry of parsed) {
    const step = cupSteps.get(entry.cup)!;
    if (byKey.has(key(entry.band, step))) continue;
    byKey.set(key(entry.band, step), { row: entry.row, band: entry.band, step });
    const list = byBand.get(entry.band) ?? [];
    list.push({ row: entry.row, step, cup: entry.cup });
    byBand.set(entry.band, list);
    all.push({ row: entry.row, band: entry.band, step, cup: entry.cup });
  }
  for (const list of byBand.values()) list.sort((a, b) => a.row.bustCm[0] - b.row.bustCm[0]);
  const index = { bands, bandStep, convention, cupSteps, byKey, byBand, all, parsed: new Map() };
  indexCache.set(chart, index);
  return index;
}

function standardStep(cup: string, convention: CupConvention): number | undefined {
  if (convention === 'us') {
    const at = (US_CUPS as readonly string[]).indexOf(cup);
    if (at >= 0) return at;
    return US_ALIASES[cup];
  }
  const at = (UK_CUPS as readonly string[]).indexOf(cup);
  return at >= 0 ? at : undefined;
}

/** EU cups after D run E, F, G in 2 cm steps: E is a UK DD. */
const EU_CUPS = ['AA', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'] as const;

/** Kept per chart and shared between callers: read-only. */
export interface ParsedBraSize {
  /** The band in the chart's own numbering (inches, or cm for an EU chart). */
  readonly band: number;
  /** The cup's volume step (A = 1, B = 2, …) in the chart's order. */
  readonly cupIndex: number;
  /** The size as this chart spells it (e.g. '34DDD' for a worn UK '34E' on a US chart). */
  readonly size: string;
  /** Whether the chart has a row for it. */
  readonly inChart: boolean;
}

/**
 * Reads a size in any chart's spelling against this chart: a cup letter the chart has keeps the
 * chart's place for it; another letter is read by the UK or US spelling that has it (the chart's
 * own spelling first, where both have it), and an EU band (70, 75…) on an inch chart becomes its
 * inch band (70 → 32). Null when the text is not a bra size.
 */
export function parseBraSize(chart: SizeChartData, text: string): ParsedBraSize | null {
  const index = braIndex(chart);
  const known = index.parsed.get(text);
  if (known !== undefined) return known;
  const parsed = readBraSize(chart, index, text);
  // Bounded: a chart is read against the few spellings its products and shoppers use.
  if (index.parsed.size < 2000) index.parsed.set(text, parsed);
  return parsed;
}

function readBraSize(
  chart: SizeChartData,
  index: BraChartIndex,
  text: string,
): ParsedBraSize | null {
  if (!looksLikeBraSize(text)) return null;
  const split = splitBraSize(text)!;
  const chartIsEu = (index.bands[0] ?? 0) >= 55;
  const givenIsEu = split.band >= 55;
  let band = split.band;
  if (givenIsEu && !chartIsEu) band = Math.round((split.band * 2) / 5) + 4;
  if (!givenIsEu && chartIsEu) band = Math.round(((split.band - 4) * 5) / 2);

  let step = index.cupSteps.get(split.cup);
  if (step === undefined) {
    if (givenIsEu) {
      const at = (EU_CUPS as readonly string[]).indexOf(split.cup);
      step = at >= 0 ? at : undefined;
    } else if (UK_ONLY.has(split.cup)) step = standardStep(split.cup, 'uk');
    else if (US_ONLY.has(split.cup)) step = standardStep(split.cup, 'us');
    else step = standardStep(split.cup, index.convention) ?? standardStep(split.cup, 'uk');
  }
  if (step === undefined) return null;
  return {
    band,
    cupIndex: step,
    size: spellBraSize(chart, band, step),
    inChart: index.byKey.has(key(band, step)),
  };
}

/** The chart's spelling of a band and cup step ('32' + 'C'); the UK letter for a step it lacks. */
function spellBraSize(chart: SizeChartData, band: number, step: number): string {
  const index = braIndex(chart);
  const found = index.byKey.get(key(band, step));
  if (found) return found.row.size;
  for (const [cup, cupStep] of index.cupSteps) if (cupStep === step) return `${band}${cup}`;
  const letters = index.convention === 'us' ? US_CUPS : UK_CUPS;
  return `${band}${letters[step] ?? UK_CUPS[Math.min(Math.max(step, 0), UK_CUPS.length - 1)]}`;
}

/**
 * Sister sizes: the same cup volume on a neighbouring band (invariant: band ÷ band step + cup
 * step, e.g. 30D = 32C = 34B). Band one down with cup one up, then band one up with cup one down,
 * only those the chart has.
 */
export function braSisterSizes(chart: SizeChartData, size: string): string[] {
  const parsed = parseBraSize(chart, size);
  if (!parsed) return [];
  const index = braIndex(chart);
  const sisters: string[] = [];
  for (const [bandMove, cupMove] of [
    [-1, 1],
    [1, -1],
  ] as const) {
    const found = index.byKey.get(
      key(parsed.band + bandMove * index.bandStep, parsed.cupIndex + cupMove),
    );
    if (found) sisters.push(found.row.size);
  }
  return sisters;
}

/** The band step and convention of a bra chart (2-inch or 5 cm bands; UK or US cup letters). */
export function braChartShape(chart: SizeChartData): {
  bandStep: number;
  convention: CupConvention;
  bands: number[];
} {
  const index = braIndex(chart);
  return { bandStep: index.bandStep, convention: index.convention, bands: [...index.bands] };
}

/** Internal to the finder: the chart's index. */
export function braChartIndex(chart: SizeChartData): Readonly<BraChartIndex> {
  return braIndex(chart);
}

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

const formatCm = (value: number) => `${Number(value.toFixed(1))}`;
const formatRange = (range: CmRange) => `${formatCm(range[0])}–${formatCm(range[1])} cm`;

/** Two inclusive ranges overlap beyond a shared end point. */
const overlaps = (a: CmRange, b: CmRange) => a[0] < b[1] && b[0] < a[1];

function checkRange(problems: string[], size: string, label: string, range: unknown): boolean {
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((value) => typeof value === 'number' && Number.isFinite(value))
  ) {
    problems.push(`${size}: the ${label} range needs a lowest and a highest number in cm`);
    return false;
  }
  const [min, max] = range as [number, number];
  if (min < MIN_CHART_CM || max > MAX_CHART_CM) {
    problems.push(
      `${size}: the ${label} range must lie between ${MIN_CHART_CM} and ${MAX_CHART_CM} cm`,
    );
    return false;
  }
  if (min > max) {
    problems.push(
      `${size}: the ${label} range ${formatRange([min, max])} runs backwards (lowest first)`,
    );
    return false;
  }
  return true;
}

/**
 * The problems with a chart's rows, each a sentence the back office shows (empty when the rows are
 * fine): every range ordered (lowest first) and within body sizes; each size once; bra sizes
 * spelled band then cup; within a band, no two cups' bust ranges overlap and no two bands'
 * under-bust ranges overlap; in a letter chart no two sizes' bust, waist or hip ranges overlap.
 * Neighbours may share an end point (the smaller size takes it).
 */
export function validateSizeChartRows(
  kind: SizeChartKind,
  rows: readonly SizeChartRow[],
): string[] {
  const problems: string[] = [];
  if (rows.length === 0) problems.push('Add at least one size');
  if (rows.length > MAX_SIZE_CHART_ROWS)
    problems.push(`At most ${MAX_SIZE_CHART_ROWS} sizes in one chart`);
  const seen = new Set<string>();
  for (const row of rows) {
    const size = typeof row.size === 'string' ? row.size.trim() : '';
    if (size === '') {
      problems.push('Every row needs a size');
      continue;
    }
    const normal = size.toUpperCase().replace(/\s+/g, '');
    if (seen.has(normal)) problems.push(`${size} appears more than once`);
    seen.add(normal);
  }

  if (kind === 'bra') {
    const bands = new Map<number, { size: string; underbust: CmRange; bust: CmRange }[]>();
    for (const row of rows) {
      if (!('underbustCm' in row) || !('bustCm' in row)) {
        problems.push(`${row.size}: a bra size needs an under-bust and a bust range`);
        continue;
      }
      const split = looksLikeBraSize(row.size) ? splitBraSize(row.size) : null;
      if (!split) problems.push(`${row.size}: write a bra size as band then cup, like 34B`);
      const underOk = checkRange(problems, row.size, 'under-bust', row.underbustCm);
      const bustOk = checkRange(problems, row.size, 'bust', row.bustCm);
      if (underOk && bustOk && row.bustCm[1] <= row.underbustCm[0]) {
        problems.push(`${row.size}: the bust must measure more than the under-bust`);
      }
      if (split && underOk && bustOk) {
        const list = bands.get(split.band) ?? [];
        list.push({ size: row.size, underbust: row.underbustCm, bust: row.bustCm });
        bands.set(split.band, list);
      }
    }
    for (const [band, list] of bands) {
      const sorted = [...list].sort((a, b) => a.bust[0] - b.bust[0]);
      for (let at = 1; at < sorted.length; at += 1) {
        const before = sorted[at - 1]!;
        const here = sorted[at]!;
        if (overlaps(before.bust, here.bust)) {
          problems.push(
            `Band ${band}: ${before.size} bust ${formatRange(before.bust)} overlaps ${here.size} bust ${formatRange(here.bust)}`,
          );
        }
      }
    }
    const spans = [...bands.entries()]
      .map(([band, list]) => ({
        band,
        span: [
          Math.min(...list.map((entry) => entry.underbust[0])),
          Math.max(...list.map((entry) => entry.underbust[1])),
        ] as const,
      }))
      .sort((a, b) => a.band - b.band);
    for (let at = 1; at < spans.length; at += 1) {
      const before = spans[at - 1]!;
      const here = spans[at]!;
      if (overlaps(before.span, here.span)) {
        problems.push(
          `Band ${before.band} under-bust ${formatRange(before.span)} overlaps band ${here.band} under-bust ${formatRange(here.span)}`,
        );
      } else if (here.span[0] < before.span[0]) {
        problems.push(
          `Band ${here.band} must measure more under the bust than band ${before.band}`,
        );
      }
    }
  } else {
    const valid: { size: string; row: LetterChartRow }[] = [];
    for (const row of rows) {
      if (!('waistCm' in row) || !('hipCm' in row) || !('bustCm' in row)) {
        problems.push(`${row.size}: a letter size needs bust, waist and hip ranges`);
        continue;
      }
      const ok = [
        checkRange(problems, row.size, 'bust', row.bustCm),
        checkRange(problems, row.size, 'waist', row.waistCm),
        checkRange(problems, row.size, 'hip', row.hipCm),
      ].every(Boolean);
      if (ok) valid.push({ size: row.size, row });
    }
    for (const [label, field] of [
      ['bust', 'bustCm'],
      ['waist', 'waistCm'],
      ['hip', 'hipCm'],
    ] as const) {
      const sorted = [...valid].sort((a, b) => a.row[field][0] - b.row[field][0]);
      for (let at = 1; at < sorted.length; at += 1) {
        const before = sorted[at - 1]!;
        const here = sorted[at]!;
        if (overlaps(before.row[field], here.row[field])) {
          problems.push(
            `${before.size} ${label} ${formatRange(before.row[field])} overlaps ${here.size} ${label} ${formatRange(here.row[field])}`,
          );
        }
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Charts built from a convention (the seed's charts and the tests')
// ---------------------------------------------------------------------------------------------

export type BraConvention = 'modern' | 'legacy' | 'eu';

const IN = 2.54;
const cm = (inches: number) => Math.round(inches * IN * 10) / 10;

/**
 * Rows for a bra chart drawn from a convention, in cm to one decimal, neighbours sharing their end
 * points:
 * - modern: the band is the under-bust rounded to an even inch (band 32: 31–33 in), each inch of
 *   bust over the band one cup (cup C: band + 2.5 to band + 3.5 in);
 * - legacy ("+4"): 4 inches added to an even under-bust, 5 to an odd one (band 32: 26–28 in), cups
 *   counted over that band as above;
 * - eu: bands every 5 cm of under-bust (band 75: 72.5–77.5 cm), cups every 2 cm of bust over
 *   under-bust (A 12–14 cm over the band's middle).
 * `cups` name the letters in volume order starting at A (or AA when it is first).
 */
export function braChartRowsFor(
  convention: BraConvention,
  bands: readonly number[],
  cups: readonly string[],
): BraChartRow[] {
  const first = cups[0] === 'AA' ? 0 : 1;
  const rows: BraChartRow[] = [];
  for (const band of bands) {
    cups.forEach((cup, at) => {
      const step = first + at;
      if (convention === 'eu') {
        const underbust: CmRange = [band - 2.5, band + 2.5];
        const over = 10 + step * 2;
        rows.push({
          size: `${band}${cup}`,
          underbustCm: underbust,
          bustCm: [band + over, band + over + 2],
        });
        return;
      }
      const underbust: CmRange =
        convention === 'modern' ? [cm(band - 1), cm(band + 1)] : [cm(band - 6), cm(band - 4)];
      rows.push({
        size: `${band}${cup}`,
        underbustCm: underbust,
        bustCm: [cm(band + step - 0.5), cm(band + step + 0.5)],
      });
    });
  }
  return rows;
}
