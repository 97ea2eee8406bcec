// Fit: size charts as data, the bra size finder and her saved size. One schema per input, shared
// by the forms (they ship to the browser, hence zod/mini) and the routes: the size-chart answer,
// the finder's request and answer, the back office's chart body and `mySize`. The rules behind them
// (what a bra size is, which ranges a chart may hold, the finder's limits) are the domain's.
import * as z from 'zod/mini';
import {
  looksLikeBraSize,
  MAX_CHART_CM,
  MAX_SIZE_CHART_ROWS,
  MIN_CHART_CM,
  sizeChartKinds,
  validateSizeChartRows,
  type SizeChartData,
  type SizeChartRow,
} from '@shop/domain/size-charts';
import {
  bandFeels,
  cupFeels,
  fitConfidences,
  fitUnits,
  goreFeels,
  sizeFinderMessages,
  TAPE_LIMITS,
} from '@shop/domain/size-finder';
import { isUuid } from '@shop/domain/ids';
import { plainText, requiredText, successEnvelope } from './common-mini.ts';

/** A chart's problems as one message: the one, or how many followed by each. */
export function chartProblemsMessage(problems: readonly string[]): string {
  return problems.length === 1
    ? problems[0]!
    : `This chart has ${problems.length} problems: ${problems.join('; ')}`;
}

export const fitMessages = {
  chartNotFound: 'Size chart not found',
  chartName: 'Name the size chart.',
  chartKind: "Choose the chart's kind: bra or letter",
  chartImage: 'The chart image must be an address of the media library, or empty',
  chartRows: 'Rows must be a list of sizes with their ranges in cm',
  chartSize: 'Each row needs its size, e.g. 34B or M',
  chartRange: `A range is [lowest, highest] in cm, from ${MIN_CHART_CM} to ${MAX_CHART_CM}`,
  tooManyRows: `At most ${MAX_SIZE_CHART_ROWS} sizes in one chart`,
  method: "Choose how to find the size: method 'tape' or 'feel'",
  unit: "Choose the unit: 'in' or 'cm'",
  underbust: 'Enter the under-bust measurement',
  bust: 'Enter the bust measurement',
  bustLeaning: 'The bust leaning forward is a number, or leave it out',
  bustNotOverUnderbust: 'The bust measures more than the under-bust: check the two numbers',
  measurement: sizeFinderMessages.measurement,
  wornSize: sizeFinderMessages.wornSize,
  band: "How does the band fit: 'rides_up', 'digs_in' or 'fine'",
  cups: "How do the cups fit: 'gape', 'spill' or 'fine'",
  gore: "Does the centre panel lift off or sit flat: 'lifts' or 'flat'",
  productId: 'Invalid productId: must be a product id',
  colorName: 'Invalid colorName: must be text',
  productNotFound: 'Product not found',
  colorNotFound: 'This product has no such colour',
  noDefaultChart: 'The shop has no bra size chart yet',
  notBraChart: sizeFinderMessages.notBraChart,
  defaultBra: 'isDefaultBra is true or false',
  defaultMustBeBra: 'Only a bra chart can be the default bra chart',
  mySize: 'Write your size as band then cup, like 34B',
  sizeFilter: 'Invalid size: write it like 34B or M',
} as const;

// ---------------------------------------------------------------------------------------------
// Size charts
// ---------------------------------------------------------------------------------------------

const cmRange = z.tuple(
  [z.number({ error: fitMessages.chartRange }), z.number({ error: fitMessages.chartRange })],
  {
    error: fitMessages.chartRange,
  },
);
const braRow = z.object({ size: z.string(), underbustCm: cmRange, bustCm: cmRange });
const letterRow = z.object({ size: z.string(), bustCm: cmRange, waistCm: cmRange, hipCm: cmRange });

/** `GET /api/size-chart/{id}` and the back office's chart: ranges inclusive, in cm. */
export const sizeChart = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(sizeChartKinds),
  image: z.nullable(z.string()),
  rows: z.array(z.union([braRow, letterRow])),
});
export type SizeChart = z.infer<typeof sizeChart>;
export const sizeChartResponse = successEnvelope(sizeChart);

/** The chart answer as the domain's rules read it (the browser runs the finder on it). */
export function toSizeChartData(chart: SizeChart): SizeChartData {
  return {
    id: chart._id,
    name: chart.name,
    kind: chart.kind,
    image: chart.image,
    rows: chart.rows,
  };
}

