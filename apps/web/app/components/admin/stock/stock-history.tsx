import { useEffect, useState } from 'react';
import type { StockGrid, StockMovement } from '@shop/contracts/stock';
import { stockReasonLabels } from '@shop/domain/stock';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDateTime } from '../admin-format';
import { stockApi } from './stock-api';

const PAGE = 20;
const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';

const signed = (delta: number) => (delta > 0 ? `+${delta}` : `${delta}`);

/** One movement in words: what changed, to what, why, who and when. */
function Movement({ movement }: { movement: StockMovement }) {
  return (
    <li className="rounded-xl bg-cream p-3 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium">
          {movement.colorName} {movement.size}
        </span>
        <span className={movement.delta < 0 ? 'text-brand-800' : 'text-ink'}>
          {signed(movement.delta)}
        </span>
        <span>→ {movement.stockAfter}</span>
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium">
          {stockReasonLabels[movement.reason]}
        </span>
      </p>
      {movement.note ? <p className="mt-1 break-words">{movement.note}</p> : null}
      <p className="mt-1 text-xs text-muted">
        {movement.by ?? 'A shopper’s order'} · {formatIndiaDateTime(movement.at)}
      </p>
    </li>
  );
}

/**
 * The history that explains the grid's numbers, newest first, for the whole product or one size;
 * `refresh` changes after each save, which starts it again from the newest.
 */
export function StockHistory({ grid, refresh }: { grid: StockGrid; refresh: number }) {
  const { authed } = useAuth();
  const [cell, setCell] = useState('');
  const [pages, setPages] = useState<{
    for: string;
    movements: StockMovement[];
    next: string | null;
  } | null>(null);
  /** The cursor of the older page asked for, belonging to one request (a save starts afresh). */
  const [more, setMore] = useState<{ for: string; cursor: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const productId = grid.product._id;
  const request = `${productId}|${cell}|${refresh}`;
  const cursor = more?.for === request ? more.cursor : null;

  useEffect(() => {
    let live = true;
    const [colorName, size] = cell ? cell.split('\u001f') : [];
    authed((api) =>
      stockApi(api).movements(productId, {
        limit: PAGE,
        ...(colorName && size ? { colorName, size } : {}),
        ...(cursor ? { cursor } : {}),
      }),
    )
      .then((page) => {
        if (!live) return;
        setProblem(null);
        setPages((current) =>
          cursor && current?.for === request
            ? {
                for: request,
                movements: [...current.movements, ...page.movements],
                next: page.next,
              }
            : { for: request, ...page },
        );
      })
      .catch((error) => live && setProblem(errorMessage(error)));
    return () => {
      live = false;
    };
  }, [authed, productId, cell, cursor, request]);

  const shown = pages?.for === request ? pages : null;

  return (
    <section
      aria-labelledby="stock-history"
      className="rounded-2xl border border-line bg-white p-4"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="stock-history" className="font-serif text-2xl">
          History
        </h2>
        <div>
          <label htmlFor="stock-history-size" className="block text-sm font-medium">
            Show
          </label>
          <select
            id="stock-history-size"
            value={cell}
            onChange={(event) => setCell(event.target.value)}
            className="mt-1 block rounded-xl border border-line bg-white px-3 py-2 text-sm"
          >
            <option value="">Every size</option>
            {grid.cells.map((entry) => (
              <option
                key={`${entry.colorName}\u001f${entry.size}`}
                value={`${entry.colorName}\u001f${entry.size}`}
              >
                {entry.colorName} {entry.size}
              </option>
            ))}
          </select>
        </div>
      </div>
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-brand-800">
          {problem}
        </p>
      ) : null}
      {!shown && !problem ? <p className="mt-3 text-sm text-muted">Loading history...</p> : null}
      {shown && shown.movements.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No change recorded yet.</p>
      ) : null}
      {shown && shown.movements.length > 0 ? (
        <ol className="mt-3 flex flex-col gap-2" aria-label="Stock movements, newest first">
          {shown.movements.map((movement) => (
            <Movement key={movement._id} movement={movement} />
          ))}
        </ol>
      ) : null}
      {shown?.next ? (
        <button
          type="button"
          className={`${button} mt-3`}
          onClick={() => setMore({ for: request, cursor: shown.next! })}
        >
          Older
        </button>
      ) : null}
    </section>
  );
}
