import { CloseIcon } from '../layout/icons';
import { ResponsiveImage } from '../responsive-image';
import { useModalDialog } from '../use-modal-dialog';

interface SizeChartDialogProps {
  open: boolean;
  image: string;
  productName: string;
  onClose: () => void;
}

/**
 * The size chart over the page. A native modal <dialog> traps focus, closes on Escape and returns
 * focus to the button that opened it, without any script of ours.
 */
export function SizeChartDialog({ open, image, productName, onClose }: SizeChartDialogProps) {
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
      className="m-auto w-[min(94vw,48rem)] rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60"
    >
      {open && (
        <div className="p-4 sm:p-6">
          <div className="flex items-center justify-between gap-4">
            <h2 id="size-chart-title" className="font-serif text-2xl">
              Size Chart
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close size chart"
              className="rounded-full p-1.5 hover:bg-blush"
            >
              <CloseIcon />
            </button>
          </div>
          <ResponsiveImage
            src={image}
            alt={`Size chart for ${productName}`}
            width={800}
            height={600}
            widths={[400, 800, 1200]}
            sizes="(min-width: 820px) 720px, 90vw"
            // Rendered only once the shopper asks for it, so fetch it straight away.
            priority
            className="mt-4 h-auto w-full rounded-lg bg-blush"
          />
        </div>
      )}
    </dialog>
  );
}
