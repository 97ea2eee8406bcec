/** What an action on the order came to: said politely on success, as an alert on failure. */
export interface ActionOutcome {
  ok: boolean;
  text: string;
}

export function ActionMessage({ outcome }: { outcome: ActionOutcome | null }) {
  return (
    <div aria-live="polite">
      {outcome ? (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={`mt-2 rounded-xl px-3 py-2 text-sm font-medium ${
            outcome.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'
          }`}
        >
          {outcome.text}
        </p>
      ) : null}
    </div>
  );
}

export const primaryButton =
  'rounded-full bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60';
export const secondaryButton =
  'rounded-full border border-brand-300 bg-white px-4 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50 disabled:opacity-60';
