import { formatMoney, rupeesToPaise } from '@shop/domain/money';

/** Rupees on the wire as the back office writes them: Indian grouping (₹1,23,456, ₹1,299.50). */
export const formatRupees = (rupees: number) =>
  formatMoney(rupeesToPaise(rupees), { trimZeroPaise: true });

const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The shop works in India's time, whatever the browser's clock says. */
export const formatIndiaDateTime = (iso: string) => indiaDateTime.format(new Date(iso));

/** A state as words: `refund_pending` reads "refund pending". */
export const stateWords = (state: string) => state.replace(/_/g, ' ');

const indiaDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A day in India's calendar (12 Mar 2026), for when an account was opened or last ordered. */
export const formatIndiaDate = (iso: string) => indiaDate.format(new Date(iso));
