import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  contactMessageSchema,
  contactSubjectLabels,
  contactSubjects,
  type ContactField,
} from '@shop/contracts/contact';
import { PHONE_INPUT_MAX_LENGTH } from '@shop/domain/contact-details';
import { ChevronDownIcon } from '../layout/icons';
import { CheckCircleIcon } from './content-icons';

/** A simulated send: there is no message endpoint, so nothing leaves the page. */
export const CONTACT_SEND_DELAY_MS = 1500;
export const CONTACT_THANKS_MS = 5000;

type Values = Record<ContactField, string>;
type Errors = Partial<Record<ContactField, string>>;

const emptyValues: Values = { name: '', email: '', phone: '', subject: '', message: '' };
const fieldOrder: ContactField[] = ['name', 'email', 'phone', 'subject', 'message'];

const inputClasses =
  'mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-ink placeholder:text-muted/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-cream';

export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const fields = useRef<Partial<Record<ContactField, HTMLElement | null>>>({});
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const fieldId = (field: ContactField) => `${id}-${field}`;
  const errorId = (field: ContactField) => `${id}-${field}-error`;

  function handleChange(
    event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
  ) {
    const field = event.target.name as ContactField;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    // A field being corrected stops showing its old error; the next submit checks it again.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const result = contactMessageSchema.safeParse(values);
    if (!result.success) {
      const next: Errors = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as ContactField;
        next[field] ??= issue.message;
      }
      setErrors(next);
      const firstInvalid = fieldOrder.find((field) => next[field]);
      if (firstInvalid) fields.current[firstInvalid]?.focus();
      return;
    }
    setErrors({});
    setStatus('sending');
    timers.current.push(
      window.setTimeout(() => {
        setValues(emptyValues);
        setStatus('sent');
        timers.current.push(window.setTimeout(() => setStatus('idle'), CONTACT_THANKS_MS));
      }, CONTACT_SEND_DELAY_MS),
    );
  }

  const sending = status === 'sending';
  const describedBy = (field: ContactField) => (errors[field] ? errorId(field) : undefined);
  const fieldProps = (field: ContactField) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: handleChange,
    disabled: sending,
    required: true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field),
    className: `${inputClasses} ${errors[field] ? 'border-red-600' : 'border-line'}`,
  });
  const label = (field: ContactField, text: string) => (
    <label htmlFor={fieldId(field)} className="text-sm font-medium text-ink">
      {text}
      <span aria-hidden="true" className="text-brand-700">
        {' '}
        *
      </span>
    </label>
  );
  const error = (field: ContactField) =>
    errors[field] ? (
      <p id={errorId(field)} className="mt-1.5 text-sm font-medium text-red-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-serif text-2xl md:text-3xl">
        Send us a message
      </h2>
      <p className="mt-2 text-muted">
        Fill in the form and our care team will get back to you within 24 hours.
      </p>

      <div className="mt-7 grid gap-5 sm:grid-cols-2">
        <div>
          {label('name', 'Full name')}
          <input
            {...fieldProps('name')}
            ref={(element) => {
              fields.current.name = element;
            }}
            type="text"
            autoComplete="name"
            placeholder="Priya Sharma"
          />
          {error('name')}
        </div>
        <div>
          {label('email', 'Email address')}
          <input
            {...fieldProps('email')}
            ref={(element) => {
              fields.current.email = element;
            }}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
          />
          {error('email')}
        </div>
        <div>
          {label('phone', 'Phone number')}
          <input
            {...fieldProps('phone')}
            ref={(element) => {
              fields.current.phone = element;
            }}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={PHONE_INPUT_MAX_LENGTH}
            placeholder="98765 43210"
          />
          {error('phone')}
        </div>
        <div>
          {label('subject', 'Subject')}
          <div className="relative">
            <select
              {...fieldProps('subject')}
              ref={(element) => {
                fields.current.subject = element;
              }}
              className={`${fieldProps('subject').className} appearance-none pr-11 ${values.subject ? '' : 'text-muted'}`}
            >
              <option value="">Select a subject</option>
              {contactSubjects.map((subject) => (
                <option key={subject} value={subject} className="text-ink">
                  {contactSubjectLabels[subject]}
                </option>
              ))}
            </select>
            <ChevronDownIcon className="pointer-events-none absolute right-4 top-1/2 mt-0.5 h-5 w-5 -translate-y-1/2 text-muted" />
          </div>
          {error('subject')}
        </div>
        <div className="sm:col-span-2">
          {label('message', 'Message')}
          <textarea
            {...fieldProps('message')}
            ref={(element) => {
              fields.current.message = element;
            }}
            rows={5}
            placeholder="How can we help you?"
          />
          {error('message')}
        </div>
      </div>

      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
        <button
          type="submit"
          disabled={sending}
          className="inline-flex min-w-44 items-center justify-center gap-2 rounded-full bg-brand-600 px-7 py-3 font-medium text-white transition hover:bg-brand-700 disabled:cursor-wait disabled:bg-brand-700"
        >
          {sending && (
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          )}
          {sending ? 'Sending...' : 'Send Message'}
        </button>
        <p className="text-xs text-muted">
          <span aria-hidden="true">*</span> All fields are required.
        </p>
      </div>

      <div role="status" className="mt-5 empty:hidden">
        {status === 'sent' && (
          <p className="flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
            <CheckCircleIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
            <span>
              Thank you for reaching out! Your message has been sent, and we will get back to you
              within 24 hours.
            </span>
          </p>
        )}
      </div>
    </form>
  );
}
