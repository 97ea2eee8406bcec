import { useEffect, useState } from 'react';
import type { CodOptions } from '@shop/contracts/orders';
import { codMessages } from '@shop/domain/cash-on-delivery';
import { isPinCode } from '@shop/domain/contact-details';
import { useAuth } from '../../lib/auth-session';
import { formatAmount } from '../../lib/format';
import { orderApi } from '../orders/order-api';

export type CheckoutPaymentMethod = 'razorpay' | 'cod';

/**
 * Cash on delivery for this cart at the shipping PIN code, asked of the server whenever the PIN
 * code or the cart's total changes (the server decides: the owner's terms, the courier, the
 * account's history). Undefined while unknown or when the shop does not offer it at all.
 */
export function useCodOptions(pinCode: string, cartTotal: number): CodOptions | undefined {
  const { authed } = useAuth();
  const [answer, setAnswer] = useState<{ pinCode: string; options: CodOptions | undefined }>();
  const valid = isPinCode(pinCode);
  useEffect(() => {
    if (!valid) return;
    let live = true;
    authed((api) => orderApi(api).codOptions(pinCode))
      .then((options) => live && setAnswer({ pinCode, options }))
      .catch(() => live && setAnswer({ pinCode, options: undefined }));
    return () => {
      live = false;
    };
  }, [authed, valid, pinCode, cartTotal]);
  // An answer for another PIN code says nothing about this one.
  return valid && answer?.pinCode === pinCode ? answer.options : undefined;
}

/** The second payment option, shown only while the shop offers cash on delivery. */
export function CodChoice({
  options,
  method,
  onChange,
}: {
  options: CodOptions | undefined;
  method: CheckoutPaymentMethod;
  onChange: (method: CheckoutPaymentMethod) => void;
}) {
  if (!options || options.message === codMessages.off) return null;
  return (
    <div className="mt-3">
      <label className={`flex items-center gap-2 ${options.available ? '' : 'text-muted'}`}>
        <input
          type="radio"
          name="paymentMethod"
          value="cod"
          checked={method === 'cod'}
          disabled={!options.available}
          onChange={() => onChange('cod')}
        />
        Cash on Delivery (fee {formatAmount(options.fee)})
      </label>
      {options.available ? (
        <p className="ml-6 mt-1 text-sm text-muted">
          Pay the courier in cash. We email you a code to confirm the order.
        </p>
      ) : (
        <p className="ml-6 mt-1 text-sm text-muted">{options.message}</p>
      )}
    </div>
  );
}
