import { useId, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { errorMessage } from '../../lib/api-client';

/** Anything with zod's safeParse: the contracts' schemas, used by the form and the API alike. */
interface Schema<Out> {
  safeParse(input: unknown):
    | { success: true; data: Out }
    | {
        success: false;
        error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
      };
}

type Errors<F extends string> = Partial<Record<F, string>>;

/**
 * Form state checked by a shared schema: the first message per field shows beside it, and
 * editing a field clears its message until the next submit.
 */
export function useSchemaForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<F>>({});
  const id = useId();

  function onChange(
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) {
    const field = event.target.name as F;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  /** Parses `input` (the values by default); on failure shows the messages and answers null. */
  function check<Out>(schema: Schema<Out>, input: unknown = values): Out | null {
    const result = schema.safeParse(input);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Errors<F> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '') as F;
      next[field] ??= issue.message;
    }
    setErrors(next);
    return null;
  }

  function field(name: F) {
    return {
      id: `${id}-${name}`,
      name,
      value: values[name],
      onChange,
      error: errors[name],
    };
  }

  const reset = (next: Record<F, string> = initial) => {
    setValues(next);
    setErrors({});
  };

  /** Shows a message beside a field, e.g. the server's refusal that names it. */
  const setError = (name: F, message: string) =>
    setErrors((current) => ({ ...current, [name]: message }));

  return { values, setValues, errors, check, field, reset, setError };
}

/** A form's submit: one at a time, and a failure's message kept for the form to show. */
export function useFormAction() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function run(work: () => Promise<void>, fallback: string) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(errorMessage(error, fallback));
    } finally {
      setBusy(false);
    }
  }
  return { busy, failure, setFailure, run };
}

const inputClasses =
  'mt-1 block w-full rounded-xl border bg-white px-3.5 py-2.5 text-ink placeholder:text-muted/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-cream';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  name: string;
  label: string;
  error: string | undefined;
  hint?: string;
}

/** A labelled input with its message beside it, wired for screen readers. */
export function TextField({ label, error, hint, id, className, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        {hint && <span className="font-normal text-muted"> {hint}</span>}
      </label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClasses} ${error ? 'border-red-600' : 'border-line'}`}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3.5 py-2.5 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}
