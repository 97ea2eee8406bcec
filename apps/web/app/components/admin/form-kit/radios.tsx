import { useId, type ReactNode } from 'react';
import { useController } from 'react-hook-form';

/**
 * One choice among a few, as radio buttons in a fieldset named by its legend; the value is the
 * chosen option's `value` as the schema reads it (a word, or true and false), and the schema's
 * message shows below the group, tied to it.
 */
export function Radios({
  name,
  legend,
  options,
  className = 'flex flex-wrap gap-4 text-sm',
  legendClassName = 'sr-only',
  children,
}: {
  /** The value's dotted path in the schema's input. */
  name: string;
  legend: ReactNode;
  options: readonly { value: string | boolean; label: ReactNode }[];
  /** Classes of the fieldset. */
  className?: string;
  legendClassName?: string;
  /** Lays the radio buttons out (in a row of their own, say); by default they stand in the fieldset. */
  children?: (radios: ReactNode) => ReactNode;
}) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ name });
  const error = fieldState.error?.message || undefined;
  const groupId = useId();
  const radios = options.map((option, index) => (
    <label key={String(option.value)} className="flex items-center gap-2">
      <input
        type="radio"
        name={`${groupId}-${name}`}
        ref={index === 0 ? ref : undefined}
        checked={value === option.value}
        onChange={() => onChange(option.value)}
        onBlur={onBlur}
        className="accent-brand-600"
      />
      {option.label}
    </label>
  ));
  return (
    <fieldset className={className} aria-describedby={error ? `${groupId}-error` : undefined}>
      <legend className={legendClassName}>{legend}</legend>
      {children ? children(radios) : radios}
      {error ? (
        <p id={`${groupId}-error`} className="mt-1 w-full text-sm text-brand-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
