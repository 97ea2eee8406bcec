import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  grievanceLookupSchema,
  grievanceStateResponse,
  grievanceStatusResponse,
  type GrievanceStateView,
  type GrievanceStatusView,
} from '@shop/contracts/grievances';
import { grievanceCategoryLabels, grievanceStatusLabels } from '@shop/domain/grievances';
import { createApiClient, errorMessage } from '../../lib/api-client';
import { GrievanceClocks, grievanceTime } from './grievance-clocks';
import { inputClasses } from './grievance-form';

type Field = 'ticket' | 'email';

/**
 * /grievance/status: the status link in the shop's mails (`?ticket=&token=`) opens the ticket
 * with its text and replies; a ticket looked up by its number and the email it was filed with
 * shows where it stands only (anyone who knows the email could type it).
 */
export function GrievanceStatus() {
  const id = useId();
  const [params] = useSearchParams();
  const linkTicket = params.get('ticket') ?? '';
  const linkToken = params.get('token') ?? '';
  const [values, setValues] = useState({ ticket: linkTicket, email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [looking, setLooking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [state, setState] = useState<GrievanceStateView | null>(null);
  const [opened, setOpened] = useState<GrievanceStatusView | null>(null);
  const [opening, setOpening] = useState(Boolean(linkTicket && linkToken));
  const [linkFailure, setLinkFailure] = useState<string | null>(null);

  // The status link's ticket is opened as soon as the page is.
  useEffect(() => {
    if (!linkTicket || !linkToken) return;
    let current = true;
    createApiClient()
      .send(
        grievanceStatusResponse,
        'POST',
        `/grievances/${encodeURIComponent(linkTicket)}/status`,
        'The grievance could not be opened. Please try again.',
        { token: linkToken },
      )
      .then(
        (answer) => current && setOpened(answer.data),
        (error: unknown) => current && setLinkFailure(errorMessage(error)),
      )
      .finally(() => current && setOpening(false));
    return () => {
      current = false;
    };
  }, [linkTicket, linkToken]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (looking) return;
    setFailure(null);
    const result = grievanceLookupSchema.safeParse(values);
    if (!result.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setLooking(true);
    setState(null);
    try {
      const answer = await createApiClient().call(
        `/grievances/${encodeURIComponent(result.data.ticket)}?email=${encodeURIComponent(result.data.email)}`,
        'The grievance could not be looked up. Please try again.',
        {},
        grievanceStateResponse,
      );
      setState(answer.data);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setLooking(false);
    }
  }

  const field = (name: Field, label: string, type: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        value={values[name]}
        onChange={(event) => {
          setValues((current) => ({ ...current, [name]: event.target.value }));
          setErrors((current) => ({ ...current, [name]: undefined }));
        }}
        required
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        className={`${inputClasses} ${errors[name] ? 'border-red-600' : 'border-line'}`}
        {...(name === 'email' ? { autoComplete: 'email', inputMode: 'email' as const } : {})}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <div className="flex flex-col gap-8">
      {opening ? (
        <p role="status" className="text-muted">
          Opening your grievance...
        </p>
      ) : null}
      {linkFailure ? (
        <p role="alert" className="font-medium text-red-700">
          {linkFailure}
        </p>
      ) : null}
      {opened ? <OpenedTicket found={opened} /> : null}
      <form
        noValidate
        onSubmit={handleSubmit}
        aria-labelledby={`${id}-title`}
        className="rounded-2xl border border-line bg-white p-6 md:p-10"
      >
        <h2 id={`${id}-title`} className="font-serif text-2xl text-ink">
          Look up your ticket
        </h2>
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          {field('ticket', 'Ticket number', 'text')}
          {field('email', 'Email you filed it with', 'email')}
        </div>
        {failure ? (
          <p role="alert" className="mt-5 text-sm font-medium text-red-700">
            {failure}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={looking}
          className="mt-6 rounded-full bg-brand-600 px-7 py-3 font-medium text-white hover:bg-brand-700 disabled:bg-brand-700"
        >
          {looking ? 'Looking up...' : 'Check status'}
        </button>
      </form>
      {state ? (
        <section
          aria-label={`Grievance ${state.ticket}`}
          className="rounded-2xl border border-line bg-white p-6 md:p-10"
        >
          <p className="text-sm text-muted">Ticket {state.ticket}</p>
          <p className="mt-1">
            Status:{' '}
            <strong className="font-semibold text-brand-800" data-testid="grievance-state">
              {grievanceStatusLabels[state.status]}
            </strong>
          </p>
          <p className="mt-1 text-sm text-muted">Received {grievanceTime(state.createdAt)}</p>
          <div className="mt-5">
            <GrievanceClocks clocks={state.clocks} />
          </div>
          <p className="mt-5 text-sm text-muted">
            To read your grievance and our replies, open the link in the mails we sent you.
          </p>
        </section>
      ) : null}
      <p className="text-sm text-muted">
        Lost your ticket number? It is in the mail we sent when you filed the grievance, or{' '}
        <Link to="/legal" className="text-brand-700 underline">
          write to our Grievance Officer
        </Link>
        .
      </p>
    </div>
  );
}

/** A ticket as its status link shows it: its state, subject, the shop's replies and resolution. */
export function OpenedTicket({ found }: { found: GrievanceStatusView }) {
  return (
    <section
      aria-label={`Grievance ${found.ticket}`}
      className="rounded-2xl border border-line bg-white p-6 md:p-10"
    >
      <p className="text-sm text-muted">Ticket {found.ticket}</p>
      <h2 className="mt-1 font-serif text-2xl text-ink">{found.subject}</h2>
      <p className="mt-3">
        Status:{' '}
        <strong className="font-semibold text-brand-800" data-testid="grievance-state">
          {grievanceStatusLabels[found.status]}
        </strong>
      </p>
      <p className="mt-1 text-sm text-muted">
        {grievanceCategoryLabels[found.category]} · received {grievanceTime(found.createdAt)}
      </p>
      <div className="mt-5">
        <GrievanceClocks clocks={found.clocks} />
      </div>
      {found.replies.length > 0 ? (
        <>
          <h3 className="mt-6 font-semibold text-ink">Our replies</h3>
          <ul className="mt-2 flex flex-col gap-3">
            {found.replies.map((reply) => (
              <li key={reply.at} className="rounded-xl bg-blush/60 p-4">
                <p className="whitespace-pre-line">{reply.text}</p>
                <p className="mt-1 text-xs text-muted">{grievanceTime(reply.at)}</p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {found.status === 'resolved' ? (
        <>
          <h3 className="mt-6 font-semibold text-ink">How it was resolved</h3>
          <p className="mt-2 whitespace-pre-line">{found.resolution}</p>
        </>
      ) : null}
    </section>
  );
}
