import { useId, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useFieldError } from './fields';

/**
 * One choice among a few, as radio buttons in a fieldset named by its legend; the value is the
 * chosen option's `value`, and the schema's message shows below the group.
 */
export function Radios({
  name,
  legend,
  options,
  className = 'flex flex-wrap gap-4 text-sm',
  legendClassName = 'sr-only',
}: {
  /** The value's dotted path in the schema's input. */
  name: string;
  legend: ReactNode;
  options: readonly { value: string; label: ReactNode }[];
  /** Classes of the fieldset. */
  className?: string;
  legendClassName?: string;
}) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const errorId = `${useId()}-error`;
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className={legendClassName}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-2">
          <input
            type="radio"
            value={option.value}
            className="accent-brand-600"
            {...register(name)}
          />
          {option.label}
        </label>
      ))}
      {error ? (
        <p id={errorId} className="mt-1 w-full text-sm text-brand-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
