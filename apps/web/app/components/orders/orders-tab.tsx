import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
} from 'react';
import { useNavigate } from 'react-router';
import type { Order, OrderPage } from '@shop/contracts/orders';
import { orderShopperView } from '@shop/domain/orders';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import { useCart } from '../../lib/cart-store';
import { formatAmount } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { usePayment } from '../checkout/use-payment';
import { DiscountRows, orderDiscountLines } from '../cart/discount-lines';
import { Spinner } from '../spinner';
import { useModalDialog } from '../use-modal-dialog';
import { CodConfirmBox } from './cod-confirm-box';
import { orderApi } from './order-api';
import {
  LineRefundTag,
  OrderBadge,
  payByTime,
  RefundLines,
  refundedUnitsOf,
  ReturnLines,
  useDueClock,
} from './order-view';
import { ReturnDialog } from './return-dialog';
import { InvoiceLinks } from './invoice-links';
import { ReasonField } from './reason-field';
import { MessageTimeline } from './message-timeline';
import { TrackingTimeline } from './tracking-timeline';
import type { ReviewLine } from '../reviews/write-review-dialog';

// The review form and its schema load when she opens it.
const WriteReviewDialog = lazy(() =>
  import('../reviews/write-review-dialog').then((module) => ({
    default: module.WriteReviewDialog,
  })),
);

const button =
  'rounded-full border border-line bg-white px-4 py-1.5 text-sm font-medium hover:border-brand-300';

type Action = { kind: 'details' | 'cancel' | 'return'; order: Order };

/** Hydrated or not never changes once known: nothing to subscribe to. */
const neverChanges = () => () => undefined;

/** The order a link names, among the orders found for it: only an exact match of its number. */
function linkedOrder(orders: Order[], orderNumber: string): Order | undefined {
  const wanted = orderNumber.trim().toUpperCase();
  return orders.find((order) => order.orderNumber.toUpperCase() === wanted);
}

/** Profile → My Orders: 10 a page, search, details, pay, cancel and return. */
/**
 * `initial`: the first page the server rendered with, shown until the browser's own loads.
 * `openOrder` (an order message's link): the list starts as the search for that number and the
 * order opens, scrolled into view; a number not among her orders is said, and her orders shown.
 */
