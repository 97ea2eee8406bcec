import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { SavedAddressInput, User } from '@shop/contracts/auth';
import { stockShortfall } from '@shop/domain/cart';
import { MAX_ADDRESSES, PHONE_INPUT_MAX_LENGTH } from '@shop/domain/contact-details';
import { deliveryMessages } from '@shop/domain/delivery-estimate';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import { useCart } from '../../lib/cart-store';
import { formatAmount } from '../../lib/format';
import { mediaUrl } from '../../lib/media';
import { useSignInOnArrival } from '../../lib/sign-in-on-arrival';
import { useToast } from '../../lib/toast';
import { FormError, TextField, useSchemaForm } from '../account/schema-form';
import { cartDiscountLines, DiscountRows } from '../cart/discount-lines';
import { OfferNote, OfferRows, OfferSuggestions } from '../cart/offer-lines';
import { StockShortfall } from '../cart/stock-shortfall';
import { GstIncluded } from '../cart/gst-included';
import { Spinner } from '../spinner';
import { orderApi } from '../orders/order-api';
import { CodChoice, useCodOptions, type CheckoutPaymentMethod, type CodAnswer } from './cod-choice';
import { usePayment } from './use-payment';
import { usePinAutofill } from './use-pin-autofill';
import {
  fromSavedAddress,
  isSameAddress,
  NEW_ADDRESS,
  newAddressValues,
  SaveAddressOption,
  SavedAddressPicker,
  suggestedAddressName,
  useSaveAddressChoice,
  useSaveCheckoutAddress,
} from './checkout-address';

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

const INVALID_FORM = 'Please fill all required fields correctly';

/**
 * The order's address rules (the API's own schemas, and zod with them): loaded once the shopper
 * starts on the form or submits it, not for the page's first paint, which needs none of them.
 */
const orderRules = () => import('@shop/contracts/orders');

