import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useWatch } from 'react-hook-form';
import type { ReturnParcel } from '@shop/contracts/orders';
import {
  returnCheckSchema,
  returnDeclineSchema,
  type ReturnCheckInput,
  type ReturnDeclineInput,
  type ReturnsDeskLine,
} from '@shop/contracts/returns-desk';
import type { ReturnStep } from '@shop/domain/returns';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDateTime, formatRupees, stateWords } from '../admin-format';
import { Form, SubmitButton, TextArea } from '../form-kit/fields';
import { Radios } from '../form-kit/radios';
import { useAdminForm } from '../form-kit/use-admin-form';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { ReturnItem, ReturnStateBadge } from './return-line-parts';
import { returnsApi } from './returns-api';

type Take = (step: ReturnStep, body?: ReturnDeclineInput | ReturnCheckInput) => Promise<boolean>;

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

function ParcelText({ parcel }: { parcel: ReturnParcel }) {
  return (
    <>
      {parcel.courier ? `${parcel.courier}, ` : ''}AWB{' '}
      {parcel.trackingUrl ? (
        <a
          href={parcel.trackingUrl}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-brand-700 underline"
        >
          {parcel.awb}
        </a>
      ) : (
        <span className="font-medium">{parcel.awb}</span>
      )}
    </>
  );
}

/** A step taken with one click, with the words that say what it does. */
function StepButton({
  step,
  take,
  busy,
  children,
  tone = 'primary',
}: {
  step: ReturnStep;
  take: Take;
  busy: boolean;
  children: ReactNode;
  tone?: 'primary' | 'secondary';
}) {
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => void take(step)}
      className={tone === 'primary' ? primary : secondary}
    >
      {children}
    </button>
  );
}

function DeclineForm({ take, busy }: { take: Take; busy: boolean }) {
  const fieldId = useId();
  // The page shows the server's answer; the form shows its field's problem.
  const form = useAdminForm(returnDeclineSchema, { reason: '' }, { invalidMessage: null });

  async function submit(body: ReturnDeclineInput) {
    if (await take('decline', body)) form.reset({ reason: '' });
  }

  return (
    <Form form={form} announceProblems onSubmit={submit} className="mt-4 border-t border-line pt-4">
      <TextArea
        name="reason"
        id={fieldId}
        label="Decline instead: the reason (the shopper reads it)"
        rows={2}
        maxLength={500}
      />
      <SubmitButton busy={form.busy || busy} busyText="Decline" className={`${secondary} mt-2`}>
        Decline
      </SubmitButton>
    </Form>
  );
}

function CheckForm({ line, take, busy }: { line: ReturnsDeskLine; take: Take; busy: boolean }) {
  const noteId = useId();
  const form = useAdminForm(
    returnCheckSchema,
    { passed: null as unknown as boolean, note: '' },
    { invalidMessage: null },
  );
  const passed = useWatch({ control: form.control, name: 'passed' });

  async function submit(check: ReturnCheckInput) {
    await take(check.passed ? 'passCheck' : 'failCheck', check);
  }

  return (
    <Form form={form} announceProblems onSubmit={submit}>
      <Radios
        name="passed"
        legend={`Quality check: ${line.checkRule}`}
        legendClassName="text-sm font-medium"
        className=""
        options={[
          { value: true, label: 'Passed: tags on, unworn' },
          { value: false, label: 'Failed: decline it and send it back' },
        ]}
      >
        {(radios) => (
          <div className="mt-2 flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">{radios}</div>
        )}
      </Radios>
      <TextArea
        name="note"
        id={noteId}
        className="mt-3"
        label={`Note ${passed === false ? '(the shopper reads it)' : '(optional)'}`}
        rows={2}
        maxLength={1000}
      />
      <SubmitButton
        busy={form.busy || busy}
        busyText="Record the check"
        className={`${primary} mt-2`}
      >
        Record the check
      </SubmitButton>
    </Form>
  );
}

/** The steps the line can take now, each with what it does. */
function NextSteps({ line, take, busy }: { line: ReturnsDeskLine; take: Take; busy: boolean }) {
  const has = (step: ReturnStep) => line.steps.includes(step);
  if (line.steps.length === 0) {
    return <p className="text-sm text-muted">Nothing left to do: this line is settled.</p>;
  }
  const wanted = line.exchangeFor
    ? `${line.exchangeFor.colorName}, size ${line.exchangeFor.size.toUpperCase()}`
    : '';
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {has('approve') ? (
          <StepButton step="approve" take={take} busy={busy}>
            Approve
          </StepButton>
        ) : null}
        {has('schedulePickup') ? (
          <StepButton step="schedulePickup" take={take} busy={busy}>
            Book the reverse pickup
          </StepButton>
        ) : null}
        {has('receive') ? (
          <StepButton
            step="receive"
            take={take}
            busy={busy}
            tone={has('schedulePickup') ? 'secondary' : 'primary'}
          >
            Mark received
          </StepButton>
        ) : null}
        {has('restock') ? (
          <StepButton step="restock" take={take} busy={busy}>
            Restock {line.colorName}, size {line.size.toUpperCase()}
          </StepButton>
        ) : null}
        {has('refund') ? (
          <StepButton step="refund" take={take} busy={busy}>
            Refund {formatRupees(line.refundQuote ?? 0)}
          </StepButton>
        ) : null}
        {has('shipReplacement') ? (
          <StepButton step="shipReplacement" take={take} busy={busy}>
            Ship the replacement ({wanted})
          </StepButton>
        ) : null}
        {has('sendBack') ? (
          <StepButton step="sendBack" take={take} busy={busy}>
            Send the item back to the shopper
          </StepButton>
        ) : null}
      </div>
      {has('schedulePickup') ? (
        <p className="text-sm text-muted">The courier collects it from: {line.address}</p>
      ) : null}
      {has('refund') && line.refundNeedsOwner ? (
        <p className="text-sm text-muted">
          This refund would take staff&apos;s refunds of this order above the limit: only an owner
          can give it.
        </p>
      ) : null}
      {has('passCheck') ? <CheckForm line={line} take={take} busy={busy} /> : null}
      {has('decline') ? <DeclineForm take={take} busy={busy} /> : null}
    </div>
  );
}

