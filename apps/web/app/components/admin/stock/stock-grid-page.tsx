import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  stockAdjustmentsSchema,
  stockThresholdSchema,
  type StockAdjustmentResult,
  type StockCell,
  type StockGrid,
} from '@shop/contracts/stock';
import {
  adminStockReasons,
  parseStockEdit,
  stockReasonLabels,
  type AdminStockReason,
} from '@shop/domain/stock';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
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
  const [value, setValue] = useState(String(threshold));
  const [message, setMessage] = useState<{ text: string; problem: boolean } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = stockThresholdSchema.safeParse({
      threshold: value.trim() === '' ? Number.NaN : Number(value),
    });
    if (!parsed.success) {
      setMessage({ text: parsed.error.issues[0]?.message ?? 'Invalid threshold', problem: true });
      return;
    }
    try {
      await authed((api) => stockApi(api).setThreshold(productId, parsed.data));
      setMessage({ text: 'Threshold saved', problem: false });
      onSaved();
    } catch (error) {
      setMessage({ text: errorMessage(error), problem: true });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor="stock-threshold" className="block text-sm font-medium">
          Low at or under
        </label>
        <input
          id="stock-threshold"
          type="number"
          min={0}
          inputMode="numeric"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={message?.problem ? true : undefined}
          aria-describedby={message ? 'stock-threshold-message' : undefined}
          className="mt-1 block w-24 rounded-xl border border-line px-3 py-2 text-sm"
        />
      </div>
      <button type="submit" className={button}>
        Save threshold
      </button>
      {message ? (
        <p
          id="stock-threshold-message"
          role={message.problem ? 'alert' : 'status'}
          className={`w-full text-sm ${message.problem ? 'text-brand-800' : 'text-muted'}`}
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}

function Cell({
  id,
  cell,
  value,
  onChange,
}: {
  id: string;
  cell: StockCell;
  value: string;
  onChange: (text: string) => void;
}) {
  const parsed = parseStockEdit(value);
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
        type="text"
        inputMode="text"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
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

function Grid({
  grid,
  edits,
  setEdit,
}: {
  grid: StockGrid;
  edits: Record<string, string>;
  setEdit: (key: string, text: string) => void;
}) {
  const cells = new Map(grid.cells.map((cell) => [keyOf(cell.colorName, cell.size), cell]));
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
                const cell = cells.get(key);
                return (
                  <td key={size} className="border-t border-line p-0 align-top">
                    {cell ? (
                      <Cell
                        id={`stock-cell-${row}-${column}`}
                        cell={cell}
                        value={edits[key] ?? ''}
                        onChange={(text) => setEdit(key, text)}
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

function Editor({ grid, onSaved }: { grid: StockGrid; onSaved: () => void }) {
  const { authed } = useAuth();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [reason, setReason] = useState<AdminStockReason | ''>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [applied, setApplied] = useState<StockAdjustmentResult[] | null>(null);
  const typed = grid.cells.filter(
    (cell) => (edits[keyOf(cell.colorName, cell.size)] ?? '').trim() !== '',
  );

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = {
      edits: typed.map((cell) => ({
        colorName: cell.colorName,
        size: cell.size,
        change: edits[keyOf(cell.colorName, cell.size)]!,
        ...(reason ? { reason } : {}),
        // A count is applied as of this reading, less what orders take meanwhile.
        seen: cell.version,
      })),
      note,
    };
    const parsed = stockAdjustmentsSchema.safeParse(body);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the changes');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await authed((api) => stockApi(api).adjust(grid.product._id, parsed.data));
      setApplied(answer.applied);
      setEdits({});
      setNote('');
      onSaved();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Type <strong className="text-ink">+12</strong> after a delivery,{' '}
        <strong className="text-ink">-2</strong> for damage,{' '}
        <strong className="text-ink">=5</strong> after a count. Each size shows the units free to
        sell and those held by unpaid orders; a count is of the units free to sell.
      </p>
      <Grid
        grid={grid}
        edits={edits}
        setEdit={(key, text) => setEdits((current) => ({ ...current, [key]: text }))}
      />
      <div className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:flex-row sm:items-end">
        <div className="min-w-0">
          <label htmlFor="stock-reason" className="block text-sm font-medium">
            Why
          </label>
          <select
            id="stock-reason"
            value={reason}
            onChange={(event) => setReason(event.target.value as AdminStockReason | '')}
            className="mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm"
          >
            <option value="">As typed (= count, + delivery, − damage)</option>
            {adminStockReasons.map((value) => (
              <option key={value} value={value}>
                {stockReasonLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex-1">
          <label htmlFor="stock-note" className="block text-sm font-medium">
            Note (optional)
          </label>
          <input
            id="stock-note"
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
            placeholder="Invoice number, who counted…"
            className="mt-1 block w-full rounded-xl border border-line px-3 py-2 text-sm"
          />
        </div>
        <button type="submit" className={primary} disabled={busy || typed.length === 0}>
          {busy ? 'Saving...' : `Save ${typed.length} ${typed.length === 1 ? 'change' : 'changes'}`}
        </button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-brand-800">
          {problem}
        </p>
      ) : null}
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
    </form>
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
