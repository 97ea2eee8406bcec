import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { billingAddressSchema, shippingAddressSchema } from '@shop/contracts/orders';
import { PHONE_INPUT_MAX_LENGTH } from '@shop/domain/contact-details';
import {
  ApiError,
  errorMessage,
  type CheckoutResult,
  type PaymentStart,
} from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import { useCart } from '../../lib/cart-store';
import { formatPrice } from '../../lib/format';
import { mediaUrl } from '../../lib/media';
import { useShopper } from '../../lib/shopper';
import { FormError, TextField, useSchemaForm } from '../account/schema-form';
import { Spinner } from '../spinner';
import { openRazorpay, type PaymentCallbacks } from './payment-window';
import { SimulatedPaymentDialog } from './simulated-payment-dialog';

const emptyAddress = {
  name: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  pinCode: '',
  phone: '',
};
type AddressValues = typeof emptyAddress;

function AddressFields({
  form,
  prefix,
}: {
  form: ReturnType<typeof useSchemaForm<keyof AddressValues>>;
  prefix: string;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        {...form.field('name')}
        label={`${prefix}Full name`}
        autoComplete="name"
        className="sm:col-span-2"
      />
      <TextField
        {...form.field('addressLine1')}
        label={`${prefix}Address line 1`}
        autoComplete="address-line1"
        className="sm:col-span-2"
      />
      <TextField
        {...form.field('addressLine2')}
        label={`${prefix}Address line 2`}
        hint="(optional)"
        autoComplete="address-line2"
        className="sm:col-span-2"
      />
      <TextField {...form.field('city')} label={`${prefix}City`} autoComplete="address-level2" />
      <TextField {...form.field('state')} label={`${prefix}State`} autoComplete="address-level1" />
      <TextField
        {...form.field('pinCode')}
        label={`${prefix}PIN code`}
        inputMode="numeric"
        maxLength={6}
        autoComplete="postal-code"
      />
      <TextField
        {...form.field('phone')}
        label={`${prefix}Phone`}
        type="tel"
        inputMode="tel"
        // Room for '+91 98765 43210': the phone rule keeps the 10 digits.
        maxLength={PHONE_INPUT_MAX_LENGTH}
        autoComplete="tel"
      />
    </div>
  );
}

