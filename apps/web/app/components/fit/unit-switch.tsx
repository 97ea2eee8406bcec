export type Unit = 'in' | 'cm';

const UNITS: readonly [Unit, string][] = [
  ['in', 'Inches'],
  ['cm', 'cm'],
];

/** Inches or centimetres, as two pressed-or-not buttons (one tap to switch). */
export function UnitSwitch({
  unit,
  onChange,
  label,
}: {
  unit: Unit;
  onChange: (unit: Unit) => void;
  label: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-full border border-line p-0.5"
    >
      {UNITS.map(([value, text]) => (
        <button
          key={value}
          type="button"
          aria-pressed={unit === value}
          onClick={() => onChange(value)}
          className={`min-h-9 rounded-full px-3 text-sm font-medium ${
            unit === value ? 'bg-brand-600 text-white' : 'text-ink hover:text-brand-700'
          }`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