function Progress({ line }: { line: ReturnsDeskLine }) {
  const entries: { at: string | null; title: string; detail?: ReactNode }[] = [
    { at: line.requestedAt, title: 'Requested', detail: line.reason ?? undefined },
    { at: line.approvedAt, title: 'Approved' },
    {
      at: line.pickupScheduledAt,
      title: 'Pickup booked',
      detail: line.pickup ? <ParcelText parcel={line.pickup} /> : undefined,
    },
    { at: line.pickedUpAt, title: 'Picked up by the courier' },
    { at: line.receivedAt, title: 'Received' },
    {
      at: line.checkedAt,
      // A failed check declines the line as it is checked.
      title: line.declinedAt && line.checkedAt ? 'Check failed' : 'Checked',
      detail: line.checkNote ?? undefined,
    },
    { at: line.restockedAt, title: 'Restocked' },
    {
      at: line.refund ? (line.restockedAt ?? line.checkedAt) : null,
      title: 'Refund',
      detail: line.refund
        ? `${formatRupees(line.refund.amount)}, ${stateWords(line.refund.state)}`
        : undefined,
    },
    {
      at: line.shippedAt,
      title: line.action === 'exchange' && !line.declinedAt ? 'Replacement shipped' : 'Sent back',
      detail: line.parcel ? <ParcelText parcel={line.parcel} /> : undefined,
    },
    {
      // Declined before its items came back (a failed check is told above).
      at: line.checkedAt ? null : line.declinedAt,
      title: 'Declined',
      detail: line.declineReason ?? undefined,
    },
  ];
  return (
    <ol className="space-y-3 text-sm">
      {entries
        .filter((entry) => entry.at !== null)
        .map((entry) => (
          <li key={entry.title}>
            <p className="font-medium">
              {entry.title}{' '}
              <span className="font-normal text-muted">{formatIndiaDateTime(entry.at!)}</span>
            </p>
            {entry.detail ? <p className="break-words text-muted">{entry.detail}</p> : null}
          </li>
        ))}
    </ol>
  );
}

/** /admin/returns/{lineId}: the line loads before the screen shows. */
export const returnLoader = screenLoader((api: ApiClient, params) =>
  returnsApi(api).detail(params.lineId ?? ''),
);

/** /admin/returns/{lineId}: one exchange or return line, its next steps and what happened. */
export function ReturnDetailPage({ lineId }: { lineId: string }) {
  const { authed } = useAuth();
  const { load, reload } = useScreenData<ReturnsDeskLine>();
  // A step's answer replaces the loaded line.
  const [taken, setTaken] = useState<ReturnsDeskLine | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const take: Take = async (step, body) => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      const line = await authed((api) => returnsApi(api).take(lineId, step, body));
      setTaken(line);
      setDone(`Done: the line is now ${stateWords(line.state)}.`);
      return true;
    } catch (error) {
      setProblem(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const line = taken ?? (load.state === 'ready' ? load.data : null);
  if (!line && load.state === 'failed') {
    return (
      <div role="alert" className="rounded-2xl border border-line bg-white p-6 text-center">
        <p>{load.message}</p>
        <button type="button" className={`${secondary} mt-3`} onClick={reload}>
          Try Again
        </button>
      </div>
    );
  }
  if (!line) {
    return (
      <p role="status" className="py-12 text-center text-muted">
        Loading the return...
      </p>
    );
  }
  return (
    <section className="flex flex-col gap-5">
      <div>
        <Link to="/admin/returns" className="text-sm font-medium text-brand-700 hover:underline">
          ← Returns
        </Link>
        <h1 className="mt-2 font-serif text-3xl">
          {line.action === 'exchange' ? 'Exchange' : 'Return'}: {line.productName}
        </h1>
        <p className="mt-1 text-sm text-muted">
          Order{' '}
          <Link
            to={`/admin/orders/${line.orderId}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {line.orderNumber}
          </Link>{' '}
          · {line.customer.name} · {line.customer.email} · {line.customer.phone}
        </p>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          <Card title="The item">
            <div className="flex flex-wrap items-start justify-between gap-3 text-sm">
              <ReturnItem line={line} />
              <ReturnStateBadge line={line} />
            </div>
            <p className="mt-3 rounded-xl bg-cream p-3 text-sm">
              <span className="font-medium">Check on arrival:</span> {line.checkRule}
            </p>
            {line.declineReason ? (
              <p className="mt-2 text-sm">
                <span className="font-medium">Why it was refused:</span> {line.declineReason}
              </p>
            ) : null}
          </Card>
          <Card title="Next step">
            <div aria-live="polite">
              {problem ? (
                <p role="alert" className="mb-3 rounded-xl bg-red-50 p-3 text-sm text-red-900">
                  {problem}
                </p>
              ) : null}
              {done ? <p className="mb-3 text-sm text-green-800">{done}</p> : null}
            </div>
            <NextSteps line={line} take={take} busy={busy} />
          </Card>
        </div>
        <Card title="Progress">
          <Progress line={line} />
        </Card>
      </div>
    </section>
  );
}
