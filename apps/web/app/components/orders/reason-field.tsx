/** The reason a shopper gives for cancelling or returning an order (required, at most 500). */
export function ReasonField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor="order-reason" className="mt-4 block text-sm font-medium">
        Reason
      </label>
      <textarea
        id="order-reason"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={3}
        maxLength={500}
        className="mt-1 block w-full rounded-xl border border-line px-3 py-2"
      />
    </>
  );
}
