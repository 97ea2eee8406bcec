import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Order } from '@shop/contracts/orders';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import { formatPrice } from '../../lib/format';
import { mediaUrl } from '../../lib/media';
import { Spinner } from '../spinner';

/** The confirmation sends the shopper to her orders after this many seconds. */
export const REDIRECT_SECONDS = 10;

const placedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'long', timeStyle: 'short' });

/** /order-success/{orderId}: what was bought, where it goes, and what happens next. */
export function OrderSuccessPage({ orderId }: { orderId: string }) {
  const { status, authed } = useAuth();
  const navigate = useNavigate();
  const [state, setState] = useState<{ order?: Order; error?: string }>({});
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);

  useEffect(() => {
    if (status !== 'signed-in') return;
    let live = true;
    authed((api) => api.getOrder(orderId))
      .then((order) => live && setState({ order }))
      .catch(
        (error: unknown) =>
          live && setState({ error: errorMessage(error, 'Failed to fetch order details') }),
      );
    return () => {
      live = false;
    };
  }, [status, orderId, authed]);

  const loaded = Boolean(state.order);
  useEffect(() => {
    if (!loaded) return;
    const timer = window.setInterval(() => setSeconds((left) => Math.max(0, left - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [loaded]);
  useEffect(() => {
    if (loaded && seconds === 0) navigate('/profile?tab=orders');
  }, [loaded, seconds, navigate]);

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
  if (!order) return <Spinner label="Loading order details..." />;

  const address = order.shippingAddress;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-center font-serif text-3xl">Order Placed Successfully!</h1>
      <p className="mt-2 text-center text-sm text-muted" aria-live="polite">
        Redirecting to your orders in {seconds} seconds...
      </p>
      <div className="mt-8 rounded-2xl border border-line bg-white p-5 md:p-6">
        <div className="flex flex-wrap justify-between gap-2">
          <p>
            Order <strong data-testid="order-number">{order.orderNumber}</strong>
          </p>
          <p className="text-sm text-muted">{placedAt(order.createdAt)}</p>
          <span className="rounded-full bg-amber-100 px-3 py-0.5 text-xs font-semibold text-amber-900">
            {order.status.toUpperCase()}
          </span>
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
                {formatPrice(item.priceAtPurchase)} x {item.quantity} ={' '}
                {formatPrice(item.itemTotal)}
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-4 space-y-1.5 border-t border-line pt-4 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatPrice(order.subtotal)}</dd>
          </div>
          {order.totalDiscountAmount > 0 && (
            <div className="flex justify-between text-green-700">
              <dt>Discount</dt>
              <dd>-{formatPrice(order.totalDiscountAmount)}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt>Shipping</dt>
            <dd>{order.shippingCharge === 0 ? 'FREE' : formatPrice(order.shippingCharge)}</dd>
          </div>
          {order.taxAmount > 0 && (
            <div className="flex justify-between">
              <dt>Tax</dt>
              <dd>{formatPrice(order.taxAmount)}</dd>
            </div>
          )}
          <div className="flex justify-between text-base font-semibold">
            <dt>Total Paid</dt>
            <dd data-testid="total-paid">{formatPrice(order.total)}</dd>
          </div>
        </dl>
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
          <div className="rounded-xl bg-green-50 p-4 text-sm text-green-900">
            <h2 className="font-semibold">
              {order.paymentStatus === 'paid' ? 'Payment Successful' : 'Payment pending'}
            </h2>
            <p className="mt-1">
              {formatPrice(order.total)} via {order.paymentMethod.toUpperCase()}
            </p>
          </div>
        </div>
      </div>
      <div className="mt-6 rounded-2xl border border-line bg-white p-5 text-sm">
        <h2 className="font-semibold">What&apos;s Next?</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
          <li>A confirmation email is on its way to you.</li>
          <li>We will let you know as soon as your order ships.</li>
          <li>You can track your order any time from your profile.</li>
        </ul>
      </div>
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
    </section>
  );
}
