import type { SizeStock } from '@shop/contracts/catalogue';

interface SizeSelectorProps {
  sizes: SizeStock[];
  selected: string | null;
  onSelect: (size: string) => void;
}

/** Size buttons; a size with stock 0 is disabled and labelled 'Out of Stock'. */
export function SizeSelector({ sizes, selected, onSelect }: SizeSelectorProps) {
  return (
    <fieldset>
      <legend className="text-sm text-muted">
        Size: <span className="font-medium text-ink">{selected ?? 'Choose a size'}</span>
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {sizes.map(({ size, stock }) => {
          const soldOut = stock <= 0;
          const isSelected = selected?.toLowerCase() === size.toLowerCase();
          return (
            <button
              key={size}
              type="button"
              disabled={soldOut}
              onClick={() => onSelect(size)}
              aria-pressed={isSelected}
              data-size={size}
              title={soldOut ? 'Out of Stock' : undefined}
              className={`flex h-12 min-w-14 flex-col items-center justify-center rounded-lg border px-3 text-sm leading-tight transition ${
                soldOut
                  ? 'cursor-not-allowed border-line bg-white/60 text-muted line-through'
                  : isSelected
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-line bg-white hover:border-brand-400'
              }`}
            >
              <span className="block font-medium">{size}</span>
              {soldOut && <span className="block text-[10px] no-underline">Out of Stock</span>}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
