import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useController, useWatch } from 'react-hook-form';
import {
  stockAdjustmentsSchema,
  stockThresholdSchema,
  type StockAdjustmentResult,
  type StockAdjustmentsInput,
  type StockCell,
  type StockGrid,
  type StockThresholdInput,
} from '@shop/contracts/stock';
import {
  adminStockReasons,
  parseStockEdit,
  stockReasonLabels,
  type AdminStockReason,
} from '@shop/domain/stock';
import { type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import {
  Field,
  FieldMessage,
  Form,
  FormError,
  NumberField,
  Select,
  SubmitButton,
} from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';
import { useAdminLoad } from '../use-admin-load';
import { StockHistory } from './stock-history';
import { stockApi } from './stock-api';
import { StockTabs } from './stock-tabs';

const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const primary =
  'rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50';

const keyOf = (colorName: string, size: string) => `${colorName}\u001f${size}`;
const fetchGrid = (api: ApiClient, productId: string) => stockApi(api).grid(productId);

/** What a save did to each size, in words: `Black 34B: 5 → 17 (+12, Delivery)`. */
function resultWords(result: StockAdjustmentResult): string {
  const sold =
    result.soldSince > 0
      ? `; ${result.soldSince} sold since the grid was opened, taken off the count`
      : '';
  return `${result.colorName} ${result.size}: ${result.stockBefore} → ${result.stockAfter} (${result.change}, ${stockReasonLabels[result.reason]}${sold})`;
}

function ThresholdForm({
  productId,
  threshold,
  onSaved,
}: {
  productId: string;
  threshold: number;
  onSaved: () => void;
}) {
  const { authed } = useAuth();
  const form = useAdminForm(stockThresholdSchema, { threshold }, { invalidMessage: null });

  async function submit(values: StockThresholdInput) {
    await authed((api) => stockApi(api).setThreshold(productId, values));
    onSaved();
    return 'Threshold saved';
  }

  return (
    <Form form={form} onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <NumberField
        name="threshold"
        id="stock-threshold"
        label="Low at or under"
        inputClassName="w-24"
      />
      <SubmitButton busy={form.busy} className={button}>
        Save threshold
      </SubmitButton>
      {form.status?.message ? (
        <FormError
          status={form.status}
          className={`w-full text-sm ${form.status.ok ? 'text-muted' : 'text-brand-800'}`}
        />
      ) : null}
    </Form>
  );
}

/** What the editor holds: each cell's typed change (in the grid's order), the reason and note. */
interface EditorValues {
  edits: { change: string }[];
  reason: AdminStockReason | '';
  note: string;
}

function Cell({ id, index, cell }: { id: string; index: number; cell: StockCell }) {
  const {
    field: { ref, value, onChange, onBlur, name },
  } = useController<EditorValues, `edits.${number}.change`>({ name: `edits.${index}.change` });
  // A change is checked as she types, by the same rule the schema applies.
  const parsed = parseStockEdit(value ?? '');
  const problem = parsed.ok ? null : parsed.message;
  return (
    <div className={`flex flex-col items-center gap-1 px-2 py-2 ${cell.low ? 'bg-blush' : ''}`}>
      <p id={`${id}-now`} className="whitespace-nowrap text-center">
        <span className="text-base font-semibold">{cell.stock}</span>
        <span className="sr-only"> free</span>
        {cell.held > 0 ? <span className="block text-xs text-muted">+{cell.held} held</span> : null}
        {cell.low ? <span className="block text-xs font-medium text-brand-800">Low</span> : null}
      </p>
      <input
        id={id}
        ref={ref}
        name={name}
        type="text"
        inputMode="text"
        autoComplete="off"
        value={value ?? ''}
        onChange={onChange}
        onBlur={onBlur}
        placeholder="+ − ="
        aria-label={`${cell.colorName} ${cell.size}: change`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-now ${id}-problem` : `${id}-now`}
        className="w-16 rounded-lg border border-line px-2 py-1 text-center text-sm"
      />
      {problem ? (
        <span id={`${id}-problem`} className="max-w-24 text-center text-xs text-brand-800">
          {problem}
        </span>
      ) : null}
    </div>
  );
}

const stickyCol = 'sticky left-0 z-10 bg-white';

function Grid({ grid }: { grid: StockGrid }) {
  const cells = new Map(
    grid.cells.map((cell, index) => [keyOf(cell.colorName, cell.size), { cell, index }]),
  );
  return (
    // Positioned, so the screen-reader-only words inside the cells scroll with the grid instead
    // of widening the page.
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-white">
      <table className="border-separate border-spacing-0 text-sm">
        <caption className="sr-only">
          Stock of {grid.product.name}: colours by sizes, units free to sell and units held by
          unpaid orders
        </caption>
        <thead>
          {grid.bands ? (
            <tr>
              <th
                scope="col"
                rowSpan={2}
                className={`${stickyCol} border-b border-r border-line px-3 py-2 text-left`}
              >
                Colour
              </th>
              {grid.bands.map((band) => (
                <th
                  key={band.band}
                  scope="colgroup"
                  colSpan={band.sizes.length}
                  className="border-b border-l border-line px-2 py-1 text-center"
                >
                  Band {band.band}
                </th>
              ))}
            </tr>
          ) : null}
          <tr>
            {grid.bands ? null : (
              <th
                scope="col"
                className={`${stickyCol} border-b border-r border-line px-3 py-2 text-left`}
              >
                Colour
              </th>
            )}
            {grid.sizes.map((size) => (
              <th
                key={size}
                scope="col"
                className="whitespace-nowrap border-b border-line px-2 py-2 text-center"
              >
                {size}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.colors.map((color, row) => (
            <tr key={color.colorName}>
              <th
                scope="row"
                className={`${stickyCol} border-r border-line px-3 py-2 text-left font-medium`}
              >
                <span className="flex items-center gap-2 whitespace-nowrap">
                  <span
                    aria-hidden="true"
                    className="inline-block h-4 w-4 shrink-0 rounded-full border border-line"
                    style={{ backgroundColor: color.colorHex }}
                  />
                  {color.colorName}
                </span>
              </th>
              {grid.sizes.map((size, column) => {
                const key = keyOf(color.colorName, size);
                const found = cells.get(key);
                return (
                  <td key={size} className="border-t border-line p-0 align-top">
                    {found ? (
                      <Cell
                        id={`stock-cell-${row}-${column}`}
                        index={found.index}
                        cell={found.cell}
                      />
                    ) : (
                      <span className="block px-2 py-4 text-center text-muted">
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">Not made in this size</span>
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const blankEdits = (grid: StockGrid) => grid.cells.map(() => ({ change: '' }));
/** The editor's values as the form holds them; the schema reads them through `prepare`. */
const held = (values: EditorValues) => values as unknown as StockAdjustmentsInput;

function Editor({ grid, onSaved }: { grid: StockGrid; onSaved: () => void }) {
  const { authed } = useAuth();
  const [applied, setApplied] = useState<StockAdjustmentResult[] | null>(null);
  // The route's schema reads the typed cells of the grid as last read: a count is applied as of
  // that reading (`seen`), less what orders take meanwhile.
  const form = useAdminForm(
    stockAdjustmentsSchema,
    held({ edits: blankEdits(grid), reason: '', note: '' }),
    {
      prepare: (values) => {
        const { edits, reason, note } = values as unknown as EditorValues;
        return {
          edits: grid.cells.flatMap((cell, index) => {
            const change = edits[index]?.change ?? '';
            if (change.trim() === '') return [];
            return [
              {
                colorName: cell.colorName,
                size: cell.size,
                change,
                ...(reason ? { reason } : {}),
                seen: cell.version,
              },
            ];
          }),
          note,
        };
      },
    },
  );
  const { control, reset, getValues } = form;
  const edits = useWatch({ control, name: 'edits' }) as EditorValues['edits'] | undefined;
  const typed = grid.cells.filter((_, index) => (edits?.[index]?.change ?? '').trim() !== '');
  // A grid read anew with other sizes starts the edits afresh.
  useEffect(() => {
    const current = getValues() as unknown as EditorValues;
    if (current.edits.length !== grid.cells.length) {
      reset(held({ ...current, edits: blankEdits(grid) }));
    }
  }, [grid, getValues, reset]);

  async function save(body: StockAdjustmentsInput) {
    setApplied(null);
    const answer = await authed((api) => stockApi(api).adjust(grid.product._id, body));
    setApplied(answer.applied);
    const { reason } = getValues() as unknown as EditorValues;
    reset(held({ edits: blankEdits(grid), reason, note: '' }));
    onSaved();
  }

  return (
    <Form form={form} onSubmit={save} className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Type <strong className="text-ink">+12</strong> after a delivery,{' '}
        <strong className="text-ink">-2</strong> for damage,{' '}
        <strong className="text-ink">=5</strong> after a count. Each size shows the units free to
        sell and those held by unpaid orders; a count is of the units free to sell.
      </p>
      <Grid grid={grid} />
      <div className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:flex-row sm:items-end">
        <Select name="reason" id="stock-reason" label="Why" className="min-w-0">
          <option value="">As typed (= count, + delivery, − damage)</option>
          {adminStockReasons.map((value) => (
            <option key={value} value={value}>
              {stockReasonLabels[value]}
            </option>
          ))}
        </Select>
        <Field
          name="note"
          id="stock-note"
          label="Note (optional)"
          className="flex-1"
          maxLength={500}
          placeholder="Invoice number, who counted…"
        />
        <SubmitButton busy={form.busy} className={primary} disabled={typed.length === 0}>
          {`Save ${typed.length} ${typed.length === 1 ? 'change' : 'changes'}`}
        </SubmitButton>
      </div>
      <FieldMessage name="edits.root" />
      <FieldMessage name="edits" />
      <FormError status={form.status} className="text-sm text-brand-800" />
      {applied ? (
        <div role="status" className="rounded-2xl border border-line bg-white p-4 text-sm">
          <p className="font-medium">Saved</p>
          <ul className="mt-1 list-disc pl-5">
            {applied.map((result) => (
              <li key={keyOf(result.colorName, result.size)}>{resultWords(result)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </Form>
  );
}

/** /admin/stock/{productId}: the grid, its edits, the threshold and the history. */
export function StockGridPage({ productId }: { productId: string }) {
  const { load, reload } = useAdminLoad(productId, productId, fetchGrid);
  const [saves, setSaves] = useState(0);
  const [ready, setReady] = useState<StockGrid | null>(null);
  // The grid stays on screen while it reloads after a save.
  const grid = load.state === 'ready' ? load.data : ready;
  if (load.state === 'ready' && ready !== load.data) setReady(load.data);

  return (
    <section className="flex flex-col gap-5">
      <p>
        <Link to="/admin/stock" className="text-sm font-medium text-brand-700 hover:underline">
          ← All products
        </Link>
      </p>
      <h1 className="font-serif text-3xl">{grid ? grid.product.name : 'Stock'}</h1>
      <StockTabs />
      {load.state === 'failed' && !grid ? (
        <div className="rounded-2xl border border-line bg-white p-6 text-center">
          <p role="alert">{load.message}</p>
          <button type="button" className={`${button} mt-3`} onClick={reload}>
            Try Again
          </button>
        </div>
      ) : null}
      {!grid && load.state === 'loading' ? <p className="text-muted">Loading stock...</p> : null}
      {grid ? (
        <>
          <div className="flex flex-wrap items-end justify-between gap-4">
            <p className="text-sm text-muted">
              {grid.product.isActive ? 'On sale' : 'Not on sale'} · sizes at{' '}
              {grid.product.lowStockThreshold} or fewer count as low
            </p>
            <ThresholdForm
              key={grid.product.lowStockThreshold}
              productId={grid.product._id}
              threshold={grid.product.lowStockThreshold}
              onSaved={reload}
            />
          </div>
          <Editor
            grid={grid}
            onSaved={() => {
              reload();
              setSaves((count) => count + 1);
            }}
          />
          <StockHistory grid={grid} refresh={saves} />
        </>
      ) : null}
    </section>
  );
}
