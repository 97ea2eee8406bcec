import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type Dispatch,
  type SetStateAction,
} from 'react';
import { deliveryMessages } from '@shop/domain/delivery-estimate';

const SIX_DIGITS = /^[1-9]\d{5}$/;

interface PlaceFields {
  pinCode: string;
  city: string;
  state: string;
}

interface PinFieldProps {
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

/**
 * A typed 6-digit PIN fills city and state from the PIN directory (she may still edit them; a
 * PIN filled in from a saved address leaves them as saved). With `requireDelivery`, a PIN the
 * courier does not serve puts 'Not deliverable to this PIN code yet' beside the field and
 * `blocked` holds until the PIN changes. The call is loaded on first use.
 */
export function usePinAutofill<V extends PlaceFields>(
  values: V,
  setValues: Dispatch<SetStateAction<V>>,
  { requireDelivery = false }: { requireDelivery?: boolean } = {},
) {
  const typed = useRef(false);
  const [notServed, setNotServed] = useState<string | null>(null);
  const pin = values.pinCode;

  useEffect(() => {
    if (!SIX_DIGITS.test(pin)) return;
    const controller = new AbortController();
    void import('../../lib/pincode-api')
      .then(({ checkPincode }) => checkPincode(pin, controller.signal))
      .then((result) => {
        if (controller.signal.aborted || result.kind !== 'found') return;
        const { city, state, serviceable } = result.answer;
        setNotServed(serviceable ? null : pin);
        if (!typed.current) return;
        typed.current = false;
        setValues((current) => (current.pinCode === pin ? { ...current, city, state } : current));
      });
    return () => controller.abort();
  }, [pin, setValues]);

  const blocked = requireDelivery && notServed !== null && notServed === pin;
  return {
    blocked,
    /** The PIN field's props with typing marked and the delivery message shown beside it. */
    pinField<P extends PinFieldProps>(props: P): P {
      return {
        ...props,
        onChange: (event: ChangeEvent<HTMLInputElement>) => {
          typed.current = true;
          props.onChange(event);
        },
        error: props.error ?? (blocked ? deliveryMessages.notDeliverable : undefined),
      };
    },
  };
}
