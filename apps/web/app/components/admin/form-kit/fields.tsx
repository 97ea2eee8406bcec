import {
  createContext,
  useContext,
  useId,
  useState,
  type ChangeEvent,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { FormProvider, get, useController, useFormContext, useFormState } from 'react-hook-form';
import { fromIndiaInput, toIndiaInput } from '../discounts/india-time';
import type { AdminForm, FormSchema, FormStatus } from './use-admin-form';

// The back office's look of a field, kept in one place; the storefront's own (account/schema-form)
// stays home-made so react-hook-form never ships in a shopper's bundle.
export const inputClasses = 'mt-1 block w-full rounded-xl border bg-white px-3 py-2 text-sm';
const labelClasses = 'block text-sm font-medium';
const hintClasses = 'mt-1 text-xs text-muted';
const errorClasses = 'mt-1 text-sm text-brand-800';
export const primaryButton =
  'rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50';

/**
 * The form element with the kit's fields bound to `form`: `onSubmit` gets the values the schema
 * parsed (see useAdminForm). `noValidate`: the schema's messages, not the browser's, are shown.
 */
export function Form<S extends FormSchema>({
  form,
  onSubmit,
  announceProblems = false,
  children,
  ...rest
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  form: AdminForm<S>;
  onSubmit: Parameters<AdminForm<S>['onSubmit']>[0];
  /**
   * Each field's message is an alert of its own: for a form without a status line of its own
   * (its screen shows the save's answer), so a refusal is still announced.
   */
  announceProblems?: boolean;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <AnnounceProblems value={announceProblems}>
        <form noValidate {...rest} onSubmit={form.onSubmit(onSubmit)}>
          {children}
        </form>
      </AnnounceProblems>
    </FormProvider>
  );
}

const AnnounceContext = createContext(false);
const AnnounceProblems = AnnounceContext.Provider;

/** A field's message: an alert when its form announces problems one by one. */
function Problem({ id, message }: { id?: string; message: string | undefined }) {
  const announce = useContext(AnnounceContext);
  if (!message) return null;
  return (
    <p id={id} role={announce ? 'alert' : undefined} className={errorClasses}>
      {message}
    </p>
  );
}

/** The schema's (or the server's) message for the value at `name`, a dotted path. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error = get(errors, name) as { message?: string } | undefined;
  return error?.message || undefined;
}

/** The ids that tie an input to its hint and message for screen readers. */
function useFieldIds(name: string, id: string | undefined) {
  const generated = useId();
  const fieldId = id ?? `${generated}-${name.replace(/\./g, '-')}`;
  return { id: fieldId, hintId: `${fieldId}-hint`, errorId: `${fieldId}-error` };
}

function described(
  ids: { hintId: string; errorId: string },
  hint: ReactNode,
  error: string | undefined,
) {
  const describedBy = [hint ? ids.hintId : '', error ? ids.errorId : ''].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** A message below a field (or a list of fields), by the path of the value it is about. */
export function FieldMessage({ name, id }: { name: string; id?: string }) {
  return <Problem id={id} message={useFieldError(name)} />;
}

interface FrameProps {
  /** The value's dotted path in the schema's input. */
  name: string;
  label: ReactNode;
  /** The input's id; made from the name when absent. */
  id?: string;
  hint?: ReactNode;
  /** Classes of the wrapper (grid placement, say). */
  className?: string;
  /** Classes added to the input's own. */
  inputClassName?: string;
}

function Frame({
  ids,
  label,
  hint,
  error,
  className,
  children,
}: {
  ids: { id: string; hintId: string; errorId: string };
  label: ReactNode;
  hint: ReactNode;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={ids.id} className={labelClasses}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={ids.hintId} className={hintClasses}>
          {hint}
        </p>
      ) : null}
      <Problem id={ids.errorId} message={error} />
    </div>
  );
}

const inputLook = (error: string | undefined, extra = '') =>
  `${inputClasses} ${error ? 'border-brand-700' : 'border-line'} ${extra}`.trim();

