import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useController } from 'react-hook-form';

/**
 * A labelled file input holding the chosen file (a Blob) or null, for the schema to check (its
 * size, say); the schema's message shows below it, tied to it. A browser never lets a page set a
 * file input's value, so the input is left uncontrolled.
 */
export function FileField({
  name,
  label,
  id,
  className,
  inputClassName = 'mt-1 block w-full max-w-xs text-sm',
  onChosen,
  ...input
}: {
  /** The value's dotted path in the schema's input. */
  name: string;
  label: ReactNode;
  id?: string;
  className?: string;
  inputClassName?: string;
  /** Told after each choice (to clear an answer about the previous file, say). */
  onChosen?: (file: File | null) => void;
} & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'id' | 'className' | 'type' | 'value' | 'onChange'
>) {
  const {
    field: { ref, onChange, onBlur },
    fieldState,
  } = useController({ name });
  const error = fieldState.error?.message || undefined;
  const generated = useId();
  const inputId = id ?? `${generated}-${name.replace(/\./g, '-')}`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        {...input}
        ref={ref}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={inputClassName}
        onBlur={onBlur}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0] ?? null;
          onChange(file);
          onChosen?.(file);
        }}
      />
      {error ? (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-brand-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
