import { MAX_UNITS_PER_SIZE, unitsPerSizeMessage } from '@shop/domain/cart';

interface QuantityStepperProps {
  value: number;
  /** Stock of the chosen size; the stepper stops there, or at MAX_UNITS_PER_SIZE, at least at 1. */
  max: number;
  onChange: (quantity: number) => void;
  label?: string;
  /** Lowest value the − button goes to (the cart uses 0: decreasing a 1-unit line removes it). */
  min?: number;
}

/** − value + with a minimum of 1 and at most MAX_UNITS_PER_SIZE. */
export function QuantityStepper({
  value,
  max,
  onChange,
  label = 'Quantity',
  min = 1,
}: QuantityStepperProps) {
  const upper = Math.max(1, Math.min(max, MAX_UNITS_PER_SIZE));
  const atLimit = value >= MAX_UNITS_PER_SIZE;
  const button =
    'h-10 w-10 text-lg hover:bg-blush disabled:cursor-not-allowed disabled:text-muted/50 disabled:hover:bg-transparent';
  return (
    <div
      className="inline-flex items-center rounded-full border border-line bg-white"
      role="group"
      aria-label={label}
    >
      <button
        type="button"
        className={`${button} rounded-l-full`}
        onClick={() => onChange(value - 1)}
        disabled={value <= min}
        aria-label="Decrease quantity"
      >
        −
      </button>
      <output className="w-10 text-center font-medium" aria-live="polite" data-testid="quantity">
        {value}
      </output>
      <button
        type="button"
        className={`${button} rounded-r-full`}
        onClick={() => onChange(value + 1)}
        disabled={value >= upper}
        aria-label="Increase quantity"
        title={atLimit ? unitsPerSizeMessage : undefined}
      >
        +
      </button>
    </div>
  );
}