/** A labelled text input (or email, search, month...) with its hint and the schema's message. */
export function Field({
  name,
  label,
  id,
  hint,
  className,
  inputClassName,
  setValueAs,
  onChange,
  type = 'text',
  ...input
}: FrameProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'className'> & {
    /** The value as the schema reads it, from the input's text. */
    setValueAs?: (value: string) => unknown;
  }) {
  const { register } = useFormContext();
  const ids = useFieldIds(name, id);
  const error = useFieldError(name);
  return (
    <Frame ids={ids} label={label} hint={hint} error={error} className={className}>
      <input
        id={ids.id}
        type={type}
        {...input}
        {...described(ids, hint, error)}
        className={inputLook(error, inputClassName)}
        {...register(name, { ...(setValueAs ? { setValueAs } : {}), onChange })}
      />
    </Frame>
  );
}

/** A labelled text area with its hint and the schema's message. */
export function TextArea({
  name,
  label,
  id,
  hint,
  className,
  inputClassName,
  rows = 4,
  ...input
}: FrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'className'>) {
  const { register } = useFormContext();
  const ids = useFieldIds(name, id);
  const error = useFieldError(name);
  return (
    <Frame ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={ids.id}
        rows={rows}
        {...input}
        {...described(ids, hint, error)}
        className={inputLook(error, inputClassName)}
        {...register(name)}
      />
    </Frame>
  );
}

/** A labelled select; `emptyIsNull` makes its blank option the schema's null. */
export function Select({
  name,
  label,
  id,
  hint,
  className,
  inputClassName,
  emptyIsNull = false,
  onChange,
  children,
  ...select
}: FrameProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'className'> & {
    emptyIsNull?: boolean;
  }) {
  const { register } = useFormContext();
  const ids = useFieldIds(name, id);
  const error = useFieldError(name);
  return (
    <Frame ids={ids} label={label} hint={hint} error={error} className={className}>
      <select
        id={ids.id}
        {...select}
        {...described(ids, hint, error)}
        className={inputLook(error, inputClassName)}
        {...register(name, {
          ...(emptyIsNull ? { setValueAs: (value: unknown) => (value ? value : null) } : {}),
          onChange,
        })}
      >
        {children}
      </select>
    </Frame>
  );
}

/** The text a number field shows for a value: blank for the field's blank value. */
const shown = (value: unknown, blank: unknown) =>
  value === blank || value === undefined || value === null ? '' : String(value);

/** What a number field's text is to the schema: blank is `blank`, anything else as typed. */
const read = (text: string, blank: unknown) => (text.trim() === '' ? blank : Number(text));

/**
 * A number typed as text (so "1." and "" survive typing): blank is `blank` (undefined for a
 * required number, null or 0 for an optional one), anything else goes to the schema as typed,
 * whose message says what is wrong.
 */
export function NumberField({
  name,
  label,
  id,
  hint,
  className,
  inputClassName,
  blank = undefined,
  inputMode = 'numeric',
  ...input
}: FrameProps &
  Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'name' | 'id' | 'className' | 'value' | 'onChange' | 'type'
  > & { blank?: null | undefined | number }) {
  const ids = useFieldIds(name, id);
  const {
    field: { ref, value, onChange, onBlur, disabled },
    fieldState,
  } = useController({ name });
  const error = fieldState.error?.message || undefined;
  const [text, setText] = useState(() => shown(value, blank));
  const { defaultValues } = useFormState({ name });
  const [seen, setSeen] = useState(defaultValues);
  // A reset (after a save, say) brings new defaults: show the value it set. Only a reset counts,
  // not the value changing: a cleared field reads as its default here.
  if (seen !== defaultValues) {
    setSeen(defaultValues);
    setText(shown(value, blank));
  }
  return (
    <Frame ids={ids} label={label} hint={hint} error={error} className={className}>
      <input
        id={ids.id}
        type="text"
        inputMode={inputMode}
        {...input}
        {...described(ids, hint, error)}
        className={inputLook(error, inputClassName)}
        name={name}
        ref={ref}
        value={text}
        disabled={input.disabled ?? disabled}
        onBlur={onBlur}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setText(event.target.value);
          onChange(read(event.target.value, blank));
        }}
      />
    </Frame>
  );
}

