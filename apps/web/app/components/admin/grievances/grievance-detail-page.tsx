import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useWatch } from 'react-hook-form';
import {
  grievanceMessageSchema,
  grievanceResolveSchema,
  type GrievanceDetail,
  type GrievanceMessageInput,
  type GrievanceResolveInput,
} from '@shop/contracts/grievances';
import { grievanceCategoryLabels, grievanceStatusLabels } from '@shop/domain/grievances';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { GrievanceClocks } from '../../legal/grievance-clocks';
import { formatIndiaDateTime } from '../admin-format';
import { Form, SubmitButton, TextArea } from '../form-kit/fields';
import { Radios } from '../form-kit/radios';
import { useAdminForm } from '../form-kit/use-admin-form';
import { grievancesApi } from './grievances-api';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; grievance: GrievanceDetail }
  | { state: 'failed'; message: string };

const card = 'rounded-2xl border border-line bg-white p-4 md:p-5';
const primary =
  'rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60';
const secondary =
  'rounded-full border border-line bg-white px-5 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-60';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="font-serif text-xl">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

type Act = (work: (api: ApiClient) => Promise<GrievanceDetail>, done: string) => Promise<boolean>;

/** A reply (mailed to the shopper) or an internal note, checked with the route's schema. */
function MessageForm({ act, busy, ticket }: { act: Act; busy: boolean; ticket: string }) {
  const id = useId();
  // The page shows the server's answer; the form shows its fields' problems.
  const form = useAdminForm(
    grievanceMessageSchema,
    { kind: 'reply', text: '' },
    { invalidMessage: null },
  );
  const kind = useWatch({ control: form.control, name: 'kind' });

  async function submit(message: GrievanceMessageInput) {
    const sent = await act(
      (api) => grievancesApi(api).addMessage(ticket, message),
      message.kind === 'reply' ? 'Reply sent to the shopper.' : 'Note added.',
    );
    if (sent) form.reset({ kind: message.kind, text: '' });
  }

  return (
    <Form form={form} announceProblems onSubmit={submit} className="flex flex-col gap-3">
      <Radios
        name="kind"
        legend="Kind"
        options={[
          { value: 'reply', label: 'Reply to the shopper (mailed)' },
          { value: 'note', label: 'Internal note' },
        ]}
      />
      <TextArea name="text" id={`${id}-text`} label={kind === 'note' ? 'Note' : 'Reply'} rows={3} />
      <div>
        <SubmitButton
          busy={form.busy || busy}
          busyText={kind === 'note' ? 'Add note' : 'Send reply'}
          className={secondary}
        >
          {kind === 'note' ? 'Add note' : 'Send reply'}
        </SubmitButton>
      </div>
    </Form>
  );
}

function ResolveForm({ act, busy, ticket }: { act: Act; busy: boolean; ticket: string }) {
  const id = useId();
  const form = useAdminForm(grievanceResolveSchema, { resolution: '' }, { invalidMessage: null });

  async function submit({ resolution }: GrievanceResolveInput) {
    await act(
      (api) => grievancesApi(api).resolve(ticket, resolution),
      'Resolved: the shopper has been mailed the resolution.',
    );
  }

  return (
    <Form form={form} announceProblems onSubmit={submit} className="flex flex-col gap-3">
      <TextArea
        name="resolution"
        id={`${id}-resolution`}
        label="How was it resolved? (mailed to the shopper)"
        rows={3}
      />
      <div>
        <SubmitButton busy={form.busy || busy} busyText="Resolve" className={primary}>
          Resolve
        </SubmitButton>
      </div>
    </Form>
  );
}

