import { formatAmount } from '../../lib/format';

/**
 * The GST the total includes, as the server computed it (prices include GST; the invoice backs it
 * out the same way). Nothing is shown when the server could not price it.
 */
export function GstIncluded({ gst, testId }: { gst: number | null; testId: string }) {
  if (gst === null) return null;
  return (
    <p className="mt-1 text-right text-xs text-muted" data-testid={testId}>
      Inclusive of GST {formatAmount(gst)}
    </p>
  );
}
