import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Order } from '@shop/contracts/orders';
import { orderShopperView } from '@shop/domain/orders';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import { useCart } from '../../lib/cart-store';
import { formatAmount } from '../../lib/format';
import { mediaUrl } from '../../lib/media';
import { DiscountRows, orderDiscountLines } from '../cart/discount-lines';
import { usePayment } from '../checkout/use-payment';
import { Spinner } from '../spinner';
import { CodConfirmBox } from './cod-confirm-box';
import { orderApi } from './order-api';
import { OrderBadge, payByTime, useDueClock } from './order-view';
import { InvoiceLinks } from './invoice-links';

/** The confirmation of a paid order sends the shopper to her orders after this many seconds. */
export const REDIRECT_SECONDS = 10;

const placedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'long', timeStyle: 'short' });

/**
 * /order-success/{orderId}: what was bought, where it goes, and what happens next. An order not
 * paid yet says so (never 'Payment Successful' or 'Total Paid'), offers Pay now while it may
 * still be paid (or the code box of a cash-on-delivery order to confirm), and stays on screen
 * instead of redirecting.
 */
export function OrderSuccessPage({
  orderId,
  initialOrder = null,
}: {
  orderId: string;
  /** The order as the server rendered it (then fetched again here, as before). */
  initialOrder?: Order | null;
}) {
  const { status, user, authed } = useAuth();
  const { reload: reloadCart } = useCart();
  const navigate = useNavigate();
  const { pay, paymentWindow } = usePayment();
  const [state, setState] = useState<{ order?: Order; error?: string }>(
    initialOrder ? { order: initialOrder } : {},
  );
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const [paying, setPaying] = useState(false);
  const [payFailure, setPayFailure] = useState<string | null>(null);

  const fetchOrder = useCallback(
    () => authed((api) => orderApi(api).getOrder(orderId)),
    [authed, orderId],
  );
  useEffect(() => {
    if (status !== 'signed-in') return;
    let live = true;
    fetchOrder()
      .then((order) => live && setState({ order }))
      .catch(
        (error: unknown) =>
          live && setState({ error: errorMessage(error, 'Failed to fetch order details') }),
      );
    return () => {
      live = false;
    };
  }, [status, fetchOrder]);

  const shown = useMemo(() => (state.order ? [state.order] : undefined), [state.order]);
  const now = useDueClock(shown);
  const view = state.order ? orderShopperView(state.order, now) : null;
  // Paid online, or cash on delivery its shopper has confirmed: the order is placed for good.
  const placed = Boolean(view?.paid || state.order?.codConfirmedAt);
  const cashOnDelivery = state.order?.paymentMethod === 'cod';
  const redirects = placed;
  useEffect(() => {
    if (!redirects) return;
    const timer = window.setInterval(() => setSeconds((left) => Math.max(0, left - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [redirects]);
  useEffect(() => {
    if (redirects && seconds === 0) navigate('/profile?tab=orders');
  }, [redirects, seconds, navigate]);

  async function payNow(order: Order) {
    if (paying) return;
    setPaying(true);
    setPayFailure(null);
    try {
      const paid = await pay(order._id, {
        name: order.shippingAddress.name,
        email: user?.email ?? '',
        contact: order.shippingAddress.phone,
      });
      if (paid.outcome === 'paid') await reloadCart().catch(() => undefined);
      if (paid.outcome === 'failed') setPayFailure(paid.message);
      setState({ order: await fetchOrder() });
    } catch (error) {
      setPayFailure(errorMessage(error, 'Failed to initiate payment'));
    }
    setPaying(false);
  }

  const error = status === 'signed-out' ? 'Please login to view your order' : state.error;
  if (error) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-serif text-3xl">Error Loading Order</h1>
        <p className="mt-3 text-muted">{error}</p>
        <Link
          to="/profile"
          className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 font-medium text-white hover:bg-brand-700"
        >
          Go to Orders
        </Link>
      </section>
    );
  }
  const { order } = state;
  if (!order || !view) return <Spinner label="Loading order details..." />;

  const address = order.shippingAddress;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-center font-serif text-3xl">
        {placed
          ? 'Order Placed Successfully!'
          : view.awaitingPayment
            ? 'Order placed, awaiting payment'
            : view.awaitingCodConfirmation
              ? 'Order placed: please confirm it'
              : `Order ${order.orderNumber}`}
      </h1>
      {redirects && (
        <p className="mt-2 text-center text-sm text-muted" aria-live="polite">
          Redirecting to your orders in {seconds} seconds...
        </p>
      )}
      {payFailure && (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-red-600 px-4 py-3 text-sm font-medium text-white"
        >
          {payFailure}
        </p>
      )}
      <div className="mt-8 rounded-2xl border border-line bg-white p-5 md:p-6">
        <div className="flex flex-wrap justify-between gap-2">
          <p>
            Order <strong data-testid="order-number">{order.orderNumber}</strong>
          </p>
          <p className="text-sm text-muted">{placedAt(order.createdAt)}</p>
          <OrderBadge order={order} view={view} />
        </div>
        <ul className="mt-5 divide-y divide-line">
          {order.items.map((item) => (
            <li key={item._id} className="flex items-center gap-3 py-3 text-sm">
              <img
                src={mediaUrl(item.productImage, 150)}
                alt=""
                width={48}
                height={60}
                className="h-15 w-12 rounded bg-cream object-cover"
              />
              <span className="flex-1">
                {item.productName}
                <span className="block text-muted">
                  {item.color.colorName} · Size {item.size.toUpperCase()} · Qty {item.quantity}
                </span>
              </span>
              <span>
                {formatAmount(item.priceAtPurchase)} x {item.quantity} ={' '}
                {formatAmount(item.itemTotal)}
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-4 space-y-1.5 border-t border-line pt-4 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatAmount(order.subtotal)}</dd>
          </div>
          <DiscountRows lines={orderDiscountLines(order)} />
          <div className="flex justify-between">
            <dt>Shipping</dt>
            <dd>{order.shippingCharge === 0 ? 'FREE' : formatAmount(order.shippingCharge)}</dd>
          </div>
          {cashOnDelivery && (
            <div className="flex justify-between">
              <dt>Cash on delivery fee</dt>
              <dd>{formatAmount(order.codFee ?? 0)}</dd>
            </div>
          )}
          {order.taxAmount > 0 && (
            <div className="flex justify-between">
              <dt>Tax</dt>
              <dd>{formatAmount(order.taxAmount)}</dd>
            </div>
          )}
          <div className="flex justify-between text-base font-semibold">
            <dt>{view.paid ? 'Total Paid' : 'Total'}</dt>
            <dd data-testid="total-paid">{formatAmount(order.total)}</dd>
          </div>
        </dl>
        <InvoiceLinks
          orderId={order._id}
          paid={view.paid}
          cancelled={order.status === 'cancelled'}
        />
        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          <div className="text-sm">
            <h2 className="font-semibold">Shipping address</h2>
            <p className="mt-1 text-muted">
              {address.name}
              <br />
              {address.addressLine1}
              {address.addressLine2 && (
                <>
                  <br />
                  {address.addressLine2}
                </>
              )}
              <br />
              {address.city}, {address.state} {address.pinCode}
              <br />
              {address.phone}
            </p>
          </div>
          <div
            className={`rounded-xl p-4 text-sm ${
              placed
                ? 'bg-green-50 text-green-900'
                : view.awaitingPayment || view.awaitingCodConfirmation
                  ? 'bg-amber-50 text-amber-900'
                  : 'bg-cream text-ink'
            }`}
            data-testid="payment-box"
          >
            <h2 className="font-semibold">{view.payment}</h2>
            <p className="mt-1">
              {cashOnDelivery
                ? `${formatAmount(order.total)} to pay on delivery`
                : `${formatAmount(order.total)} via ${order.paymentMethod.toUpperCase()}`}
            </p>
            {view.awaitingCodConfirmation && (
              <CodConfirmBox
                order={order}
                onConfirmed={(confirmed) => setState({ order: confirmed })}
              />
            )}
            {view.awaitingPayment && (
              <>
                <p className="mt-1">
                  Pay by {payByTime(order.paymentDueAt)}, or the order is cancelled.
                </p>
                <button
                  type="button"
                  disabled={paying}
                  onClick={() => void payNow(order)}
                  className="mt-3 rounded-full bg-brand-600 px-5 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
                >
                  {paying ? 'Processing...' : 'Pay now'}
                </button>
              </>
            )}
          </div>
        </div>
      </div>
      {placed && (
        <div className="mt-6 rounded-2xl border border-line bg-white p-5 text-sm">
          <h2 className="font-semibold">What&apos;s Next?</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
            {/* An account made by phone has no e-mail: its updates come to her phone. */}
            <li>
              {user?.email
                ? 'A confirmation email is on its way to you.'
                : 'We will send updates to your phone by WhatsApp or SMS.'}
            </li>
            <li>We will let you know as soon as your order ships.</li>
            <li>You can track your order any time from your profile.</li>
          </ul>
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to="/profile"
          className="rounded-full bg-brand-600 px-6 py-2.5 font-medium text-white hover:bg-brand-700"
        >
          View All Orders
        </Link>
        <Link
          to="/"
          className="rounded-full border border-line bg-white px-6 py-2.5 font-medium hover:border-brand-300"
        >
          Continue Shopping
        </Link>
      </div>
      {paymentWindow}
    </section>
  );
}
