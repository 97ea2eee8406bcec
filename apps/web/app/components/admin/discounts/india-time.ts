/**
 * The form's date-and-time inputs hold India's time, whatever the browser's clock says (the shop
 * runs on India's time): `2026-10-20T00:00` means midnight in India.
 */
const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a `datetime-local` value in India's time; '' for none. */
export function toIndiaInput(iso: string | null): string {
  if (!iso) return '';
  const get = (type: string) =>
    parts.formatToParts(new Date(iso)).find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** A `datetime-local` value read as India's time, as an ISO instant; null when blank. */
export function fromIndiaInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(`${value.length === 16 ? `${value}:00` : value}+05:30`);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