export function OrdersTab({
  initial = null,
  openOrder,
}: {
  initial?: OrderPage | null;
  openOrder?: string | undefined;
}) {
  const { authed, user } = useAuth();
  const { reload: reloadCart } = useCart();
  const navigate = useNavigate();
  const { pay, paymentWindow } = usePayment();
  const [paying, setPaying] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState(openOrder ?? '');
  const [search, setSearch] = useState(openOrder ?? '');
  const [result, setResult] = useState<OrderPage | null>(initial);
  /** The linked order was looked for (once): found and opened, or said missing. */
  const linkHandled = useRef(openOrder === undefined);
  const [missingOrder, setMissingOrder] = useState<string | null>(null);
  const scrolled = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [reviewing, setReviewing] = useState<ReviewLine | null>(null);
  const toast = useToast();
  const now = useDueClock(result?.orders);
  // The tab's code loads apart from the page's: until this copy has hydrated, the server's HTML
  // takes no clicks, and the mark says so (tests wait for it to go, as for the page's own mark).
  const hydrated = useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );

  const load = useCallback(async () => {
    try {
      setResult(
        await authed((api) =>
          search ? orderApi(api).searchOrders(search, page) : orderApi(api).listOrders(page),
        ),
      );
      setFailure(null);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to fetch orders'));
    }
  }, [authed, page, search]);

  useEffect(() => {
    let live = true;
    authed((api) =>
      search ? orderApi(api).searchOrders(search, page) : orderApi(api).listOrders(page),
    )
      .then((loaded) => {
        if (!live) return;
        setResult(loaded);
        setFailure(null);
        // The linked order opens once the search for its number has answered (once).
        if (linkHandled.current || openOrder === undefined || search !== openOrder) return;
        linkHandled.current = true;
        const order = linkedOrder(loaded.orders, openOrder);
        if (order) {
          setAction({ kind: 'details', order });
          return;
        }
        // Never another shopper's order: the search is of her orders only.
        setMissingOrder(openOrder);
        setQuery('');
        setSearch('');
      })
      .catch((error: unknown) => live && setFailure(errorMessage(error, 'Failed to fetch orders')));
    return () => {
      live = false;
    };
  }, [authed, page, search, openOrder]);

  // The opened linked order's card scrolls into view behind its details.
  const linkedOpen = action?.kind === 'details' && action.order.orderNumber;
  useEffect(() => {
    if (!linkedOpen || openOrder === undefined || scrolled.current) return;
    scrolled.current = true;
    document.getElementById(orderCardId(linkedOpen))?.scrollIntoView({ block: 'start' });
  }, [linkedOpen, openOrder]);

  /** Pays the same order again while it is unpaid and unexpired; paid, it shows the order. */
  async function payNow(order: Order) {
    if (paying) return;
    setPaying(order._id);
    setFailure(null);
    try {
      const paid = await pay(order._id, {
        name: order.shippingAddress.name,
        email: user?.email ?? '',
        contact: order.shippingAddress.phone,
      });
      if (paid.outcome === 'paid') {
        // The server took the paid lines out of the cart.
        await reloadCart().catch(() => undefined);
        navigate(`/order-success/${order._id}`);
        return;
      }
      if (paid.outcome === 'failed') setFailure(paid.message);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to initiate payment'));
    }
    setPaying(null);
    void load();
  }

  return (
    <div className="space-y-4" data-hydrating={hydrated ? undefined : ''}>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setSearch(query.trim());
        }}
        className="flex gap-2"
      >
        <label htmlFor="order-search" className="sr-only">
          Search orders
        </label>
        <input
          id="order-search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Order number or product"
          className="min-w-0 flex-1 rounded-full border border-line px-4 py-2"
        />
        <button type="submit" className={button}>
          Search
        </button>
      </form>
      {failure && (
        <p role="alert" className="rounded-lg bg-red-600 px-4 py-3 text-sm font-medium text-white">
          {failure}
        </p>
      )}
      {missingOrder && (
        <p
          role="alert"
          className="rounded-lg bg-amber-100 px-4 py-3 text-sm font-medium text-amber-950"
        >
          We could not find order {missingOrder} in your account. Check the number, or that you are
          signed in to the account that placed it. Your orders are below.
        </p>
      )}
      {!result && !failure && <Spinner label="Loading your orders..." />}
      {result && result.orders.length === 0 && (
        <p className="text-muted">{search ? `No orders match "${search}"` : 'No orders yet.'}</p>
      )}
      {result?.orders.map((order) => {
        const view = orderShopperView(order, now);
        const linked = openOrder !== undefined && linkedOrder([order], openOrder) !== undefined;
        return (
          <article
            key={order._id}
            id={orderCardId(order.orderNumber)}
            className={`scroll-mt-24 rounded-2xl border bg-white p-4 ${
              linked ? 'border-brand-600 ring-2 ring-brand-200' : 'border-line'
            }`}
            data-testid="order-card"
            aria-current={linked ? 'true' : undefined}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium">{order.orderNumber}</p>
              <OrderBadge order={order} view={view} />
            </div>
            <p className="mt-1 text-sm text-muted">
              {new Date(order.createdAt).toLocaleDateString('en-IN', { dateStyle: 'long' })} ·{' '}
              {order.items.map((item) => item.productName).join(', ')}
            </p>
            <p className="mt-1 font-semibold">{formatAmount(order.total)}</p>
            {order.refunds.length > 0 && (
              <p className="mt-1 text-sm text-green-900" data-testid="order-refunds">
                {refundSummary(order)}
              </p>
            )}
            {view.awaitingPayment && (
              <p className="mt-1 text-sm text-amber-900">
                Pay by {payByTime(order.paymentDueAt)}, or the order is cancelled.
              </p>
            )}
            {view.awaitingCodConfirmation && (
              <div className="mt-1 text-sm text-amber-900">
                <CodConfirmBox order={order} onConfirmed={() => void load()} />
              </div>
            )}
            <div className="mt-3 flex flex-wrap gap-2">
              {view.awaitingPayment && (
                <button
                  type="button"
                  disabled={paying !== null}
                  onClick={() => void payNow(order)}
                  className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
                >
                  {paying === order._id ? 'Processing...' : 'Pay now'}
                </button>
              )}
              <button
                type="button"
                className={button}
                onClick={() => setAction({ kind: 'details', order })}
              >
                View details
              </button>
              {order.canCancel && (
                <button
                  type="button"
                  className={button}
                  onClick={() => setAction({ kind: 'cancel', order })}
                >
                  Cancel order
                </button>
              )}
              {order.canReturn && (
                <button
                  type="button"
                  className={button}
                  onClick={() => setAction({ kind: 'return', order })}
                >
                  Request return
                </button>
              )}
            </div>
            {order.status === 'delivered' && (
              <ul className="mt-3 space-y-2 border-t border-line pt-3 text-sm">
                {order.items.map((item) => (
                  <li key={item._id} className="flex flex-wrap items-center justify-between gap-2">
                    <span>
                      {item.productName} ({item.color.colorName}, {item.size.toUpperCase()})
                    </span>
                    <button
                      type="button"
                      className={button}
                      aria-label={`Write a review of ${item.productName}, size ${item.size.toUpperCase()}`}
                      onClick={() =>
                        setReviewing({
                          productId: item.product,
                          productName: item.productName,
                          orderItemId: item._id,
                          orderNumber: order.orderNumber,
                          size: item.size,
                          colorName: item.color.colorName,
                        })
                      }
                    >
                      Write a review
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </article>
        );
      })}
      {result && result.totalPages > 1 && (
        <nav aria-label="Order pages" className="flex items-center justify-center gap-3">
          <button
            type="button"
            className={button}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Back
          </button>
          <span className="text-sm">
            Page {page} of {result.totalPages}
          </span>
          <button
            type="button"
            className={button}
            disabled={page >= result.totalPages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
      {action?.kind === 'details' && (
        <OrderDetails
          order={action.order}
          payment={orderShopperView(action.order, now).payment}
          paid={orderShopperView(action.order, now).paid}
          onClose={() => setAction(null)}
        />
      )}
      {action?.kind === 'return' && (
        <ReturnDialog
          order={action.order}
          onClose={() => setAction(null)}
          onDone={() => {
            setAction(null);
            void load();
          }}
        />
      )}
      {action?.kind === 'cancel' && (
        <CancelDialog
          order={action.order}
          onClose={() => setAction(null)}
          onDone={() => {
            setAction(null);
            void load();
          }}
        />
      )}
      {reviewing && (
        <Suspense fallback={null}>
          <WriteReviewDialog
            line={reviewing}
            onClose={() => setReviewing(null)}
            onSent={(message) => {
              setReviewing(null);
              toast.success(message);
            }}
          />
        </Suspense>
      )}
      {paymentWindow}
    </div>
  );
}

/** The id of an order's card, for a link to scroll it into view. */
const orderCardId = (orderNumber: string) => `order-${orderNumber}`;

/** 'Refunded ₹499' once the money is back, 'Refund of ₹499 in progress' until then. */
function refundSummary(order: Order): string {
  const total = (done: boolean) =>
    order.refunds
      .filter((refund) => refund.refunded === done)
      .reduce((sum, refund) => sum + Math.round(refund.amount * 100), 0) / 100;
  const done = total(true);
  const pending = total(false);
  return [
    done > 0 ? `Refunded ${formatAmount(done)}` : '',
    pending > 0 ? `Refund of ${formatAmount(pending)} in progress` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function OrderDetails({
  order,
  payment,
  paid,
  onClose,
}: {
  order: Order;
  payment: string;
  paid: boolean;
  onClose: () => void;
}) {
  const dialogRef = useModalDialog(true);
  const address = order.shippingAddress;
  const refunded = refundedUnitsOf(order.refunds);
  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      aria-labelledby="order-details-title"
      className="m-auto w-[min(94vw,32rem)] rounded-2xl bg-white p-6 text-ink backdrop:bg-ink/50"
    >
      <h2 id="order-details-title" className="font-serif text-2xl">
        Order {order.orderNumber}
      </h2>
      <ul className="mt-4 space-y-2 text-sm">
        {order.items.map((item) => (
          <li key={item._id} className="flex justify-between gap-3">
            <span>
              {item.productName} ({item.color.colorName}, {item.size.toUpperCase()}) ×{' '}
              {item.quantity}
              <LineRefundTag refunded={refunded.get(item._id)} />
            </span>
            <span>{formatAmount(item.itemTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-line pt-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt>Subtotal</dt>
          <dd>{formatAmount(order.subtotal)}</dd>
        </div>
        <DiscountRows lines={orderDiscountLines(order)} />
      </dl>
      <p className="mt-3 text-sm">
        Total {formatAmount(order.total)} · {payment}
      </p>
      <InvoiceLinks orderId={order._id} paid={paid} cancelled={order.status === 'cancelled'} />
      <ReturnLines returns={order.returns} />
      <RefundLines refunds={order.refunds} />
      {order.tracking && <TrackingTimeline tracking={order.tracking} />}
      <MessageTimeline messages={order.messages} />
      <p className="mt-3 text-sm text-muted">
        {address.name}, {address.addressLine1}, {address.city}, {address.state} {address.pinCode}
      </p>
      {order.notes && (
        <div className="mt-3 text-sm">
          <h3 className="font-medium">Order notes</h3>
          <p className="mt-1 whitespace-pre-line break-words text-muted">{order.notes}</p>
        </div>
      )}
      <button type="button" onClick={onClose} className={`${button} mt-5`}>
        Close
      </button>
    </dialog>
  );
}

/** Cancel an order awaiting dispatch, with a reason. */
function CancelDialog({
  order,
  onClose,
  onDone,
}: {
  order: Order;
  onClose: () => void;
  onDone: () => void;
}) {
  const dialogRef = useModalDialog(true);
  const { authed } = useAuth();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim() || busy) return;
    setBusy(true);
    try {
      await authed((api) => orderApi(api).cancelOrder(order._id, reason.trim()));
      toast.success('Order cancelled successfully');
      onDone();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to cancel order'));
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      aria-labelledby="reason-title"
      className="m-auto w-[min(94vw,28rem)] rounded-2xl bg-white p-6 text-ink backdrop:bg-ink/50"
    >
      <form onSubmit={submit}>
        <h2 id="reason-title" className="font-serif text-2xl">
          Cancel order {order.orderNumber}
        </h2>
        {failure && (
          <p role="alert" className="mt-3 rounded-lg bg-red-600 px-3 py-2 text-sm text-white">
            {failure}
          </p>
        )}
        <ReasonField value={reason} onChange={setReason} />
        <div className="mt-4 flex gap-2">
          <button
            type="submit"
            disabled={!reason.trim() || busy}
            className="rounded-full bg-brand-600 px-5 py-2 font-medium text-white disabled:opacity-50"
          >
            Cancel order
          </button>
          <button type="button" onClick={onClose} className={button}>
            Keep it
          </button>
        </div>
      </form>
    </dialog>
  );
}