/** A row in the back office's grid as sent: its size and the ranges of its chart's kind. */
const chartRowInput = z.object({
  size: z
    .string({ error: fitMessages.chartSize })
    .check(
      z.trim(),
      z.minLength(1, { error: fitMessages.chartSize }),
      z.maxLength(12, { error: fitMessages.chartSize }),
      plainText(fitMessages.chartSize),
    ),
  underbustCm: z.optional(cmRange),
  bustCm: cmRange,
  waistCm: z.optional(cmRange),
  hipCm: z.optional(cmRange),
});

/**
 * `POST /api/admin/size-charts` and `PUT /api/admin/size-charts/{id}`: the chart's name, kind,
 * image and every row (a save replaces the rows). The rows pass the domain's chart rules (ranges
 * ordered, no overlaps within a band or a letter chart), each problem reported as its own issue.
 */
export const sizeChartInput = z
  .object({
    name: requiredText(fitMessages.chartName, 80),
    kind: z.enum(sizeChartKinds, { error: fitMessages.chartKind }),
    image: z._default(
      z.nullable(
        z.string({ error: fitMessages.chartImage }).check(
          z.trim(),
          z.maxLength(500, { error: fitMessages.chartImage }),
          z.refine((value) => value === '' || value.startsWith('/'), {
            error: fitMessages.chartImage,
          }),
          plainText(fitMessages.chartImage),
        ),
      ),
      null,
    ),
    rows: z
      .array(chartRowInput, { error: fitMessages.chartRows })
      .check(z.maxLength(MAX_SIZE_CHART_ROWS, { error: fitMessages.tooManyRows })),
    /**
     * Whether this is the shop's default bra chart (the finder's chart for a product without
     * one). Marking one takes the mark off the others; left out, a save keeps the chart's mark.
     */
    isDefaultBra: z.optional(z.boolean({ error: fitMessages.defaultBra })),
  })
  .check(
    z.superRefine((chart, context) => {
      const rows: SizeChartRow[] = chart.rows.map((row) =>
        chart.kind === 'bra'
          ? { size: row.size, underbustCm: row.underbustCm as never, bustCm: row.bustCm }
          : {
              size: row.size,
              bustCm: row.bustCm,
              waistCm: row.waistCm as never,
              hipCm: row.hipCm as never,
            },
      );
      // One issue naming every problem: the route answers a refusal's first issue, and the owner
      // should see all of a chart's problems at once, not one per save.
      const problems = validateSizeChartRows(chart.kind, rows);
      if (problems.length > 0) {
        context.issues.push({
          code: 'custom',
          message: chartProblemsMessage(problems),
          input: chart.rows,
          path: ['rows'],
        });
      }
    }),
  );
export type SizeChartInput = z.input<typeof sizeChartInput>;
export type SizeChartSave = z.output<typeof sizeChartInput>;

/** The back office's chart: the storefront's answer and whether it is the default bra chart. */
export const adminSizeChart = z.extend(sizeChart, { isDefaultBra: z.boolean() });
export type AdminSizeChart = z.infer<typeof adminSizeChart>;
export const adminSizeChartResponse = successEnvelope(adminSizeChart);

/** `{id}` of a size chart's paths. */
export const sizeChartIdParams = z.object({
  id: z
    .string({ error: fitMessages.chartNotFound })
    .check(z.refine(isUuid, { error: 'Invalid size chart id' })),
});

/** The back office's chart list: each chart with how many sizes it holds and products use it. */
export const sizeChartSummary = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(sizeChartKinds),
  image: z.nullable(z.string()),
  sizes: z.int(),
  products: z.int(),
  isDefaultBra: z.boolean(),
  updatedAt: z.string(),
});
export type SizeChartSummary = z.infer<typeof sizeChartSummary>;
export const sizeChartListResponse = successEnvelope(z.array(sizeChartSummary));

/** The back office's paths for charts (the grid page reads and saves through these). */
export const sizeChartAdminPaths = {
  list: '/api/admin/size-charts',
  create: '/api/admin/size-charts',
  one: (id: string) => `/api/admin/size-charts/${id}`,
} as const;
export const sizeChartPublicPath = (id: string) => `/api/size-chart/${id}`;
export const braSizeFinderPath = '/api/fit/bra-size';

