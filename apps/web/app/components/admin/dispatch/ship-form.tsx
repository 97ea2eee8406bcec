import { useEffect } from 'react';
import { shipOrderSchema, type ShipOrder } from '@shop/contracts/dispatch';
import { useAuth } from '../../../lib/auth-session';
import { Field, Form, FormError, SubmitButton } from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';
import { dispatchApi } from './dispatch-api';

/** Couriers offered as suggestions; any other name may be typed. */
const COURIERS = ['Delhivery', 'Blue Dart', 'DTDC', 'Ekart', 'XpressBees', 'India Post'];

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
  const form = useAdminForm(shipOrderSchema, { courier: '', awb: '' }, { invalidMessage: null });
  const idOf = (name: string) => `ship-${order._id}-${name}`;
  const { setFocus } = form;

  // The form opens above the queue, away from the button that asked for it: bring it to her.
  useEffect(() => {
    setFocus('courier');
  }, [setFocus]);

  async function submit(values: ShipOrder) {
    await authed((api) => dispatchApi(api).ship(order._id, values));
    onShipped(`${order.orderNumber} shipped with ${values.courier}, AWB ${values.awb}`);
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-label={`Ship order ${order.orderNumber}`}
      className="mt-3 grid gap-3 rounded-xl border border-brand-200 bg-cream p-3 sm:grid-cols-[1fr_1fr_auto]"
    >
      <div>
        <Field
          name="courier"
          id={idOf('courier')}
          label="Courier"
          list={idOf('couriers')}
          autoComplete="off"
        />
        <datalist id={idOf('couriers')}>
          {COURIERS.map((courier) => (
            <option key={courier} value={courier} />
          ))}
        </datalist>
      </div>
      <Field
        name="awb"
        id={idOf('awb')}
        label="AWB (tracking number)"
        autoComplete="off"
        hint="6 to 30 letters or digits"
      />
      <div className="flex items-end gap-2">
        <SubmitButton
          busy={form.busy}
          className="rounded-full bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50"
        >
          Mark shipped
        </SubmitButton>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-full border border-line bg-white px-4 py-2 text-sm font-medium"
        >
          Cancel
        </button>
      </div>
      {form.status?.message ? (
        <FormError status={form.status} className="text-sm text-brand-800 sm:col-span-3" />
      ) : null}
    </Form>
  );
}
