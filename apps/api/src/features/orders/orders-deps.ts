import type { CodTerms } from '@shop/domain/cash-on-delivery';
import type { RefundDecider } from '@shop/domain/refunds';
import type { Tracking } from '@shop/contracts/shipping';
import type { Database, Executor } from '../../db/client.ts';
import type { ProductFactsSource } from '../cart/product-facts.ts';
import type { ChangeNotice } from '../catalogue/catalogue-changes.ts';
import type { DiscountReadings } from '../discounts/discounts.service.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type { LiveOffers } from '../offers/offers.service.ts';
import type { RefundWithLines } from '../payments/refunds.service.ts';
import type { ShopperLimits } from '../throttle/shopper-limits.ts';
import type { Throttle } from '../throttle/throttle.ts';
import type { OrdersRepository } from './orders.repository.ts';

/**
 * What orders need of refunds: owing one with a decision, and sending it after commit. Each owe
 * names who decided it, for the one refund gate (403 when they may not give it).
 */
export interface OrderRefunds {
  /**
   * Owes a full refund of the order's paid payment, in the transaction of the decision (a
   * cancel); true when one is now owed.
   */
  owe(
    tx: Executor,
    orderId: string,
    reason: 'cancelled' | 'returned',
    decidedBy: RefundDecider,
  ): Promise<boolean>;
  /**
   * Owes part of the order's paid payment back for items returned, in the transaction of the
   * shop refunding them, never past what is left of the payment; answers the refund's id and the
   * amount owed, or undefined when nothing was paid or nothing is left.
   */
  oweReturn(
    tx: Executor,
    orderId: string,
    amountPaise: number,
    decidedBy: RefundDecider,
  ): Promise<{ id: string; amountPaise: number } | undefined>;
  /** Whether the gate would let `decidedBy` refund this much of the order now (for screens). */
  mayRefund(
    tx: Executor,
    orderId: string,
    amountPaise: number,
    decidedBy: RefundDecider,
  ): Promise<boolean>;
  /** Sends what is owed, after the deciding transaction has committed. */
  sendSoon(): void;
}

/** What the orders service tells operators' metrics. */
export interface OrderMetrics {
  /** A new order was placed (not an earlier one answered again for its Idempotency-Key). */
  orderPlaced: () => void;
}

export interface OrdersServiceDeps {
  db: Database;
  /** Each order's parcel as the shopper sees it (orders without one are absent). */
  trackingOf?: (orderIds: string[]) => Promise<Map<string, Tracking>>;
  /** The refunds of these orders with the lines they give back. */
  refundsOf?: (orderIds: string[]) => Promise<RefundWithLines[]>;
  orders: OrdersRepository;
  facts: ProductFactsSource;
  discounts: DiscountReadings;
  /** The offers an order's lines are grouped under as it is placed. */
  offers: Pick<LiveOffers, 'current'>;
  /** Counts order placements per account (see shopperLimits). */
  throttle: Throttle;
  limits: ShopperLimits;
  outbox: MailOutbox;
  refunds: () => OrderRefunds;
  /** Empties catalogue copies in memory after stock changes. */
  /** Called after a commit changed the stock of these products. */
  stockChanged: (productIds: string[]) => Promise<void>;
  /** The same, for a transaction that sends the notice to other processes itself. */
  stockChangedWith: (productIds: string[]) => {
    notice: ChangeNotice | undefined;
    invalidateHere: () => void;
  };
  findUser: (userId: string) => Promise<{ email: string; firstName: string } | undefined>;
  publicUrl: string;
  /** STAFF_REFUND_LIMIT_RUPEES in paise: what staff may refund of an order (a cancel's too). */
  staffRefundLimitPaise: number;
  paymentTimeoutMs: number;
  metrics: OrderMetrics;
  cashOnDelivery: CashOnDeliveryDeps;
  /** Refuses a shipping PIN the courier does not serve (absent: every PIN is taken). */
  requireDeliverable?: (pinCode: string, field: string) => Promise<void>;
}

/** What cash on delivery needs beyond orders: the owner's terms and the courier's word. */
export interface CashOnDeliveryDeps {
  terms: () => Promise<CodTerms>;
  /** Whether the courier collects cash at this PIN code. */
  takesCashAt: (pinCode: string) => Promise<boolean>;
  /**
   * The 'cash-on-delivery-code' key: derives each order's code from its salt, and keys the hash
   * the order keeps of it (see cod-codes.ts).
   */
  codeKey: Buffer;
  /** The shopper's cart as checkout would order it: items less discounts, in paise. */
  cartTotalPaise: (userId: string) => Promise<number>;
}