// ---------------------------------------------------------------------------------------------
// Her size
// ---------------------------------------------------------------------------------------------

/** A bra size as she writes it ('34 b' → '34B'); any chart's spelling. */
export const braSize = (message: string = fitMessages.mySize) =>
  z.pipe(
    z
      .string({ error: message })
      .check(z.maxLength(12, { error: message }), z.refine(looksLikeBraSize, { error: message })),
    z.transform((value) => value.toUpperCase().replace(/\s+/g, '')),
  );

/** `mySize` on the profile: her bra size, or null to forget it. */
export const mySize = z.nullable(braSize());
export type MySize = z.output<typeof mySize>;

// ---------------------------------------------------------------------------------------------
// The finder
// ---------------------------------------------------------------------------------------------

/** A measurement as a number, or as the text a form field holds ('32', '32.5'). */
const measurement = (message: string) =>
  z.pipe(
    z.union(
      [
        z.number({ error: message }),
        z
          .string({ error: message })
          .check(z.regex(/^\s*\d{1,3}(\.\d{1,2})?\s*$/, { error: message })),
      ],
      { error: message },
    ),
    z.transform((value) => Number(value)),
  );

const productContext = {
  productId: z.optional(
    z
      .string({ error: fitMessages.productId })
      .check(z.refine(isUuid, { error: fitMessages.productId })),
  ),
  colorName: z.optional(
    z
      .string({ error: fitMessages.colorName })
      .check(
        z.trim(),
        z.maxLength(60, { error: fitMessages.colorName }),
        plainText(fitMessages.colorName),
      ),
  ),
};

export const tapeFinderInput = z
  .object({
    ...productContext,
    method: z.literal('tape'),
    unit: z.enum(fitUnits, { error: fitMessages.unit }),
    underbust: measurement(fitMessages.underbust),
    bust: measurement(fitMessages.bust),
    bustLeaning: z.optional(measurement(fitMessages.bustLeaning)),
  })
  .check(
    z.superRefine((input, context) => {
      const { min, max } = TAPE_LIMITS[input.unit];
      for (const field of ['underbust', 'bust', 'bustLeaning'] as const) {
        const value = input[field];
        if (value !== undefined && (value < min || value > max)) {
          context.issues.push({
            code: 'custom',
            message: fitMessages.measurement(input.unit),
            input: value,
            path: [field],
          });
        }
      }
      if (input.bust <= input.underbust) {
        context.issues.push({
          code: 'custom',
          message: fitMessages.bustNotOverUnderbust,
          input: input.bust,
          path: ['bust'],
        });
      }
    }),
  );

export const feelFinderInput = z.object({
  ...productContext,
  method: z.literal('feel'),
  wornSize: braSize(fitMessages.wornSize),
  band: z.enum(bandFeels, { error: fitMessages.band }),
  cups: z.enum(cupFeels, { error: fitMessages.cups }),
  gore: z.optional(z.enum(goreFeels, { error: fitMessages.gore })),
});

/** `POST /api/fit/bra-size`, and the finder's two forms. */
export const braSizeFinderInput = z.discriminatedUnion(
  'method',
  [tapeFinderInput, feelFinderInput],
  {
    error: fitMessages.method,
  },
);
export type BraSizeFinderInput = z.input<typeof braSizeFinderInput>;
export type BraSizeFinderRequest = z.output<typeof braSizeFinderInput>;

/** The finder's answer: her size, its sisters, the stock of all three in the chosen colour. */
export const braSizeFinderAnswer = z.object({
  size: z.string(),
  sisterSizes: z.array(z.string()),
  /** Units in stock of the size and each sister in the chosen colour (empty without a product). */
  stock: z.record(z.string(), z.int()),
  confidence: z.enum(fitConfidences),
  reason: z.string(),
  chartId: z.string(),
});
export type BraSizeFinderAnswer = z.infer<typeof braSizeFinderAnswer>;
export const braSizeFinderResponse = successEnvelope(braSizeFinderAnswer);

/** A listing card's match for `?size=…`: the size of hers in stock, or a sister size. */
export const sizeMatch = z.object({ size: z.string(), sister: z.boolean() });
export type SizeMatch = z.infer<typeof sizeMatch>;