/** /admin/grievances/{ticket}: the shopper's words, the clocks, the thread and the actions. */
export function GrievanceDetailPage({ ticket }: { ticket: string }) {
  const { authed } = useAuth();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const reload = useCallback(() => {
    return authed((api) => grievancesApi(api).detail(ticket))
      .then((grievance) => setLoad({ state: 'ready', grievance }))
      .catch((error) => setLoad({ state: 'failed', message: errorMessage(error) }));
  }, [authed, ticket]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const act: Act = async (work, message) => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      const grievance = await authed(work);
      setLoad({ state: 'ready', grievance });
      setDone(message);
      return true;
    } catch (error) {
      setProblem(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (load.state === 'loading') {
    return (
      <p role="status" className="text-muted">
        Loading the grievance...
      </p>
    );
  }
  if (load.state === 'failed') {
    return (
      <div role="alert" className={card}>
        <p>{load.message}</p>
        <button
          type="button"
          className={`${secondary} mt-3`}
          onClick={() => {
            setLoad({ state: 'loading' });
            void reload();
          }}
        >
          Try Again
        </button>
      </div>
    );
  }
  const { grievance } = load;
  const open = grievance.status !== 'resolved';

  return (
    <section className="flex flex-col gap-5">
      <div>
        <Link to="/admin/grievances" className="text-sm text-brand-700 hover:underline">
          ← Grievances
        </Link>
        <h1 className="mt-2 font-serif text-3xl">{grievance.ticket}</h1>
        <p className="mt-1 text-sm text-muted">
          {grievanceStatusLabels[grievance.status]} · received{' '}
          {formatIndiaDateTime(grievance.createdAt)}
        </p>
      </div>
      {done ? (
        <p role="status" className="rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900">
          {done}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-5">
          <Card title={grievance.subject}>
            <p className="text-sm text-muted">
              {grievanceCategoryLabels[grievance.category]}
              {grievance.orderNumber ? ` · order ${grievance.orderNumber}` : ''}
            </p>
            <p className="mt-3 whitespace-pre-line">{grievance.description}</p>
            <p className="mt-3 break-all text-sm text-muted">
              {grievance.name} · {grievance.email}
              {grievance.phone ? ` · ${grievance.phone}` : ''}
            </p>
          </Card>
          <Card title="Replies and notes">
            {grievance.messages.length === 0 ? (
              <p className="text-sm text-muted">Nothing yet.</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {grievance.messages.map((message) => (
                  <li
                    key={message._id}
                    className={`rounded-xl p-3 text-sm ${message.kind === 'reply' ? 'bg-blush/60' : 'bg-cream'}`}
                  >
                    <p className="text-xs font-semibold uppercase tracking-wide text-muted">
                      {message.kind === 'reply' ? 'Reply to the shopper' : 'Internal note'} ·{' '}
                      {message.author} · {formatIndiaDateTime(message.at)}
                    </p>
                    <p className="mt-1 whitespace-pre-line">{message.text}</p>
                  </li>
                ))}
              </ul>
            )}
            {open ? (
              <div className="mt-4">
                <MessageForm ticket={grievance.ticket} act={act} busy={busy} />
              </div>
            ) : null}
          </Card>
          {grievance.status === 'resolved' ? (
            <Card title="Resolution">
              <p className="whitespace-pre-line">{grievance.resolution}</p>
            </Card>
          ) : null}
        </div>
        <div className="flex flex-col gap-5">
          <Card title="Clocks">
            <GrievanceClocks clocks={grievance.clocks} />
          </Card>
          {open ? (
            <Card title="Actions">
              <div className="flex flex-col gap-4">
                {grievance.status === 'open' ? (
                  <div>
                    <button
                      type="button"
                      disabled={busy}
                      className={primary}
                      onClick={() =>
                        void act(
                          (api) => grievancesApi(api).acknowledge(grievance.ticket),
                          'Acknowledged: the shopper has been mailed.',
                        )
                      }
                    >
                      Acknowledge
                    </button>
                  </div>
                ) : null}
                <ResolveForm act={act} busy={busy} ticket={grievance.ticket} />
              </div>
            </Card>
          ) : null}
        </div>
      </div>
    </section>
  );
}
