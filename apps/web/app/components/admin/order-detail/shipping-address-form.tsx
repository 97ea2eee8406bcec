import { useState } from 'react';
import type { Order } from '@shop/contracts/orders';
import { orderAddressSchema } from '@shop/contracts/order-actions';
import type { AdminShipment } from '@shop/contracts/shipping';
import { PHONE_INPUT_MAX_LENGTH } from '@shop/domain/contact-details';
import { addressEditCheck } from '@shop/domain/order-actions';
import { statusLabel } from '@shop/domain/orders';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { TextField, useSchemaForm } from '../../account/schema-form';
import { usePinAutofill } from '../../checkout/use-pin-autofill';
import {
  ActionMessage,
  primaryButton,
  secondaryButton,
  type ActionOutcome,
} from './action-message';
import { orderActionsApi } from './order-actions-api';

type Address = Order['shippingAddress'];
type Field = keyof Address;

/**
 * Where the order goes, and a form to change it before dispatch with the checkout's own rules
 * (the same schema as checkout and the route). Once a courier is asked for the order, or it has
 * left, the screen says why it can no longer change.
 */
export function ShippingAddressForm({
  order,
  shipment,
  onChanged,
}: {
  order: Order;
  shipment: AdminShipment | null;
  onChanged: () => void;
}) {
  const { authed } = useAuth();
  const address = order.shippingAddress;
  const form = useSchemaForm<Field>({ ...address });
  // A typed PIN fills city and state, as at checkout.
  const pinAutofill = usePinAutofill(form.values, form.setValues);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const check = addressEditCheck(
    { status: order.status, statusLabel: statusLabel(order.status).toLowerCase() },
    shipment ? [{ state: shipment.state }] : [],
  );

  async function save() {
    const parsed = form.check(orderAddressSchema);
    if (!parsed) return;
    setBusy(true);
    setOutcome(null);
    try {
      await authed((api) => orderActionsApi(api).changeAddress(order._id, parsed));
      setOutcome({ ok: true, text: 'Shipping address changed' });
      setEditing(false);
      onChanged();
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  if (editing) {
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        className="grid gap-3"
        aria-label="Change the shipping address"
      >
        <TextField {...form.field('name')} label="Full name" autoComplete="off" />
        <TextField {...form.field('addressLine1')} label="Address line 1" autoComplete="off" />
        <TextField
          {...form.field('addressLine2')}
          label="Address line 2"
          hint="(optional)"
          autoComplete="off"
        />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <TextField {...form.field('city')} label="City" autoComplete="off" />
          <TextField {...form.field('state')} label="State" autoComplete="off" />
          <TextField
            {...pinAutofill.pinField(form.field('pinCode'))}
            label="PIN code"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
          />
          <TextField
            {...form.field('phone')}
            label="Phone"
            type="tel"
            inputMode="tel"
            maxLength={PHONE_INPUT_MAX_LENGTH}
            autoComplete="off"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? 'Saving...' : 'Save address'}
          </button>
          <button
            type="button"
            onClick={() => {
              setEditing(false);
              form.reset({ ...address });
            }}
            className={secondaryButton}
          >
            Keep the address
          </button>
        </div>
        <ActionMessage outcome={outcome} />
      </form>
    );
  }

  return (
    <div>
      <address className="text-sm not-italic">
        {address.name}
        <br />
        {address.addressLine1}
        {address.addressLine2 ? (
          <>
            <br />
            {address.addressLine2}
          </>
        ) : null}
        <br />
        {address.city}, {address.state} {address.pinCode}
        <br />
        {address.phone}
      </address>
      {check.ok ? (
        <button
          type="button"
          onClick={() => {
            form.reset({ ...address });
            setOutcome(null);
            setEditing(true);
          }}
          className={`${secondaryButton} mt-3`}
        >
          Edit address
        </button>
      ) : (
        <p className="mt-2 text-sm text-muted">{check.message}</p>
      )}
      <ActionMessage outcome={outcome} />
    </div>
  );
}
