import { useState } from 'react';
import type { OrderStatus, PaymentStatus } from '@shop/domain/orders';
import {
  awaitsNdrAnswer,
  canRequestShipment,
  canShipByHand,
  shipmentStateLabels,
  type NdrAction,
} from '@shop/domain/shipping';
import type { AdminShipment } from '@shop/contracts/shipping';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { TrackingTimeline } from '../../orders/tracking-timeline';
import { formatIndiaDateTime } from '../admin-format';
import { dispatchApi } from '../dispatch/dispatch-api';
import { ShipForm } from '../dispatch/ship-form';
import { saveFile } from '../../../lib/save-file';
import { ordersDeskApi } from '../orders-desk/orders-desk-api';

const primary =
  'rounded-full bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60';
const secondary =
  'rounded-full border border-brand-300 bg-white px-4 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50 disabled:opacity-60';

/**
 * The order's parcel: ship it with the courier, or enter the courier and AWB of a parcel the shop
 * booked itself (the only ways an order becomes shipped), follow its state and scans, and answer
 * a failed delivery (another attempt, or back to the shop) before its deadline.
 */
export function ShipmentPanel({
  order,
  shipment,
  onChanged,
}: {
  order: { _id: string; orderNumber: string; status: OrderStatus; paymentStatus: PaymentStatus };
  shipment: AdminShipment | null;
  onChanged: () => void;
}) {
  const { authed } = useAuth();
  const [busy, setBusy] = useState(false);
  const [byHand, setByHand] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function act(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    setMessage(null);
    try {
      await work();
      setMessage({ ok: true, text: done });
      onChanged();
    } catch (error) {
      setMessage({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  const ship = () =>
    act(
      () => authed((api) => ordersDeskApi(api).requestShipment(order._id)),
      'Shipment requested: the courier assigns the AWB in a moment',
    ).then(() => {
      // The worker books it right after the request: read the AWB back once it has.
      window.setTimeout(onChanged, 1500);
    });
  // Printed once the courier has booked it, the label carries the AWB the queue's could not.
  const label = () =>
    act(async () => {
      const pdf = await authed((api) => dispatchApi(api).labels([order._id]));
      saveFile(pdf, `label-${order.orderNumber}.pdf`);
    }, 'Label downloaded');
  const answer = (id: string, action: NdrAction) =>
    act(
      () => authed((api) => ordersDeskApi(api).answerNdr(id, { action })),
      action === 'rto' ? 'The parcel is coming back to the shop' : 'The courier will try again',
    );

  return (
    <div className="text-sm">
      {shipment ? (
        <>
          <p className="font-medium">{shipmentStateLabels[shipment.state]}</p>
          {shipment.lastError ? (
            <p className="mt-1 break-words text-brand-800">
              {shipment.lastError} ({shipment.attempts} attempts)
            </p>
          ) : null}
          {awaitsNdrAnswer(shipment) && shipment.ndrDeadline ? (
            <div className="mt-3 rounded-xl bg-amber-50 p-3 text-amber-950">
              <p>Answer by {formatIndiaDateTime(shipment.ndrDeadline)}.</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={busy}
                  className={primary}
                  onClick={() => void answer(shipment._id, 're-attempt')}
                >
                  Re-attempt delivery
                </button>
                <button
                  type="button"
                  disabled={busy}
                  className={secondary}
                  onClick={() => void answer(shipment._id, 'rto')}
                >
                  Return to the shop
                </button>
              </div>
            </div>
          ) : null}
          {shipment.awb ? (
            <button
              type="button"
              disabled={busy}
              className={`${secondary} mt-3`}
              onClick={() => void label()}
            >
              Label (PDF)
            </button>
          ) : null}
          <TrackingTimeline tracking={shipment} />
        </>
      ) : (
        <p className="text-muted">Not shipped yet.</p>
      )}
      {canRequestShipment(order, shipment) || canShipByHand(order, shipment) ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {canRequestShipment(order, shipment) ? (
            <button type="button" disabled={busy} className={primary} onClick={() => void ship()}>
              Ship with the courier
            </button>
          ) : null}
          {canShipByHand(order, shipment) && !byHand ? (
            <button
              type="button"
              disabled={busy}
              className={secondary}
              onClick={() => setByHand(true)}
            >
              Enter courier and AWB
            </button>
          ) : null}
        </div>
      ) : null}
      {byHand && canShipByHand(order, shipment) ? (
        <ShipForm
          order={order}
          onCancel={() => setByHand(false)}
          onShipped={(text) => {
            setByHand(false);
            setMessage({ ok: true, text });
            onChanged();
          }}
        />
      ) : null}
      <div aria-live="polite">
        {message ? (
          <p className={`mt-2 ${message.ok ? 'text-green-800' : 'text-brand-800'}`}>
            {message.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
