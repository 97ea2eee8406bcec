import { useEffect, useRef, useState, type FormEvent } from 'react';
import { shipOrderSchema } from '@shop/contracts/dispatch';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { dispatchApi } from './dispatch-api';

/** Couriers offered as suggestions; any other name may be typed. */
const COURIERS = ['Delhivery', 'Blue Dart', 'DTDC', 'Ekart', 'XpressBees', 'India Post'];

const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';

/**
 * "Mark shipped" for one order: the courier and its AWB, checked with the route's own schema
 * before the call, then the order moves to shipped on the server.
 */
export function ShipForm({
  order,
  onShipped,
  onCancel,
}: {
  order: { _id: string; orderNumber: string };
  onShipped: (message: string) => void;
  onCancel: () => void;
}) {
  const { authed } = useAuth();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const idOf = (name: string) => `ship-${order._id}-${name}`;
  const courierInput = useRef<HTMLInputElement>(null);

  // The form opens above the queue, away from the button that asked for it: bring it to her.
  useEffect(() => {
    courierInput.current?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = shipOrderSchema.safeParse({
      courier: String(form.get('courier') ?? ''),
      awb: String(form.get('awb') ?? ''),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((issue) => issue.message).join('. '));
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      await authed((api) => dispatchApi(api).ship(order._id, parsed.data));
      onShipped(`${order.orderNumber} shipped with ${parsed.data.courier}, AWB ${parsed.data.awb}`);
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      aria-label={`Ship order ${order.orderNumber}`}
      className="mt-3 grid gap-3 rounded-xl border border-brand-200 bg-cream p-3 sm:grid-cols-[1fr_1fr_auto]"
      noValidate
    >
      <div>
        <label htmlFor={idOf('courier')} className="block text-sm font-medium">
          Courier
        </label>
        <input
          ref={courierInput}
          id={idOf('courier')}
          name="courier"
          list={idOf('couriers')}
          autoComplete="off"
          required
          className={field}
        />
        <datalist id={idOf('couriers')}>
          {COURIERS.map((courier) => (
            <option key={courier} value={courier} />
          ))}
        </datalist>
      </div>
      <div>
        <label htmlFor={idOf('awb')} className="block text-sm font-medium">
          AWB (tracking number)
        </label>
        <input
          id={idOf('awb')}
          name="awb"
          autoComplete="off"
          required
          pattern="[A-Za-z0-9]{6,30}"
          aria-describedby={idOf('awb-hint')}
          className={field}
        />
        <p id={idOf('awb-hint')} className="mt-1 text-xs text-muted">
          6 to 30 letters or digits
        </p>
      </div>
      <div className="flex items-end gap-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50"
        >
          {busy ? 'Saving...' : 'Mark shipped'}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-full border border-line bg-white px-4 py-2 text-sm font-medium"
        >
          Cancel
        </button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-brand-800 sm:col-span-3">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