function AddressFields({
  form,
  prefix,
  autofill,
}: {
  form: ReturnType<typeof useSchemaForm<keyof AddressValues>>;
  prefix: string;
  autofill: ReturnType<typeof usePinAutofill>;
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
        {...autofill.pinField(form.field('pinCode'))}
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

/**
 * The account's first saved address picks and fills the shipping form; with none saved, the
 * account holder's name and phone start a new one.
 */
function prefilledAddress(user: User) {
  const first = user.addresses[0];
  return {
    choice: first ? first._id : NEW_ADDRESS,
    values: first ? fromSavedAddress(first, user) : newAddressValues(user),
  };
}

/**
 * /checkout: addresses, the payment method (online; cash on delivery when the shop offers it),
 * notes, the summary, and the payment window.
 */
export function CheckoutPage({ initialCod = null }: { initialCod?: CodAnswer | null }) {
  const { status, user, authed } = useAuth();
  const { cart, afterOrderPaid, reload } = useCart();
  const navigate = useNavigate();
  // Known already when the server rendered the page: the form starts filled (see the effect).
  const shipping = useSchemaForm<keyof AddressValues>(
    user ? prefilledAddress(user).values : emptyAddress,
  );
  const billing = useSchemaForm<keyof AddressValues>(emptyAddress);
  const shippingPin = usePinAutofill(shipping.values, shipping.setValues, {
    requireDelivery: true,
  });
  const billingPin = usePinAutofill(billing.values, billing.setValues);
  const [sameAsShipping, setSameAsShipping] = useState(true);
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { pay, paying, paymentWindow } = usePayment();
  const attempt = useRef<string>(crypto.randomUUID());
  const prefilled = useRef(user !== null);
  const toast = useToast();
  const formElement = useRef<HTMLFormElement>(null);
  const [addressChoice, setAddressChoice] = useState(
    user ? prefilledAddress(user).choice : NEW_ADDRESS,
  );
  const [saveAddress, setSaveAddress] = useState(false);
  const saveChoice = useSaveAddressChoice();
  const saveCheckoutAddress = useSaveCheckoutAddress();
  /** The address last stored from this checkout, so a second attempt does not store it again. */
  const savedAddress = useRef<string | null>(null);
  const [refusedSubmits, setRefusedSubmits] = useState(0);
  const [method, setMethod] = useState<CheckoutPaymentMethod>('razorpay');
  const codOptions = useCodOptions(shipping.values.pinCode, cart?.total ?? 0, initialCod);
  // Cash on delivery only while the server offers it for this PIN code and cart.
  const payment: CheckoutPaymentMethod =
    method === 'cod' && codOptions?.available ? 'cod' : 'razorpay';
  const codFee = payment === 'cod' ? (codOptions?.fee ?? 0) : 0;
  const fieldErrors = [
    shipping.errors,
    ...(sameAsShipping ? [] : [billing.errors]),
    ...(saveAddress ? [saveChoice.label.errors] : []),
  ].some((errors) => Object.values(errors).some(Boolean));

  // Once the account is known: the first saved address is picked and fills the shipping form;
  // with none saved, the account holder's name and phone start a new one.
  useEffect(() => {
    if (prefilled.current || !user) return;
    prefilled.current = true;
    const { choice, values } = prefilledAddress(user);
    setAddressChoice(choice);
    shipping.reset(values);
  }, [user, shipping]);

  // After a refused submit the first field with a message scrolls into view and takes focus.
  useEffect(() => {
    if (refusedSubmits === 0) return;
    const field = formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  }, [refusedSubmits]);

  useSignInOnArrival();

  useEffect(() => {
    if (cart && cart.items.length === 0 && !busy && !paying) navigate('/cart', { replace: true });
  }, [cart, busy, paying, navigate]);

  if (status === 'signed-out') {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-serif text-3xl">Checkout</h1>
        <p className="mt-3 text-muted">Please login to place an order</p>
      </section>
    );
  }
  if (status === 'unknown' || !cart) return <Spinner label="Loading your bag..." />;
  // A line whose size sold down below its quantity must be changed before ordering.
  const shortOfStock = cart.items.some((item) => stockShortfall(item) !== undefined);

  /** Picking a saved address fills every shipping field from it; a new one starts blank. */
  function chooseAddress(choice: string) {
    if (!user) return;
    setAddressChoice(choice);
    const saved = user.addresses.find((address) => address._id === choice);
    shipping.reset(saved ? fromSavedAddress(saved, user) : newAddressValues(user));
  }

  function toggleSaveAddress(checked: boolean) {
    setSaveAddress(checked);
    if (checked) saveChoice.label.reset({ name: suggestedAddressName(user?.addresses ?? []) });
  }

  /**
   * Stores the new address in the profile once the order is placed; a failure is said but never
   * stops the order. The stored address is then the one picked.
   */
  async function storeAddress(address: SavedAddressInput) {
    const key = JSON.stringify(address);
    if (savedAddress.current === key) return;
    try {
      const updated = await saveCheckoutAddress(address);
      savedAddress.current = key;
      const stored = updated.addresses.find((saved) => isSameAddress(saved, address));
      if (stored) setAddressChoice(stored._id);
      setSaveAddress(false);
    } catch (error) {
      toast.error(errorMessage(error, 'Your address could not be saved to your profile'));
    }
  }

  async function placeOrder(event: FormEvent) {
    event.preventDefault();
    if (busy || !cart) return;
    const { billingAddressSchema, orderMessages, shippingAddressSchema } = await orderRules();
    const shippingAddress = shipping.check(shippingAddressSchema);
    const billingAddress = sameAsShipping ? shippingAddress : billing.check(billingAddressSchema);
    const addressToSave = saveAddress ? await saveChoice.check(shipping.values) : null;
    if (!shippingAddress || !billingAddress || (saveAddress && !addressToSave)) {
      setFailure(INVALID_FORM);
      setRefusedSubmits((count) => count + 1);
      return;
    }
    // The courier does not go there: the field says so, and nothing is placed.
    if (shippingPin.blocked) {
      setFailure(deliveryMessages.notDeliverable);
      setRefusedSubmits((count) => count + 1);
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
        paymentMethod: payment,
        notes,
      };
      // Retrying the same order reuses its key (the server answers the first order again); a
      // changed order after a failed payment is a new order with a new key.
      const place = () => authed((api) => orderApi(api).placeOrder(order, attempt.current));
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
      if (addressToSave) await storeAddress(addressToSave);
      if (payment === 'cod') {
        // Nothing to pay now: the server took the lines out of the cart; the order page asks
        // for the mailed code.
        await afterOrderPaid().catch(() => undefined);
        navigate(`/order-success/${orderId}`);
        return;
      }
      const paid = await pay(orderId, {
        name: shippingAddress.name,
        email: user?.email ?? '',
        contact: shippingAddress.phone,
      });
      if (paid.outcome === 'paid') {
        // The server took the ordered lines out of the cart; lines added in another tab stay.
        await afterOrderPaid().catch(() => undefined);
        navigate(`/order-success/${orderId}`);
        return;
      }
      if (paid.outcome === 'failed') setFailure(paid.message);
      setBusy(false);
    } catch (error) {
      const message = errorMessage(error, 'Failed to place order. Please try again.');
      // The cart moved on (another tab, stock sold, a code no longer valid, or another tab's paid
      // order emptied it): show it as it is. An emptied cart sends her to the empty bag.
      const cartMovedOn =
        error instanceof ApiError &&
        (error.status === 409 || error.message === orderMessages.cartEmpty);
      if (cartMovedOn) await reload().catch(() => undefined);
      // The server's own delivery check (a PIN the page had not checked yet) shows by the field.
      if (error instanceof ApiError && error.field === 'shippingAddress.pinCode') {
        shipping.setError('pinCode', message);
      }
      setFailure(message);
      setBusy(false);
    }
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <h1 className="font-serif text-3xl">Checkout</h1>
      <form
        ref={formElement}
        noValidate
        onSubmit={placeOrder}
        // Her first touch of the form fetches the rules, so a submit does not wait for them.
        onFocus={() => void orderRules()}
        className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]"
      >
        {/* Kept in view right below the sticky header (65 px) anywhere in the form: while the
            shopper scrolls to the fields it names, and at the summary's Place Order button,
            where a phone shopper hears that her cart changed. */}
        <div className="sticky top-[65px] z-10 rounded-lg shadow-sm ring-1 ring-red-200 empty:hidden lg:col-span-2">
          <FormError
            message={
              (failure === INVALID_FORM && !fieldErrors) ||
              // Gone once she types a PIN the courier serves.
              (failure === deliveryMessages.notDeliverable && !shippingPin.blocked)
                ? null
                : failure
            }
          />
        </div>
        <div className="space-y-6">
          <fieldset className="rounded-2xl border border-line bg-white p-5">
            <legend className="px-1 font-serif text-xl">Shipping Address</legend>
            {user && user.addresses.length > 0 && (
              <SavedAddressPicker
                addresses={user.addresses}
                selected={addressChoice}
                onSelect={chooseAddress}
              />
            )}
            <AddressFields form={shipping} prefix="" autofill={shippingPin} />
            {user && addressChoice === NEW_ADDRESS && (
              <SaveAddressOption
                checked={saveAddress}
                onChange={toggleSaveAddress}
                label={saveChoice.label}
                full={user.addresses.length >= MAX_ADDRESSES}
              />
            )}
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
                <AddressFields form={billing} prefix="Billing " autofill={billingPin} />
              </div>
            )}
          </fieldset>
          <fieldset className="rounded-2xl border border-line bg-white p-5">
            <legend className="px-1 font-serif text-xl">Payment Method</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="paymentMethod"
                value="razorpay"
                checked={payment === 'razorpay'}
                onChange={() => setMethod('razorpay')}
              />
              Razorpay — Cards, UPI, Net Banking
            </label>
            <CodChoice options={codOptions} method={payment} onChange={setMethod} />
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
                    {item.quantity} x {formatAmount(item.price)}
                  </span>
                  <StockShortfall item={item} />
                  <OfferNote item={item} />
                </span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-2 border-t border-line pt-4 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd data-testid="checkout-subtotal">{formatAmount(cart.subtotal)}</dd>
            </div>
            <OfferRows offers={cart.offers ?? []} />
            <DiscountRows lines={cartDiscountLines(cart)} />
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd>FREE</dd>
            </div>
            {payment === 'cod' && (
              <div className="flex justify-between">
                <dt>Cash on delivery fee</dt>
                <dd>{formatAmount(codFee)}</dd>
              </div>
            )}
            <div className="flex justify-between text-base font-semibold">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{formatAmount(cart.total + codFee)}</dd>
            </div>
          </dl>
          <GstIncluded gst={cart.gstIncluded} testId="checkout-gst" />
          <OfferSuggestions suggestions={cart.offerSuggestions ?? []} />
          {shortOfStock && (
            <p className="mt-4 text-sm text-red-700" role="status">
              Change the lines marked above in your bag to place your order.
            </p>
          )}
          <button
            type="submit"
            disabled={busy || shortOfStock}
            className="mt-5 w-full rounded-full bg-brand-600 py-3 font-medium text-white hover:bg-brand-700 disabled:opacity-70"
          >
            {busy ? 'Processing...' : 'Place Order'}
          </button>
          <p className="mt-3 text-center text-xs text-muted">
            By placing this order, you agree to our terms and conditions
          </p>
        </aside>
      </form>
      {paymentWindow}
    </section>
  );
}
