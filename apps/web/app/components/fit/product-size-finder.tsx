import type { ProductColor } from '@shop/contracts/catalogue';
import { findBraSize } from './fit-rules';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { CloseIcon } from '../layout/icons';
import { useModalDialog } from '../use-modal-dialog';
import { loadSizeChart, type LoadedSizeChart } from './fit-api';
import { useMySize } from './my-size';
import { SizeFinder, type FinderAnswer } from './size-finder';

interface ProductSizeFinderProps {
  open: boolean;
  chartId: string;
  productName: string;
  color: ProductColor | undefined;
  /** The size she took, and her own size (the answer's, which is saved as hers). */
  onChoose: (size: string, herSize: string) => void;
  onClose: () => void;
}

/**
 * The finder over the product page, answering in this product's own chart in the browser (no
 * round trip), with the stock of her size and its sisters in the chosen colour. Taking a size
 * chooses it on the page and saves it as hers.
 */
export default function ProductSizeFinder({
  open,
  chartId,
  productName,
  color,
  onChoose,
  onClose,
}: ProductSizeFinderProps) {
  const dialogRef = useModalDialog(open);
  const chart = useChart(chartId);
  const { save } = useMySize();
  const sizes = color?.sizeStock;

  const solve = useCallback(
    (question: Parameters<typeof findBraSize>[1]): FinderAnswer => {
      if (chart.state !== 'ready') throw new Error('The size chart is still loading');
      const answer = findBraSize(chart.chart, question);
      const stock: Record<string, number> = {};
      for (const size of [answer.size, ...answer.sisterSizes]) {
        stock[size] =
          sizes?.find((entry) => entry.size.toLowerCase() === size.toLowerCase())?.stock ?? 0;
      }
      return { ...answer, stock };
    },
    [chart, sizes],
  );

  return (
    // A click on the backdrop lands on the dialog element itself; keyboard users have Escape and
    // the close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      aria-labelledby="size-finder-title"
      className="m-auto w-[min(94vw,36rem)] rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60"
    >
      {open && (
        <div className="flex max-h-[90dvh] flex-col gap-4 overflow-y-auto p-4 sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <div>
              <h2 id="size-finder-title" className="font-serif text-2xl">
                Find my size
              </h2>
              <p className="text-sm text-muted">
                In the size chart of {productName}
                {color ? `, in ${color.colorName}` : ''}
              </p>
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close the size finder"
              className="rounded-full p-1.5 hover:bg-blush"
            >
              <CloseIcon />
            </button>
          </div>
          {chart.state === 'failed' ? (
            <p role="alert" className="text-sm text-brand-800">
              {chart.message}
            </p>
          ) : (
            <SizeFinder
              solve={solve}
              needsStock
              takeLabel={(size) => `Choose ${size}`}
              onTake={async (size, answer) => {
                onChoose(size, answer.size);
                onClose();
                // Her size is the answer's, even when she takes a sister size today.
                await save(answer.size).catch(() => undefined);
              }}
            />
          )}
          <Link to="/size-guide" className="text-sm font-medium text-brand-700 hover:underline">
            How to measure: the size guide
          </Link>
        </div>
      )}
    </dialog>
  );
}

type ChartState =
  | { state: 'loading' }
  | { state: 'ready'; chart: LoadedSizeChart }
  | { state: 'failed'; message: string };

function useChart(chartId: string): ChartState {
  const [state, setState] = useState<{ id: string; chart: ChartState }>({
    id: chartId,
    chart: { state: 'loading' },
  });
  useEffect(() => {
    let live = true;
    loadSizeChart(chartId).then(
      (chart) => live && setState({ id: chartId, chart: { state: 'ready', chart } }),
      (error: unknown) =>
        live &&
        setState({
          id: chartId,
          chart: {
            state: 'failed',
            message: errorMessage(error, 'Failed to fetch the size chart'),
          },
        }),
    );
    return () => {
      live = false;
    };
  }, [chartId]);
  return state.id === chartId ? state.chart : { state: 'loading' };
}
