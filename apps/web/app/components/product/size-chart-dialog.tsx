import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { CloseIcon } from '../layout/icons';
import { ResponsiveImage } from '../responsive-image';
import { useModalDialog } from '../use-modal-dialog';

// The table's code loads when the chart is first opened: the page's first load stays in budget.
const ChartTable = lazy(() =>
  import('../fit/chart-table-loader').then((module) => ({ default: module.ChartTable })),
);

/**
 * Zoomed, a phone shows the chart 760 px wide: its smallest print (21 px on the 1200 px chart)
 * then reads at about 13 px, like the page's own small text, with no pinch-zoom. Wider screens
 * zoom to the chart's full 1200 px.
 */
const ZOOMED_CLASS = 'w-[760px] max-w-none sm:w-[1200px]';
const ZOOMED_SIZES = '(min-width: 640px) 1200px, 760px';
/** Screens narrower than this open the chart zoomed: at their width it is too small to read. */
const OPENS_ZOOMED_QUERY = '(max-width: 639px)';

interface SizeChartDialogProps {
  open: boolean;
  image: string;
  /** The chart's rows, shown as a table beside the picture, when the product names its chart. */
  chartId?: string | null | undefined;
  productName: string;
  onClose: () => void;
}

/**
 * The size chart over the page. A native modal <dialog> traps focus, closes on Escape and returns
 * focus to the button that opened it, without any script of ours.
 */
export function SizeChartDialog({
  open,
  image,
  chartId,
  productName,
  onClose,
}: SizeChartDialogProps) {
  const dialogRef = useModalDialog(open);

  return (
    // A click on the backdrop lands on the dialog element itself; keyboard users have Escape and
    // the close button, so the mouse-only handler leaves nobody out.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      aria-labelledby="size-chart-title"
      className={`m-auto ${chartId ? 'w-[min(94vw,76rem)]' : 'w-[min(94vw,48rem)]'} rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60`}
    >
      {open && (
        <SizeChart image={image} chartId={chartId} productName={productName} onClose={onClose} />
      )}
    </dialog>
  );
}

/**
 * The chart's table (when the product names its chart) beside its picture, fitted to the dialog
 * or zoomed to a readable size in a frame the shopper pans with a finger, the trackpad or the
 * arrow keys. Phones open the picture zoomed.
 */
function SizeChart({ image, chartId, productName, onClose }: Omit<SizeChartDialogProps, 'open'>) {
  // Mounted only once the shopper opens the chart, so the screen width is known here.
  const [zoomed, setZoomed] = useState(() => window.matchMedia(OPENS_ZOOMED_QUERY).matches);
  return (
    <div className="max-h-[92dvh] overflow-y-auto p-4 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="size-chart-title" className="font-serif text-2xl">
          Size Chart
        </h2>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => setZoomed(!zoomed)}
            aria-pressed={zoomed}
            className="rounded-full border border-line px-3 py-1.5 text-sm font-medium hover:border-brand-400"
          >
            {zoomed ? 'Fit to screen' : 'Zoom in'}
          </button>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close size chart"
            className="rounded-full p-1.5 hover:bg-blush"
          >
            <CloseIcon />
          </button>
        </div>
      </div>
      <div
        className={
          // min-w-0: the zoomed picture scrolls in its own frame instead of widening the grid.
          chartId
            ? 'mt-3 grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[24rem_minmax(0,1fr)] [&>*]:min-w-0'
            : ''
        }
      >
        {chartId && (
          <div className="flex flex-col gap-2">
            <Suspense
              fallback={
                <p role="status" className="text-sm text-muted">
                  Loading the size table...
                </p>
              }
            >
              <ChartTable chartId={chartId} />
            </Suspense>
            <Link
              to="/size-guide"
              className="text-sm font-medium text-brand-700 hover:underline"
              onClick={onClose}
            >
              Not sure of your size? Find it in the size guide
            </Link>
          </div>
        )}
        <div>
          {zoomed && (
            <p className="mt-2 text-sm text-muted" id="size-chart-hint">
              Swipe or scroll to see the whole chart.
            </p>
          )}
          <div
            role="region"
            aria-label="Size chart"
            aria-describedby={zoomed ? 'size-chart-hint' : undefined}
            // A scrolling frame takes focus so the arrow keys pan it too.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            className="mt-3 max-h-[70dvh] overflow-auto overscroll-contain rounded-lg bg-blush"
            data-testid="size-chart-frame"
          >
            <ResponsiveImage
              src={image}
              alt={`Size chart for ${productName}`}
              width={800}
              height={600}
              widths={[400, 800, 1200]}
              sizes={
                zoomed
                  ? ZOOMED_SIZES
                  : chartId
                    ? '(min-width: 1024px) 760px, 90vw'
                    : '(min-width: 820px) 720px, 90vw'
              }
              // Rendered only once the shopper asks for it, so fetch it straight away.
              priority
              className={`h-auto ${zoomed ? ZOOMED_CLASS : 'w-full'}`}
            />
          </div>
        </div>
      </div>
    </div>
  );
}