/** /checkout: addresses, the one payment method, notes, the summary, and the payment window. */
export function CheckoutPage() {
  const { status, user, authed } = useAuth();
  const { cart, clear } = useCart();
  const { openSignIn } = useShopper();
  const navigate = useNavigate();
  const shipping = useSchemaForm<keyof AddressValues>(emptyAddress);
  const billing = useSchemaForm<keyof AddressValues>(emptyAddress);
  const [sameAsShipping, setSameAsShipping] = useState(true);
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [simulation, setSimulation] = useState<{
    start: PaymentStart;
    callbacks: PaymentCallbacks;
  } | null>(null);
  const attempt = useRef<string>(crypto.randomUUID());
  const prefilled = useRef(false);

  // The first saved address fills the shipping form once.
  const firstAddress = user?.addresses[0];
  useEffect(() => {
    if (prefilled.current || !firstAddress) return;
    prefilled.current = true;
    const { _id: _ignored, ...address } = firstAddress;
    shipping.reset({ ...address, phone: address.phone || user?.phone || '' });
  }, [firstAddress, user?.phone, shipping]);

  useEffect(() => {
    if (status === 'signed-out') openSignIn('login');
  }, [status, openSignIn]);

  useEffect(() => {
    if (cart && cart.items.length === 0 && !busy && !simulation)
      navigate('/cart', { replace: true });
  }, [cart, busy, simulation, navigate]);

  if (status === 'signed-out') {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-serif text-3xl">Checkout</h1>
        <p className="mt-3 text-muted">Please login to place an order</p>
      </section>
    );
  }
  if (status === 'unknown' || !cart) return <Spinner label="Loading your bag..." />;

  /**
   * After the payment window says paid: verify and confirm (failures are logged and ignored:
   * the provider's webhook settles the order anyway), empty the cart, show the order.
   */
  async function finish(orderId: string, result: CheckoutResult) {
    await authed((api) => api.verifyPayment(result)).catch((error) => console.warn(error));
    await authed((api) => api.paymentSuccess(result)).catch((error) => console.warn(error));
    await clear().catch(() => undefined);
    navigate(`/order-success/${orderId}`);
  }

  async function placeOrder(event: FormEvent) {
    event.preventDefault();
    if (busy || !cart) return;
    const shippingAddress = shipping.check(shippingAddressSchema);
    const billingAddress = sameAsShipping ? shippingAddress : billing.check(billingAddressSchema);
    if (!shippingAddress || !billingAddress) {
      window.alert('Please fill all required fields correctly');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const order = {
        items: cart.items.map((item) => ({
          product: item.productId,
          quantity: item.quantity,
          size: item.size,
          color: item.color,
          productImage: item.selectedImage,
        })),
        shippingAddress,
        ...(sameAsShipping ? { sameAsShipping: true } : { billingAddress, sameAsShipping: false }),
        paymentMethod: 'razorpay',
        notes,
      };
      // Retrying the same order reuses its key (the server answers the first order again); a
      // changed order after a failed payment is a new order with a new key.
      const place = () => authed((api) => api.placeOrder(order, attempt.current));
      const placed = await place().catch((error: unknown) => {
        if (!(error instanceof ApiError) || error.status !== 422) throw error;
        attempt.current = crypto.randomUUID();
        return place();
      });
      const orderId = placed.orderId ?? placed._id;
      if (!orderId) {
        window.alert('Order created but ID not found. Please contact support.');
        return;
      }
      const { data: start } = await authed((api) => api.initiatePayment(orderId, 'razorpay'));
      if (!start.razorpayOrderId || !start.key)
        throw new Error('Payment initialization incomplete');
      const callbacks: PaymentCallbacks = {
        onSuccess: (result) => {
          setSimulation(null);
          void finish(orderId, result);
        },
        onFailure: ({ description, paymentId }) => {
          setSimulation(null);
          void authed((api) =>
            api.paymentFailure({
              razorpayOrderId: start.razorpayOrderId,
              ...(paymentId ? { razorpayPaymentId: paymentId } : {}),
              failureReason: description,
            }),
          ).catch(() => undefined);
          setFailure(`Payment failed: ${description}`);
          window.alert(`Payment failed: ${description}`);
          setBusy(false);
        },
        onDismiss: () => {
          setSimulation(null);
          void authed((api) =>
            api.paymentFailure({
              razorpayOrderId: start.razorpayOrderId,
              failureReason: 'Payment cancelled by user',
            }),
          ).catch(() => undefined);
          setBusy(false);
        },
      };
      if (start.provider === 'simulator') setSimulation({ start, callbacks });
      else
        await openRazorpay(
          start,
          { name: shippingAddress.name, email: user?.email ?? '', contact: shippingAddress.phone },
          callbacks,
        );
    } catch (error) {
      const message = errorMessage(error, 'Failed to place order. Please try again.');
      setFailure(message);
      setBusy(false);
    }
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <h1 className="font-serif text-3xl">Checkout</h1>
      <form noValidate onSubmit={placeOrder} className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <FormError message={failure} />
          <fieldset className="rounded-2xl border border-line bg-white p-5">
            <legend className="px-1 font-serif text-xl">Shipping Address</legend>
            <AddressFields form={shipping} prefix="" />
          </fieldset>
          <fieldset className="rounded-2xl border border-line bg-white p-5">
            <legend className="px-1 font-serif text-xl">Billing Address</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={sameAsShipping}
                onChange={(event) => setSameAsShipping(event.target.checked)}
              />
              Same as shipping
            </label>
            {!sameAsShipping && (
              <div className="mt-4">
                <AddressFields form={billing} prefix="Billing " />
              </div>
            )}
          </fieldset>
          <fieldset className="rounded-2xl border border-line bg-white p-5">
            <legend className="px-1 font-serif text-xl">Payment Method</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="paymentMethod" value="razorpay" checked readOnly />
              Razorpay — Cards, UPI, Net Banking
            </label>
          </fieldset>
          <fieldset className="rounded-2xl border border-line bg-white p-5">
            <legend className="px-1 font-serif text-xl">Order Notes</legend>
            <label htmlFor="order-notes" className="sr-only">
              Order notes (optional)
            </label>
            <textarea
              id="order-notes"
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              rows={3}
              maxLength={1000}
              placeholder="Anything we should know? (optional)"
              className="block w-full rounded-xl border border-line px-3 py-2"
            />
          </fieldset>
        </div>
        <aside
          className="h-fit rounded-2xl border border-line bg-white p-5"
          aria-label="Order Summary"
        >
          <h2 className="font-serif text-xl">Order Summary</h2>
          <ul className="mt-4 space-y-3">
            {cart.items.map((item) => (
              <li key={item._id} className="flex items-center gap-3 text-sm">
                <img
                  src={mediaUrl(item.selectedImage, 150)}
                  alt=""
                  width={48}
                  height={60}
                  className="h-15 w-12 rounded bg-cream object-cover"
                />
                <span className="flex-1">
                  {item.name}
                  <span className="block text-muted">
                    {item.quantity} x {formatPrice(item.price)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-2 border-t border-line pt-4 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>₹{cart.subtotal.toFixed(2)}</dd>
            </div>
            {cart.discountAmount > 0 && (
              <div className="flex justify-between text-green-700">
                <dt>Discount</dt>
                <dd>-₹{cart.discountAmount.toFixed(2)}</dd>
              </div>
            )}
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd>FREE</dd>
            </div>
            <div className="flex justify-between text-base font-semibold">
              <dt>Total</dt>
              <dd data-testid="checkout-total">₹{cart.total.toFixed(2)}</dd>
            </div>
          </dl>
          <button
            type="submit"
            disabled={busy}
            className="mt-5 w-full rounded-full bg-brand-600 py-3 font-medium text-white hover:bg-brand-700 disabled:opacity-70"
          >
            {busy ? 'Processing...' : 'Place Order'}
          </button>
          <p className="mt-3 text-center text-xs text-muted">
            By placing this order, you agree to our terms and conditions
          </p>
        </aside>
      </form>
      {simulation && (
        <SimulatedPaymentDialog start={simulation.start} callbacks={simulation.callbacks} />
      )}
    </section>
  );
}
