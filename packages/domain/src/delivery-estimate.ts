/**
 * When a parcel arrives, in business days counted from today in India: couriers pick up and
 * deliver Monday to Saturday, so Sundays are skipped, and so are the three national holidays
 * (Republic Day 26 January, Independence Day 15 August, Gandhi Jayanti 2 October), the only
 * holidays every state observes. Regional festivals vary by state and are left to the courier's
 * own estimate.
 */

/** A calendar date in India, as YYYY-MM-DD (no time, no zone). */
export type IsoDate = string;

/** Days from our pickup to the door, as the courier states them (business days). */
export interface TransitDays {
  min: number;
  max: number;
}

/**
 * Business days between an order and the courier's pickup: the shop packs the next business day.
 * The shipping policy's outer bound for handing orders to the courier is far longer; a promise
 * on the product page shows what normally happens, so this is the usual day, kept in one place.
 */
export const DISPATCH_BUSINESS_DAYS = 1;

/** National holidays observed across India, as MM-DD (fixed dates). */
export const NATIONAL_HOLIDAYS: readonly string[] = ['01-26', '08-15', '10-02'];

/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const INDIA_OFFSET_MS = 330 * 60_000;

/** Today's date in India (Asia/Kolkata) at `now`. */
export function indiaToday(now: Date): IsoDate {
  return new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

function parse(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** Mon-Sat and not a national holiday. */
export function isBusinessDay(date: IsoDate): boolean {
  const day = parse(date).getUTCDay();
  return day !== 0 && !NATIONAL_HOLIDAYS.includes(date.slice(5));
}

/** The date `count` business days after `date` (the start day itself is never counted). */
export function addBusinessDays(date: IsoDate, count: number): IsoDate {
  const cursor = parse(date);
  let left = count;
  while (left > 0) {
    cursor.setUTCDate(cursor.getUTCDate() + 1);
    if (isBusinessDay(cursor.toISOString().slice(0, 10))) left -= 1;
  }
  return cursor.toISOString().slice(0, 10);
}

/** The earliest and latest delivery dates for an order placed at `now`. */
export function deliveryEstimate(
  now: Date,
  transit: TransitDays,
  dispatchDays = DISPATCH_BUSINESS_DAYS,
): { from: IsoDate; to: IsoDate } {
  const today = indiaToday(now);
  return {
    from: addBusinessDays(today, dispatchDays + transit.min),
    to: addBusinessDays(today, dispatchDays + transit.max),
  };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Thu, 4 Dec': the weekday and the day of the month, as Indian shops print it. */
export function formatDeliveryDate(date: IsoDate): string {
  const day = parse(date);
  return `${WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}

/** 'Delivery by Thu, 4 Dec': the latest date, so the promise is one the courier keeps. */
export function deliveryByText(estimate: { to: IsoDate }): string {
  return `Delivery by ${formatDeliveryDate(estimate.to)}`;
}

export const deliveryMessages = {
  invalidPin: 'Please enter a valid PIN code',
  notDeliverable: 'Not deliverable to this PIN code yet',
  codAvailable: 'Cash on delivery available',
} as const;
