import { useState } from 'react';
import type { WishlistItem } from '@shop/contracts/cart';
import { stockOf } from '@shop/domain/product-selection';
import { errorMessage } from '../../lib/api-client';
import type { MoveChoice } from '../../lib/wishlist-store';
import { SizeSelector } from '../product/size-selector';
import { useModalDialog } from '../use-modal-dialog';

/**
 * Move to Cart for a product that comes in more than one colour or size: the shopper picks both
 * (a lone colour, or a colour's lone size, is chosen for her); nothing moves until she does.
 */
export function MoveToCartDialog({
  item,
  onMove,
  onClose,
}: {
  item: WishlistItem;
  onMove: (choice: MoveChoice) => Promise<void>;
  onClose: () => void;
}) {
  const dialogRef = useModalDialog(true);
  const colors = item.product.colors;
  const loneSize = (index: number) => {
    const sizes = colors[index]?.sizeStock ?? [];
    return sizes.length === 1 ? sizes[0]!.size : null;
  };
  const [colorIndex, setColorIndex] = useState(colors.length === 1 ? 0 : -1);
  const [size, setSize] = useState<string | null>(() => loneSize(colors.length === 1 ? 0 : -1));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const color = colors[colorIndex];
  const ready = Boolean(color && size && stockOf(color, size) > 0);

  function chooseColor(index: number) {
    setColorIndex(index);
    // A size the new colour has in stock stays chosen.
    setSize((chosen) => (stockOf(colors[index], chosen) > 0 ? chosen : loneSize(index)));
  }

  async function move() {
    if (!color || !size || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await onMove({
        colorName: color.colorName,
        colorHex: color.colorHex,
        size,
        ...(color.images[0] ? { selectedImage: color.images[0] } : {}),
      });
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to move item to cart'));
    }
    setBusy(false);
  }

  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      aria-labelledby="move-to-cart-title"
      className="m-auto w-[min(94vw,28rem)] rounded-2xl bg-white p-6 text-ink backdrop:bg-ink/50"
    >
      <h2 id="move-to-cart-title" className="font-serif text-2xl">
        Choose colour and size
      </h2>
      <p className="mt-1 text-sm text-muted">{item.name}</p>
      {failure && (
        <p role="alert" className="mt-3 rounded-lg bg-red-600 px-3 py-2 text-sm text-white">
          {failure}
        </p>
      )}
      <fieldset className="mt-4">
        <legend className="text-sm text-muted">
          Colour:{' '}
          <span className="font-medium text-ink">{color?.colorName ?? 'Choose a colour'}</span>
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {colors.map((entry, index) => (
            <button
              key={entry.colorName}
              type="button"
              onClick={() => chooseColor(index)}
              aria-pressed={index === colorIndex}
              className={`flex items-center gap-2 rounded-full border-2 py-1 pr-3 pl-1 text-sm ${
                index === colorIndex ? 'border-brand-600' : 'border-line hover:border-brand-300'
              }`}
            >
              <span
                aria-hidden="true"
                className="block h-6 w-6 rounded-full ring-1 ring-black/10"
                style={{ backgroundColor: entry.colorHex }}
              />
              {entry.colorName}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="mt-4">
        {color ? (
          <SizeSelector sizes={color.sizeStock} selected={size} onSelect={setSize} />
        ) : (
          <p className="text-sm text-muted">Choose a colour to see its sizes.</p>
        )}
      </div>
      <div className="mt-6 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={!ready || busy}
          onClick={() => void move()}
          className="rounded-full bg-brand-600 px-5 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-50"
        >
          {busy ? 'Moving...' : 'Move to Cart'}
        </button>
        <button
          type="button"
          onClick={onClose}
          className="rounded-full border border-line bg-white px-5 py-2 text-sm font-medium hover:border-brand-300"
        >
          Cancel
        </button>
      </div>
    </dialog>
  );
}
