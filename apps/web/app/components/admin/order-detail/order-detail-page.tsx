import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderDeskDetail } from '@shop/contracts/orders-desk';
import { statusLabel } from '@shop/domain/orders';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { imageWidths } from '../../../lib/media';
import { ResponsiveImage } from '../../responsive-image';
import { formatIndiaDateTime, formatRupees, stateWords } from '../admin-format';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { NotesBox } from '../notes/notes-box';
import { ordersDeskApi } from '../orders-desk/orders-desk-api';
import { RefundPanel } from './refund-panel';
import { CodConfirmation } from './cod-confirmation';
import { ResendConfirmation } from './resend-confirmation';
import { ShipmentPanel } from './shipment-panel';
import { MessageTimeline } from '../../orders/message-timeline';
import { ShippingAddressForm } from './shipping-address-form';
import { StatusMoves } from './status-moves';

const card = 'rounded-2xl border border-line bg-white p-4 md:p-5';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="font-serif text-xl">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="text-sm text-muted">{text}</p>;
}

/** /admin/orders/{id}: the order loads before the screen shows. */
export const orderLoader = screenLoader((api: ApiClient, params) =>
  ordersDeskApi(api).detail(params.orderId ?? ''),
);

/** /admin/orders/{id}: the whole order, what happened to it, its moves and internal notes. */
export function OrderDetailPage() {
  const { authed } = useAuth();
  // Each action reloads the order with it in view, its message beside it.
  const { load, reload } = useScreenData<OrderDeskDetail>({ quiet: true });

  if (load.state === 'loading') {
    return (
      <p role="status" className="py-12 text-center text-muted">
        Loading the order...
      </p>
    );
  }
  if (load.state === 'failed') {
    return (
      <section className="py-12 text-center">
        <h1 className="font-serif text-2xl">{load.message}</h1>
        <Link to="/admin/orders" className="mt-4 inline-block text-brand-700 hover:underline">
          Back to orders
        </Link>
      </section>
    );
  }

  const { order, customer, payments, notes, timeline, needsAttention, shippedBy } = load.data;
  return (
    <div className="flex flex-col gap-5">
      <div>
        <Link to="/admin/orders" className="text-sm text-brand-700 hover:underline">
          ← Orders
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="font-serif text-3xl">Order {order.orderNumber}</h1>
          <span className="rounded-full bg-blush px-3 py-1 text-xs font-semibold text-brand-800">
            {statusLabel(order.status)}
          </span>
          <span className="rounded-full bg-blush px-3 py-1 text-xs font-semibold text-brand-800">
            Payment: {stateWords(order.paymentStatus)}
          </span>
        </div>
        <p className="mt-1 text-sm text-muted">
          Placed {formatIndiaDateTime(order.createdAt)} · {formatRupees(order.total)}
        </p>
      </div>
      {needsAttention ? (
        <p
          role="note"
          className="rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          Needs attention: a payment held for review or a refund that failed. Check the payments and
          refunds below.
        </p>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          <Card title="Items">
            <ul className="divide-y divide-line">
              {order.items.map((item) => (
                <li key={item._id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
                  <ResponsiveImage
                    src={item.productImage}
                    alt=""
                    width={56}
                    height={70}
                    widths={imageWidths.thumbnail}
                    sizes="56px"
                    className="h-[70px] w-14 shrink-0 rounded-lg bg-blush object-cover"
                  />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium">{item.productName}</p>
                    <p className="text-muted">
                      {item.color.colorName} · Size {item.size} · Qty {item.quantity}
                    </p>
                  </div>
                  <div className="text-right text-sm">
                    <p className="font-medium">{formatRupees(item.itemTotal)}</p>
                    <p className="text-muted">{formatRupees(item.priceAtPurchase)} each</p>
                  </div>
                </li>
              ))}
            </ul>
            <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-line pt-3 text-sm">
              <dt className="text-muted">Subtotal</dt>
              <dd className="text-right">{formatRupees(order.subtotal)}</dd>
              {order.discounts.map((discount) => (
                <div key={discount.code} className="contents">
                  <dt className="text-muted">Code {discount.code}</dt>
                  <dd className="text-right">−{formatRupees(discount.amount)}</dd>
                </div>
              ))}
              <dt className="text-muted">Shipping</dt>
              <dd className="text-right">{formatRupees(order.shippingCharge)}</dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold">{formatRupees(order.total)}</dd>
            </dl>
          </Card>

          <Card title="Payments">
            {payments.length === 0 ? (
              <Empty text="No payment was started." />
            ) : (
              <ul className="space-y-3 text-sm">
                {payments.map((payment) => (
                  <li key={payment._id} className="rounded-xl bg-cream p-3">
                    <p className="font-medium">
                      {formatRupees(payment.amount)} · {payment.status} · {payment.provider}
                      {payment.method ? ` · ${payment.method}` : ''}
                    </p>
                    <p className="break-all text-muted">
                      Order {payment.providerOrderId}
                      {payment.providerPaymentId ? ` · Payment ${payment.providerPaymentId}` : ''}
                    </p>
                    {payment.failureReason ? (
                      <p className="text-brand-800">{payment.failureReason}</p>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>

          {/* Every parcel, the courier's or one typed by hand, is on the Shipment card; an order
              marked shipped by hand before parcels were recorded has only its courier and AWB. */}
          {shippedBy && !load.data.shipment ? (
            <Card title="Shipped by hand">
              <p className="text-sm">
                {shippedBy.courier} · AWB <span className="font-medium">{shippedBy.awb}</span>
              </p>
            </Card>
          ) : null}

          <Card title="Refunds">
            <RefundPanel detail={load.data} onRefunded={reload} />
          </Card>

          <Card title="Returns">
            {order.returns.length === 0 ? (
              <Empty text="Nothing was asked back." />
            ) : (
              <ul className="space-y-2 text-sm">
                {order.returns.map((line) => (
                  <li key={line._id}>
                    {line.quantity} × {line.productName}: {line.stateLabel}
                    {line.exchangeFor
                      ? ` (for ${line.exchangeFor.colorName}, size ${line.exchangeFor.size})`
                      : ''}{' '}
                    <Link
                      to={`/admin/returns/${line._id}`}
                      // Underlined: it sits in a sentence, where colour alone does not mark it.
                      className="text-brand-700 underline"
                    >
                      Open in the returns desk
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <Card title="Timeline">
            <ol className="relative space-y-3 border-l border-brand-200 pl-4 text-sm">
              {timeline.map((entry, index) => (
                <li key={`${entry.at}-${index}`}>
                  <p className="font-medium">{entry.title}</p>
                  <p className="text-muted">{formatIndiaDateTime(entry.at)}</p>
                  {entry.detail ? (
                    <p className="whitespace-pre-line break-words">{entry.detail}</p>
                  ) : null}
                </li>
              ))}
            </ol>
          </Card>
        </div>

        {/* On phones the moves, customer and notes come first: they are what the shop acts on. */}
        <div className="order-first flex min-w-0 flex-col gap-5 lg:order-none">
          <Card title="Move this order">
            <StatusMoves orderId={order._id} status={order.status} onMoved={reload} />
          </Card>
          <Card title="Shipment">
            <ShipmentPanel order={order} shipment={load.data.shipment} onChanged={reload} />
          </Card>
          {order.messages && order.messages.length > 0 && (
            <Card title="Messages to her phone">
              <MessageTimeline messages={order.messages} heading={null} />
            </Card>
          )}
          <Card title="Customer">
            <p className="font-medium">
              <Link
                to={`/admin/customers/${customer._id}`}
                className="text-brand-700 hover:underline"
              >
                {customer.name}
              </Link>
            </p>
            <p className="break-all text-sm">{customer.email}</p>
            <p className="text-sm">{customer.phone}</p>
            <h3 className="mt-3 text-sm font-semibold">Ship to</h3>
            <ShippingAddressForm order={order} shipment={load.data.shipment} onChanged={reload} />
            {order.notes ? (
              <>
                <h3 className="mt-3 text-sm font-semibold">Shopper&apos;s note</h3>
                <p className="whitespace-pre-line text-sm">{order.notes}</p>
              </>
            ) : null}
          </Card>
          {order.paymentMethod === 'cod' ? (
            <Card title="Cash on delivery">
              <CodConfirmation order={order} onChanged={reload} />
            </Card>
          ) : null}
          <Card title="Confirmation mail">
            <ResendConfirmation order={order} onSent={reload} />
          </Card>
          <Card title="Internal notes">
            <NotesBox
              fieldId="order-note"
              notes={notes}
              add={(note) => authed((api) => ordersDeskApi(api).addNote(order._id, note))}
              onAdded={reload}
            />
          </Card>
        </div>
      </div>
    </div>
  );
}