/** A list of words as typed: apart by commas, each trimmed, blanks dropped. */
const words = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');

/**
 * A list of words typed in one box apart by commas ('cotton, lace'): the text stays as typed
 * ('lace, ' keeps its comma) and the schema reads the list, whose message shows below.
 */
export function WordsField({ name, label, id, hint, className, inputClassName }: FrameProps) {
  const ids = useFieldIds(name, id);
  const {
    field: { ref, value, onChange, onBlur, disabled },
    fieldState,
  } = useController({ name });
  const error = fieldState.error?.message || undefined;
  const joined = () => ((value as string[] | undefined) ?? []).join(', ');
  const [text, setText] = useState(joined);
  const { defaultValues } = useFormState({ name });
  const [seen, setSeen] = useState(defaultValues);
  // A reset brings new defaults: show the list it set (as NumberField does).
  if (seen !== defaultValues) {
    setSeen(defaultValues);
    setText(joined());
  }
  return (
    <Frame ids={ids} label={label} hint={hint} error={error} className={className}>
      <input
        id={ids.id}
        type="text"
        autoComplete="off"
        {...described(ids, hint, error)}
        className={inputLook(error, inputClassName)}
        name={name}
        ref={ref}
        value={text}
        disabled={disabled}
        onBlur={onBlur}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setText(event.target.value);
          onChange(words(event.target.value));
        }}
      />
    </Frame>
  );
}

/** An amount in rupees (decimals allowed); the label names the unit, e.g. "Price (₹)". */
export function Money(props: Parameters<typeof NumberField>[0]) {
  return <NumberField inputMode="decimal" {...props} />;
}

/**
 * A date and time typed in India's time (the shop runs on it, whatever the browser's clock
 * says), held as the ISO instant the schema reads; blank is null.
 */
export function DateField({
  name,
  label,
  id,
  hint,
  className,
  inputClassName,
  ...input
}: FrameProps &
  Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'name' | 'id' | 'className' | 'value' | 'onChange' | 'type'
  >) {
  const ids = useFieldIds(name, id);
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ name });
  const error = fieldState.error?.message || undefined;
  return (
    <Frame ids={ids} label={label} hint={hint} error={error} className={className}>
      <input
        id={ids.id}
        type="datetime-local"
        {...input}
        {...described(ids, hint, error)}
        className={inputLook(error, inputClassName)}
        name={name}
        ref={ref}
        value={toIndiaInput((value as string | null | undefined) ?? null)}
        onBlur={onBlur}
        onChange={(event) => onChange(fromIndiaInput(event.target.value))}
      />
    </Frame>
  );
}

/** A checkbox with its words beside it (the words are its label). */
export function Checkbox({
  name,
  label,
  id,
  className,
  ...input
}: Omit<FrameProps, 'hint' | 'inputClassName'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'className' | 'type'>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const ids = useFieldIds(name, id);
  return (
    <div className={className}>
      <label className="flex items-center gap-2 text-sm">
        <input
          id={ids.id}
          type="checkbox"
          {...input}
          {...described(ids, undefined, error)}
          className="h-4 w-4 accent-brand-600"
          {...register(name)}
        />
        {label}
      </label>
      <Problem id={ids.errorId} message={error} />
    </div>
  );
}

/**
 * The form's status line: the server's refusal (its 4xx message) or the fields' problems as an
 * alert, a success as a status.
 */
export function FormError({
  status,
  className = 'rounded-2xl border border-brand-300 bg-white p-3 text-sm text-brand-800',
}: {
  status: FormStatus | null;
  className?: string;
}) {
  if (!status) return null;
  return (
    <p role={status.ok ? 'status' : 'alert'} className={className}>
      {status.message}
    </p>
  );
}

/** The submit button: disabled while the form is busy, saying so. */
export function SubmitButton({
  busy,
  busyText = 'Saving...',
  className = primaryButton,
  disabled,
  children,
}: {
  busy: boolean;
  busyText?: string;
  className?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy || disabled}>
      {busy ? busyText : children}
    </button>
  );
}
