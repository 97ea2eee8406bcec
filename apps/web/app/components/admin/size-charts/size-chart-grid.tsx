import { Fragment } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { AdminSizeChart, SizeChartInput, SizeChartSave } from '@shop/contracts/fit';
import type { SizeChartRow } from '@shop/domain/size-charts';
import { sizeChartInput, splitBraSize, validateSizeChartRows } from '../../fit/fit-rules';
import {
  Checkbox,
  Field,
  Form,
  FormError,
  NumberField,
  Select,
  SubmitButton,
  useFieldError,
} from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';

type Range = [number | undefined, number | undefined];
/** A row as the grid holds it: every range, whichever the chart's kind reads. */
interface GridRow {
  size: string;
  underbustCm: Range;
  bustCm: Range;
  waistCm: Range;
  hipCm: Range;
}
interface GridValues {
  name: string;
  kind: AdminSizeChart['kind'];
  image: string;
  isDefaultBra: boolean;
  rows: GridRow[];
}

const RANGES = {
  bra: [
    ['underbustCm', 'Under-bust'],
    ['bustCm', 'Bust'],
  ],
  letter: [
    ['bustCm', 'Bust'],
    ['waistCm', 'Waist'],
    ['hipCm', 'Hip'],
  ],
} as const;

/** The grid's columns from 768 px: the size, two ends a range, the remove button. */
const GRID_COLUMNS = {
  bra: 'md:grid-cols-[7rem_repeat(4,minmax(0,1fr))_auto]',
  letter: 'md:grid-cols-[7rem_repeat(6,minmax(0,1fr))_auto]',
} as const;

const blank = (): Range => [undefined, undefined];
const emptyRow = (): GridRow => ({
  size: '',
  underbustCm: blank(),
  bustCm: blank(),
  waistCm: blank(),
  hipCm: blank(),
});

function valuesOf(chart: AdminSizeChart | undefined): GridValues {
  if (!chart) return { name: '', kind: 'bra', image: '', isDefaultBra: false, rows: [emptyRow()] };
  return {
    name: chart.name,
    kind: chart.kind,
    image: chart.image ?? '',
    isDefaultBra: chart.isDefaultBra,
    rows: chart.rows.map((row) => ({ ...emptyRow(), ...row })),
  };
}

/** The body the API parses: each row with its chart kind's ranges only, no image as null. */
function bodyOf(values: GridValues): SizeChartInput {
  return {
    name: values.name,
    kind: values.kind,
    image: values.image.trim() === '' ? null : values.image,
    // Only a bra chart can be the default one (the finder's chart for a product without one).
    isDefaultBra: values.kind === 'bra' && values.isDefaultBra,
    rows: values.rows.map((row) =>
      values.kind === 'bra'
        ? { size: row.size, underbustCm: row.underbustCm, bustCm: row.bustCm }
        : { size: row.size, bustCm: row.bustCm, waistCm: row.waistCm, hipCm: row.hipCm },
    ) as SizeChartInput['rows'],
  };
}

const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';

/**
 * A size chart's grid: its name, kind and picture, and one row a size (band × cup with the
 * under-bust and bust ranges for a bra chart; letter sizes with bust, waist and hip), checked on
 * save by the schema the API parses, whose chart rules are the domain's.
 */
export function SizeChartGrid({
  chart,
  onSave,
}: {
  chart?: AdminSizeChart;
  /** Saves the body; answers the line to show. */
  onSave: (body: SizeChartSave) => Promise<string | void>;
}) {
  const form = useAdminForm(sizeChartInput, valuesOf(chart) as never, {
    prepare: (values) => bodyOf(values as unknown as GridValues) as never,
  });
  return (
    <Form form={form} onSubmit={onSave} className="flex flex-col gap-5" aria-label="Size chart">
      <div className="grid gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-3 sm:p-6">
        <Field name="name" label="Name" hint="As the back office lists it, e.g. Bras (UK cups)" />
        <Select name="kind" label="Kind">
          <option value="bra">Bra: band × cup</option>
          <option value="letter">Letter sizes: XS–3XL</option>
        </Select>
        <Field
          name="image"
          label="Chart picture (optional)"
          hint="An address from the photo library, e.g. /media/size-charts/bras.png"
        />
      </div>
      <DefaultBraChart />
      <Rows />
      <FormError status={form.status} />
      <div>
        <SubmitButton busy={form.busy}>Save chart</SubmitButton>
      </div>
    </Form>
  );
}

