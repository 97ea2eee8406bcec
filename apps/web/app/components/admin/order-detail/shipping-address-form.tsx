import { useCallback, useState, type SetStateAction } from 'react';
import { useWatch } from 'react-hook-form';
import type { Order } from '@shop/contracts/orders';
import { orderAddressSchema, type OrderAddressInput } from '@shop/contracts/order-actions';
import type { AdminShipment } from '@shop/contracts/shipping';
import { PHONE_INPUT_MAX_LENGTH } from '@shop/domain/contact-details';
import { addressEditCheck } from '@shop/domain/order-actions';
import { statusLabel } from '@shop/domain/orders';
import { useAuth } from '../../../lib/auth-session';
import { usePinAutofill } from '../../checkout/use-pin-autofill';
import { Field, Form, SubmitButton } from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';
import {
  ActionMessage,
  primaryButton,
  secondaryButton,
  type ActionOutcome,
} from './action-message';
import { orderActionsApi } from './order-actions-api';

type Address = Order['shippingAddress'];

/** The address form, checked with the checkout's schema (the route's); `save` throws a refusal. */
function AddressEditor({
  address,
  save,
  onKeep,
}: {
  address: Address;
  save: (address: Address) => Promise<void>;
  onKeep: () => void;
}) {
  const form = useAdminForm(orderAddressSchema, { ...address }, { invalidMessage: null });
  const { control, getValues, setValue } = form;
  const values = useWatch({ control }) as OrderAddressInput;
  // A typed PIN fills city and state, as at checkout.
  const setPlace = useCallback(
    (update: SetStateAction<OrderAddressInput>) => {
      const current = getValues();
      const next = typeof update === 'function' ? update(current) : update;
      if (next === current) return;
      setValue('city', next.city);
      setValue('state', next.state);
    },
    [getValues, setValue],
  );
  const pin = usePinAutofill(values, setPlace).pinField({
    onChange: () => undefined,
    error: undefined,
  });
  return (
    <Form
      form={form}
      onSubmit={save}
      className="grid gap-3"
      aria-label="Change the shipping address"
    >
      <Field name="name" label="Full name" autoComplete="off" />
      <Field name="addressLine1" label="Address line 1" autoComplete="off" />
      <Field
        name="addressLine2"
        label={
          <>
            Address line 2 <span className="font-normal text-muted">(optional)</span>
          </>
        }
        autoComplete="off"
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <Field name="city" label="City" autoComplete="off" />
        <Field name="state" label="State" autoComplete="off" />
        <Field
          name="pinCode"
          label="PIN code"
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          onChange={pin.onChange}
        />
        <Field
          name="phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          maxLength={PHONE_INPUT_MAX_LENGTH}
          autoComplete="off"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={form.busy} className={primaryButton}>
          Save address
        </SubmitButton>
        <button type="button" onClick={onKeep} className={secondaryButton}>
          Keep the address
        </button>
      </div>
      {form.status?.message ? (
        <ActionMessage outcome={{ ok: form.status.ok, text: form.status.message }} />
      ) : null}
    </Form>
  );
}

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
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const check = addressEditCheck(
    { status: order.status, statusLabel: statusLabel(order.status).toLowerCase() },
    shipment ? [{ state: shipment.state }] : [],
  );

  async function save(changed: Address) {
    setOutcome(null);
    await authed((api) => orderActionsApi(api).changeAddress(order._id, changed));
    setOutcome({ ok: true, text: 'Shipping address changed' });
    setEditing(false);
    onChanged();
  }

  if (editing) {
    return <AddressEditor address={address} save={save} onKeep={() => setEditing(false)} />;
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
