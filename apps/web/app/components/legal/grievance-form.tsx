import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  grievanceCreatedResponse,
  grievanceSchema,
  type GrievanceField,
} from '@shop/contracts/grievances';
import { PHONE_INPUT_MAX_LENGTH } from '@shop/domain/contact-details';
import { grievanceCategories, grievanceCategoryLabels } from '@shop/domain/grievances';
import { ApiError, createApiClient, errorMessage } from '../../lib/api-client';

type Values = Record<GrievanceField, string>;
type Errors = Partial<Record<GrievanceField, string>>;

const emptyValues: Values = {
  name: '',
  email: '',
  phone: '',
  orderNumber: '',
  category: '',
  subject: '',
  description: '',
};
const fieldOrder: GrievanceField[] = [
  'name',
  'email',
  'phone',
  'orderNumber',
  'category',
  'subject',
  'description',
];
const optional = new Set<GrievanceField>(['phone', 'orderNumber']);

export const inputClasses =
  'mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-ink placeholder:text-muted/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-cream';

/** The public grievance form: checked with the route's own schema, answered with a ticket. */
export function GrievanceForm() {
  const id = useId();
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [filed, setFiled] = useState<{ ticket: string; email: string } | null>(null);
  const fields = useRef<Partial<Record<GrievanceField, HTMLElement | null>>>({});

  const fieldId = (field: GrievanceField) => `${id}-${field}`;
  const errorId = (field: GrievanceField) => `${id}-${field}-error`;

  function handleChange(
    event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
  ) {
    const field = event.target.name as GrievanceField;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function showErrors(next: Errors) {
    setErrors(next);
    const firstInvalid = fieldOrder.find((field) => next[field]);
    if (firstInvalid) fields.current[firstInvalid]?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    const result = grievanceSchema.safeParse(values);
    if (!result.success) {
      const next: Errors = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as GrievanceField;
        next[field] ??= issue.message;
      }
      showErrors(next);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await createApiClient().send(
        grievanceCreatedResponse,
        'POST',
        '/grievances',
        'Your grievance could not be sent. Please try again.',
        values,
      );
      setFiled({ ticket: answer.data.ticket, email: result.data.email });
      setValues(emptyValues);
    } catch (error) {
      const field =
        error instanceof ApiError ? (error.field as GrievanceField | undefined) : undefined;
      if (field && fieldOrder.includes(field)) showErrors({ [field]: errorMessage(error) });
      else setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  if (filed) {
    return (
      <div role="status" className="rounded-2xl border border-line bg-white p-6 md:p-10">
        <h2 className="font-serif text-2xl text-ink">Your grievance is registered</h2>
        <p className="mt-3 text-ink/90">
          Your ticket number is{' '}
          <strong className="font-semibold text-brand-800" data-testid="grievance-ticket">
            {filed.ticket}
          </strong>
          . We have mailed it to {filed.email}. We will acknowledge your grievance within 48 hours
          and resolve it within one month.
        </p>
        <p className="mt-5 flex flex-wrap gap-3">
          <Link
            to={`/grievance/status?ticket=${encodeURIComponent(filed.ticket)}`}
            className="rounded-full bg-brand-600 px-6 py-2.5 font-medium text-white hover:bg-brand-700"
          >
            Check its status
          </Link>
          <button
            type="button"
            onClick={() => setFiled(null)}
            className="rounded-full border border-line px-6 py-2.5 font-medium hover:border-brand-300"
          >
            File another grievance
          </button>
        </p>
      </div>
    );
  }

  const fieldProps = (field: GrievanceField) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: handleChange,
    disabled: sending,
    required: !optional.has(field),
    ref: (element: HTMLElement | null) => {
      fields.current[field] = element;
    },
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
    className: `${inputClasses} ${errors[field] ? 'border-red-600' : 'border-line'}`,
  });
  const label = (field: GrievanceField, text: string) => (
    <label htmlFor={fieldId(field)} className="text-sm font-medium text-ink">
      {text}
      {optional.has(field) ? (
        <span className="font-normal text-muted"> (optional)</span>
      ) : (
        <span aria-hidden="true" className="text-brand-700">
          {' '}
          *
        </span>
      )}
    </label>
  );
  const error = (field: GrievanceField) =>
    errors[field] ? (
      <p id={errorId(field)} className="mt-1.5 text-sm font-medium text-red-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-line bg-white p-6 md:p-10"
    >
      <h2 id={`${id}-title`} className="font-serif text-2xl text-ink">
        Tell us what went wrong
      </h2>
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <div>
          {label('name', 'Full name')}
          <input {...fieldProps('name')} type="text" autoComplete="name" />
          {error('name')}
        </div>
        <div>
          {label('email', 'Email address')}
          <input {...fieldProps('email')} type="email" inputMode="email" autoComplete="email" />
          {error('email')}
        </div>
        <div>
          {label('phone', 'Mobile number')}
          <input
            {...fieldProps('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={PHONE_INPUT_MAX_LENGTH}
          />
          {error('phone')}
        </div>
        <div>
          {label('orderNumber', 'Order number')}
          <input {...fieldProps('orderNumber')} type="text" placeholder="LB-20260314-0042" />
          {error('orderNumber')}
        </div>
        <div className="sm:col-span-2">
          {label('category', 'What is it about?')}
          <select {...fieldProps('category')}>
            <option value="">Choose one</option>
            {grievanceCategories.map((category) => (
              <option key={category} value={category}>
                {grievanceCategoryLabels[category]}
              </option>
            ))}
          </select>
          {error('category')}
        </div>
        <div className="sm:col-span-2">
          {label('subject', 'Subject')}
          <input {...fieldProps('subject')} type="text" />
          {error('subject')}
        </div>
        <div className="sm:col-span-2">
          {label('description', 'What happened?')}
          <textarea {...fieldProps('description')} rows={6} />
          {error('description')}
        </div>
      </div>
      {failure ? (
        <p role="alert" className="mt-5 text-sm font-medium text-red-700">
          {failure}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={sending}
        className="mt-6 inline-flex min-w-44 items-center justify-center rounded-full bg-brand-600 px-7 py-3 font-medium text-white transition hover:bg-brand-700 disabled:cursor-wait disabled:bg-brand-700"
      >
        {sending ? 'Sending...' : 'Send grievance'}
      </button>
    </form>
  );
}
