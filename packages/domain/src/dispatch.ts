/**
 * Dispatch: which orders wait to be packed, how late they are against the shipping policy, what
 * to pull from the shelves for a batch, what a parcel weighs and what a courier's AWB looks like.
 * The dispatch screen, its SQL and the shipping documents ask this module.
 */
import type { OrderStatus, PaymentStatus } from './orders.ts';

/**
 * Orders waiting to be packed: confirmed (the shopper's two-hour modification window is over)
 * or already being packed (processing). A pending order may still change, so it never waits
 * here; one not paid must never leave the shelves.
 */
export const dispatchStatuses = [
  'confirmed',
  'processing',
] as const satisfies readonly OrderStatus[];

/**
 * Payment states that let goods leave: the shop holds the money in full, or the order is cash on
 * delivery (only a confirmed COD order ever becomes `confirmed`).
 */
export const dispatchPaymentStatuses = [
  'paid',
  'cod_pending',
] as const satisfies readonly PaymentStatus[];

export function mayLeaveTheShelves(paymentStatus: PaymentStatus): boolean {
  return (dispatchPaymentStatuses as readonly PaymentStatus[]).includes(paymentStatus);
}

export function isReadyToPack(order: { status: OrderStatus; paymentStatus: PaymentStatus }) {
  return (
    (dispatchStatuses as readonly OrderStatus[]).includes(order.status) &&
    mayLeaveTheShelves(order.paymentStatus)
  );
}

/** The shipping policy promises orders are handed to the courier within 8–14 days. */
export const DISPATCH_WINDOW_DAYS = { due: 8, late: 14 } as const;

export type DispatchUrgency = 'on_time' | 'due' | 'late';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long an order has waited, in whole days since it was placed (the policy counts from the
 * order; an unpaid one is cancelled within the hour), and where that sits in the policy's window:
 * past 8 days it is due, past 14 late.
 */
export function dispatchAge(placedAt: Date | string, now: Date) {
  const days = Math.max(0, Math.floor((now.getTime() - new Date(placedAt).getTime()) / DAY_MS));
  const urgency: DispatchUrgency =
    days > DISPATCH_WINDOW_DAYS.late ? 'late' : days > DISPATCH_WINDOW_DAYS.due ? 'due' : 'on_time';
  return { days, urgency };
}

/**
 * The statuses an order passes on its way to shipped, in order: the transition table has no
 * direct move from confirmed to shipped, so a confirmed order is first marked processing.
 */
export function stepsToShipped(status: OrderStatus): OrderStatus[] {
  if (status === 'confirmed') return ['processing', 'shipped'];
  if (status === 'processing') return ['shipped'];
  return [];
}

/** The label's weight: an estimate of 200 g a piece (packaging included), never below 200 g. */
export const GRAMS_PER_ITEM = 200;

export function parcelWeightGrams(itemCount: number): number {
  return Math.max(1, itemCount) * GRAMS_PER_ITEM;
}

/** A weight as a label writes it: kilograms with up to two decimals (0.2 kg, 1.4 kg). */
export function formatWeight(grams: number): string {
  return `${Number((grams / 1000).toFixed(2))} kg`;
}

/** An AWB (the courier's tracking number): 6 to 30 letters or digits, nothing else. */
export const AWB_PATTERN = /^[A-Za-z0-9]{6,30}$/;

export function isAwb(value: string): boolean {
  return AWB_PATTERN.test(value);
}

export interface PickSourceLine {
  orderId: string;
  productId: string;
  productName: string;
  colorName: string;
  size: string;
  quantity: number;
}

export interface PickLine {
  productId: string;
  productName: string;
  colorName: string;
  size: string;
  /** Pieces to pull from the shelf. */
  quantity: number;
  /** How many of the selected orders want this product, colour and size. */
  orders: number;
}

/**
 * What to pull for a batch of orders: one line per product, colour and size (sizes compared in
 * any case, colours as named), with the pieces and the orders wanting them; sorted by product
 * name, colour and size so the picker walks the list once.
 */
export function pickList(lines: readonly PickSourceLine[]): PickLine[] {
  const groups = new Map<string, PickLine & { orderIds: Set<string> }>();
  for (const line of lines) {
    const size = line.size.toUpperCase();
    const key = `${line.productId}\u0000${line.colorName}\u0000${size}`;
    const group = groups.get(key) ?? {
      productId: line.productId,
      productName: line.productName,
      colorName: line.colorName,
      size,
      quantity: 0,
      orders: 0,
      orderIds: new Set<string>(),
    };
    group.quantity += line.quantity;
    group.orderIds.add(line.orderId);
    group.orders = group.orderIds.size;
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ orderIds: _orderIds, ...line }) => line)
    .sort(
      (a, b) =>
        a.productName.localeCompare(b.productName) ||
        a.colorName.localeCompare(b.colorName) ||
        a.size.localeCompare(b.size, undefined, { numeric: true }),
    );
}
