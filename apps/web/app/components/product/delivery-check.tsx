import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { deliveryByText, deliveryMessages } from '@shop/domain/delivery-estimate';

/** The last PIN checked, so the next product page answers for it at once. */
export const DELIVERY_PIN_KEY = 'deliveryPin';

const SIX_DIGITS = /^[1-9]\d{5}$/;

type Result =
  | { kind: 'idle' | 'checking' | 'failed' }
  | { kind: 'invalid'; message: string }
  | { kind: 'answer'; text: string; place: string; served: boolean; cod: boolean };

function rememberedPin(): string {
  try {
    const pin = window.localStorage.getItem(DELIVERY_PIN_KEY) ?? '';
    return SIX_DIGITS.test(pin) ? pin : '';
  } catch {
    return '';
  }
}

/**
 * 'Check delivery' under the buy box: a PIN and the courier's answer ('Delivery by Thu, 4 Dec'
 * or not deliverable). The answer's line keeps its height whatever it says, so checking the
 * remembered PIN after hydration moves nothing. Cash on delivery shows where the server says it
 * is on offer (the shop offers it and the courier takes cash there).
 */
export function DeliveryCheck() {
  const id = useId();
  const [pin, setPin] = useState('');
  const [result, setResult] = useState<Result>({ kind: 'idle' });

  // Only the newest check may answer: an older one that returns late (a slow network, the
  // remembered PIN's check still loading) must not overwrite what she asked since.
  const latestCheck = useRef(0);

  const check = useCallback(async (value: string) => {
    const ticket = ++latestCheck.current;
    const isStale = () => ticket !== latestCheck.current;
    // The field shows the PIN being checked at once, before anything is awaited, so a check
    // still loading never puts back a PIN she has typed over.
    setPin(value);
    if (!SIX_DIGITS.test(value)) {
      setResult({ kind: 'invalid', message: deliveryMessages.invalidPin });
      return;
    }
    setResult({ kind: 'checking' });
    // Loaded on first use (then at once): the product page's first load stays as it was.
    const { checkPincode } = await import('../../lib/pincode-api');
    if (isStale()) return;
    const answer = await checkPincode(value);
    if (isStale()) return;
    if (answer.kind === 'unknown') {
      setResult({ kind: 'invalid', message: answer.message || deliveryMessages.invalidPin });
      return;
    }
    if (answer.kind === 'failed') {
      setResult({ kind: 'failed' });
      return;
    }
    const { city, state, serviceable, cod, estimate } = answer.answer;
    try {
      window.localStorage.setItem(DELIVERY_PIN_KEY, value);
    } catch {
      // Private browsing may refuse storage: the check still answers.
    }
    setResult({
      kind: 'answer',
      served: serviceable,
      cod,
      place: `${city}, ${state}`,
      text: serviceable && estimate ? deliveryByText(estimate) : deliveryMessages.notDeliverable,
    });
  }, []);

  // After hydration: the PIN she checked last, answered again (its dates move with the days).
  useEffect(() => {
    const remembered = rememberedPin();
    if (!remembered) return;
    let live = true;
    // Answered after hydration, from a callback like any outside answer.
    void Promise.resolve().then(() => (live ? check(remembered) : undefined));
    return () => {
      live = false;
    };
  }, [check]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void check(pin.trim());
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-line p-4"
      data-testid="delivery-check"
    >
      <h2 id={`${id}-heading`} className="text-sm font-semibold text-ink">
        Check delivery
      </h2>
      <form onSubmit={submit} className="mt-2 flex gap-2" noValidate>
        <label htmlFor={`${id}-pin`} className="sr-only">
          PIN code
        </label>
        <input
          id={`${id}-pin`}
          value={pin}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="Enter PIN code"
          aria-describedby={`${id}-result`}
          className="min-w-0 flex-1 rounded-xl border border-line bg-white px-3.5 py-2 text-ink placeholder:text-muted/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <button
          type="submit"
          className="rounded-xl border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-blush/60"
        >
          Check
        </button>
      </form>
      {/* Two lines reserved: the answer and the place (or cash on delivery) never push the page. */}
      <div id={`${id}-result`} aria-live="polite" className="mt-2 min-h-[2.75rem] text-sm">
        {result.kind === 'checking' && <p className="text-muted">Checking...</p>}
        {result.kind === 'failed' && (
          <p className="text-muted">We could not check delivery just now. Please try again.</p>
        )}
        {result.kind === 'invalid' && <p className="font-medium text-red-700">{result.message}</p>}
        {result.kind === 'answer' && (
          <>
            <p className={result.served ? 'font-medium text-ink' : 'font-medium text-red-700'}>
              {result.text}
            </p>
            <p className="text-muted">
              {result.place}
              {result.served && result.cod ? ` · ${deliveryMessages.codAvailable}` : ''}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
