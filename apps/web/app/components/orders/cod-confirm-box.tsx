import { useState, type FormEvent } from 'react';
import type { Order } from '@shop/contracts/orders';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import { orderApi } from './order-api';

/** The deadline is a day away: its date as well as its time (26 Nov 2026, 11:40 pm). */
const confirmBy = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  });

/**
 * A cash-on-delivery order waiting for its shopper: the 6-digit code we sent confirms it (by
 * e-mail, and by WhatsApp or SMS; an account made by phone has no e-mail, so it says the phone).
 * Until then nothing is packed, and past its deadline the order is cancelled.
 */
export function CodConfirmBox({
  order,
  onConfirmed,
}: {
  order: Order;
  onConfirmed: (order: Order) => void;
}) {
  const { authed, user } = useAuth();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = `cod-code-${order._id}`;

  async function confirm(event: FormEvent) {
    event.preventDefault();
    // The code's rule (the API's schema, and zod with it) loads when she confirms, not with the
    // order page.
    const { codConfirmSchema } = await import('@shop/contracts/orders');
    const parsed = codConfirmSchema.safeParse({ code });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onConfirmed(await authed((api) => orderApi(api).confirmCod(order._id, parsed.data.code)));
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to confirm the order'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={confirm} noValidate className="mt-3" aria-label="Confirm cash on delivery">
      <p>
        Enter the 6-digit code we {user?.email ? 'emailed you' : 'sent to your phone'} by{' '}
        {confirmBy(order.paymentDueAt)} to confirm this order.
      </p>
      <label htmlFor={inputId} className="mt-2 block font-medium">
        Confirmation code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          className="w-32 rounded-xl border border-line bg-white px-3 py-2 tracking-widest"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-brand-600 px-5 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? 'Confirming...' : 'Confirm order'}
        </button>
      </div>
      {problem && (
        <p id={`${inputId}-problem`} role="alert" className="mt-2 text-red-800">
          {problem}
        </p>
      )}
    </form>
  );
}
