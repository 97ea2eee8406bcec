import type { ProductColor } from '@shop/contracts/catalogue';

interface ColorSwatchesProps {
  colors: ProductColor[];
  selectedIndex: number;
  onSelect: (index: number) => void;
}

/** Round swatches in each colour's hex; the chosen colour's name is shown above them. */
export function ColorSwatches({ colors, selectedIndex, onSelect }: ColorSwatchesProps) {
  const selected = colors[selectedIndex];
  return (
    <fieldset>
      <legend className="text-sm text-muted">
        Colour:{' '}
        <span className="font-medium text-ink" data-testid="selected-color">
          {selected?.colorName}
        </span>
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {colors.map((color, index) => (
          <button
            key={color._id}
            type="button"
            onClick={() => onSelect(index)}
            aria-pressed={index === selectedIndex}
            aria-label={color.colorName}
            title={color.colorName}
            className={`h-9 w-9 rounded-full border-2 p-0.5 transition ${index === selectedIndex ? 'border-brand-600' : 'border-line hover:border-brand-300'}`}
          >
            <span
              className="block h-full w-full rounded-full ring-1 ring-black/10"
              style={{ backgroundColor: color.colorHex }}
            />
          </button>
        ))}
      </div>
    </fieldset>
  );
}