/** The default bra chart's mark, for bra charts only. */
function DefaultBraChart() {
  const kind = useWatch<GridValues, 'kind'>({ name: 'kind' });
  if (kind !== 'bra') return null;
  return (
    <Checkbox
      name="isDefaultBra"
      className="rounded-2xl border border-line bg-white p-4 sm:px-6"
      label="The shop's default bra chart: the size guide and the profile's finder answer in it, and so do bras without a chart of their own"
    />
  );
}

/** The rows: a table from 768 px, a card a size below; ranges in cm, inclusive. */
function Rows() {
  const { control } = useFormContext<GridValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'rows' });
  const kind = useWatch<GridValues, 'kind'>({ name: 'kind' });
  const rows = useWatch<GridValues, 'rows'>({ name: 'rows' });
  const ranges = RANGES[kind];
  const columns = GRID_COLUMNS[kind];

  return (
    <section
      aria-labelledby="grid-heading"
      className="rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="grid-heading" className="font-serif text-xl">
          Sizes
        </h2>
        <p className="text-sm text-muted">
          Ranges in cm, both ends included; neighbours may share an end (the smaller size takes it).
        </p>
      </div>
      <RowProblems kind={kind} rows={rows} />
      <div
        aria-hidden="true"
        className={`mt-4 hidden gap-2 border-b border-line pb-2 text-xs font-semibold uppercase tracking-wide text-muted md:grid ${columns}`}
      >
        <span>Size</span>
        {ranges.map(([key, label]) => (
          <Fragment key={key}>
            <span>{label} from</span>
            <span>to</span>
          </Fragment>
        ))}
        <span className="w-20" />
      </div>
      <ol className="flex flex-col" data-testid="size-chart-grid">
        {fields.map((field, index) => {
          const band = kind === 'bra' ? splitBraSize(rows[index]?.size ?? '')?.band : undefined;
          const previousBand =
            kind === 'bra' && index > 0
              ? splitBraSize(rows[index - 1]?.size ?? '')?.band
              : undefined;
          const size = rows[index]?.size || `Row ${index + 1}`;
          return (
            <li key={field.id}>
              {band !== undefined && band !== previousBand && (
                <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-brand-700">
                  Band {band}
                </p>
              )}
              <div
                className={`grid grid-cols-2 gap-2 border-b border-line py-2 md:items-start ${columns}`}
                data-testid="size-chart-row"
              >
                <Field
                  name={`rows.${index}.size`}
                  label={<span className="md:sr-only">Size</span>}
                  className="col-span-2 md:col-span-1"
                  inputClassName="md:mt-0"
                  autoCapitalize="characters"
                />
                {ranges.map(([key, label]) => (
                  <Fragment key={key}>
                    {(['from', 'to'] as const).map((end, at) => (
                      <NumberField
                        key={end}
                        name={`rows.${index}.${key}.${at}`}
                        label={
                          <span className="md:sr-only">
                            {label} {end} (cm)<span className="sr-only">, {size}</span>
                          </span>
                        }
                        inputMode="decimal"
                        inputClassName="md:mt-0"
                      />
                    ))}
                  </Fragment>
                ))}
                <button
                  type="button"
                  className={`${button} col-span-2 self-end md:col-span-1 md:w-20 md:self-start`}
                  onClick={() => remove(index)}
                  aria-label={`Remove ${size}`}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className={`${button} mt-4`} onClick={() => append(emptyRow())}>
        Add a size
      </button>
    </section>
  );
}

/**
 * Every problem with the rows at once, from the domain's chart rules (the schema reports them
 * too, but as the list's one message): shown once a save was refused and until they are put right.
 */
function RowProblems({ kind, rows }: { kind: GridValues['kind']; rows: GridRow[] }) {
  // The schema keeps the rows' problems as one message, kept until the next save even once put
  // right: the list comes from the chart rules on the rows as they are now.
  const refused = useFieldError('rows.root') ?? '';
  const refusedRows = useFieldError('rows') ?? '';
  if (!refused && !refusedRows) return null;
  const body = bodyOf({ name: '', kind, image: '', isDefaultBra: false, rows });
  const problems = validateSizeChartRows(kind, body.rows as unknown as SizeChartRow[]);
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="mt-3 rounded-xl border border-brand-300 bg-brand-50 p-3 text-sm">
      <p className="font-medium text-brand-800">Put these right before saving:</p>
      <ul className="mt-1 list-disc pl-5 text-brand-800" data-testid="grid-problems">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
