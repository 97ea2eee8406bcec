import type { CheckoutResult, PaymentStart } from '../orders/order-api';

/** How a payment window reports back: the same three callbacks for Razorpay and the simulator. */
export interface PaymentCallbacks {
  onSuccess: (result: CheckoutResult) => void;
  onFailure: (failure: { description: string; paymentId?: string }) => void;
  onDismiss: () => void;
}

export interface Prefill {
  name: string;
  email: string;
  contact: string;
}

const FAILED = 'Payment failed';

/**
 * The alert for a failed payment: 'Payment failed: {the provider's reason}', the reason said once.
 * A reason that already starts with 'Payment failed' (the provider's generic one) is shown as it is.
 */
export function paymentFailedMessage(description: string | undefined): string {
  const reason = description?.trim() ?? '';
  if (!reason) return FAILED;
  if (reason.toLowerCase().startsWith(FAILED.toLowerCase())) return reason;
  return `${FAILED}: ${reason}`;
}

const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayInstance {
  open: () => void;
  on: (
    event: 'payment.failed',
    handler: (response: {
      error: { description?: string; metadata?: { payment_id?: string } };
    }) => void,
  ) => void;
}
declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
  }
}

function loadCheckoutScript(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () =>
      reject(new Error('Could not load the payment window. Please try again.'));
    document.head.append(script);
  });
}

/** Opens Razorpay's own checkout window (real keys). */
export async function openRazorpay(
  start: PaymentStart,
  prefill: Prefill,
  callbacks: PaymentCallbacks,
) {
  await loadCheckoutScript();
  if (!window.Razorpay) throw new Error('Payment initialization incomplete');
  const checkout = new window.Razorpay({
    key: start.key,
    amount: start.amount,
    currency: 'INR',
    name: 'Lacebloom',
    description: 'Order Payment',
    order_id: start.razorpayOrderId,
    prefill,
    theme: { color: '#b82d58' },
    handler: callbacks.onSuccess,
    modal: { ondismiss: callbacks.onDismiss },
  });
  checkout.on('payment.failed', (response) =>
    callbacks.onFailure({
      description: response.error.description ?? FAILED,
      ...(response.error.metadata?.payment_id
        ? { paymentId: response.error.metadata.payment_id }
        : {}),
    }),
  );
  checkout.open();
}
