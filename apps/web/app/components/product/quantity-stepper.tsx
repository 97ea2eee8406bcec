interface QuantityStepperProps {
  value: number;
  /** Highest allowed quantity (stock of the chosen size); at least 1. */
  max: number;
  onChange: (quantity: number) => void;
  label?: string;
  /** Lowest value the − button goes to (the cart uses 0: decreasing a 1-unit line removes it). */
  min?: number;
}

/** − value + with a minimum of 1. */
export function QuantityStepper({
  value,
  max,
  onChange,
  label = 'Quantity',
  min = 1,
}: QuantityStepperProps) {
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
        disabled={value >= Math.max(1, max)}
        aria-label="Increase quantity"
      >
        +
      </button>
    </div>
  );
}
