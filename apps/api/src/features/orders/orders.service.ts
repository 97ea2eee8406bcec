import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  orderMessages,
  type CreateOrderInput,
  type Order,
  type OrderPage,
} from '@shop/contracts/orders';
import {
  cartTotals,
  exceedsUnitsPerSize,
  lineTotalPaise,
  normalizeSize,
  sameColorName,
  sameLines,
  sameSize,
} from '@shop/domain/cart';
import {
  CASH_ON_DELIVERY,
  COD_CODE_ATTEMPTS,
  COD_CONFIRM_WINDOW_MS,
  codDecision,
  codMessages,
  normalizeCodCode,
  type CodTerms,
} from '@shop/domain/cash-on-delivery';
import { evaluateDiscount } from '@shop/domain/discounts';
import { conflict, invalid, notFound, ShopError } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees } from '@shop/domain/money';
import {
  cancelCheck,
  MODIFICATION_WINDOW_MS,
  needsPaymentFor,
  statusLabel,
  transition,
  type OrderActor,
  type OrderStatus,
  type PaymentStatus,
} from '@shop/domain/orders';
import {
  lineEligibility,
  planReturn,
  returnLineStateLabels,
  returnMessages,
  returnWindowCheck,
  type DeclinedLine,
  type PlannedReturnLine,
  type ReturnAction,
  type ReturnLineState,
  type ReturnRequestLine,
} from '@shop/domain/returns';
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  detailOf,
  isUniqueViolation,
  sqlStateOf,
  type Database,
  type Executor,
} from '../../db/client.ts';
import { orders, type OrderAddress, type OrderDiscount } from '../../db/schema.ts';
import type { ProductFactsSource } from '../cart/product-facts.ts';
import type { ProductFacts } from '../catalogue/catalogue.service.ts';
import type { ChangeNotice } from '../catalogue/catalogue-changes.ts';
import {
  toDiscountRule,
  type DiscountReading,
  type DiscountsRepository,
} from '../discounts/discounts.repository.ts';
import type { RefundDecider } from '@shop/domain/refunds';
import type { UserRole } from '@shop/domain/roles';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { Tracking } from '@shop/contracts/shipping';
import type { ShopperLimits } from '../throttle/shopper-limits.ts';
import type { Throttle } from '../throttle/throttle.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { MailExtras, MailOutbox, MailTemplates } from '../mail/mail-outbox.ts';
import type { RefundWithLines } from '../payments/refunds.service.ts';
import { shopperRefunds } from './order-refunds.ts';
import { codCodeHash, derivedCodCode, newCodCodeSalt } from './cod-codes.ts';
import {
  codCodeMail,
  orderCancelledMail,
  orderConfirmationMail,
  orderDeliveredMail,
  orderShippedMail,
  returnDeclinedMail,
  returnRequestedMail,
} from './order-mails.ts';
import {
  AWAITING_PAYMENT_STATE,
  orderAsJson,
  orderFromJson,
  type CartReading,
  type NewOrderItem,
  type OrderRow,
  type OrdersRepository,
  type OrderWithItems,
  type PlacedOrder,
} from './orders.repository.ts';

/** Parsed `POST /order` body (see createOrderSchema). */
export type CreateOrderCommand = {
  items: { product: string; quantity: number; size: string; color: { colorName: string } }[];
  shippingAddress: OrderAddress;
  /** Checked by the route's schema as a checkout address. */
  billingAddress?: OrderAddress | null | undefined;
  sameAsShipping?: boolean | undefined;
  paymentMethod: string;
  notes: string;
};

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
   * shop refunding them; answers the refund's id, or undefined when nothing was paid.
   */
  oweReturn(
    tx: Executor,
    orderId: string,
    amountPaise: number,
    decidedBy: RefundDecider,
  ): Promise<string | undefined>;
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

/** SQLSTATEs of the database function that places orders. */
const STOCK_SHORT = 'SH001';
const PRICE_CHANGED = 'SH002';
const DEADLOCK_DETECTED = '40P01';
/** Prices moving under an order this many times in a row is answered 409. */
const MAX_PLACING_ATTEMPTS = 3;
/** Why an unpaid order was cancelled: the shopper placed her cart again. */
const REPLACED_REASON = 'Replaced by a newer order from the same cart';

const unprocessable = (message: string) => new ShopError('unprocessable', message);

/** A cart's discount the domain refuses as the order is priced (409 with the rule's message). */
class DiscountRefused extends ShopError {
  constructor(message: string) {
    super('conflict', message);
  }
}

function requestHash(command: CreateOrderCommand): string {
  const canonical = JSON.stringify({
    items: command.items.map((item) => [
      item.product,
      item.quantity,
      normalizeSize(item.size),
      item.color.colorName.toLowerCase(),
    ]),
    shipping: command.shippingAddress,
    billing: command.billingAddress ?? null,
    same: command.sameAsShipping ?? null,
    method: command.paymentMethod,
    notes: command.notes,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** LB + yymmdd + 8 random digits: readable on the phone, unguessable, unique in practice. */
function newOrderNumber(now = new Date()): string {
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `LB${date}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Goods may leave for an order paid in full, or a cash-on-delivery order its shopper confirmed. */
function readyForGoods(order: OrderRow): boolean {
  if (order.paymentStatus === ('paid' satisfies PaymentStatus)) return true;
  return (
    order.paymentStatus === ('cod_pending' satisfies PaymentStatus) && order.codConfirmedAt !== null
  );
}

/** Payment states in which some of the order's money is still with the shop to give back. */
const MONEY_WITH_THE_SHOP: readonly PaymentStatus[] = [
  'paid',
  'partially_refunded',
  'refund_pending',
];

/**
 * The order mails queued as data in the statement that owes them (settlement queues the
 * confirmation with the payment, a cash-on-delivery placement the code that confirms it), written
 * when the outbox delivers them.
 */
export function orderMailTemplates(publicUrl: string, codCodeKey: Buffer): MailTemplates {
  return {
    order_confirmation(data) {
      const { recipient, order, items } = data as {
        recipient: { email: string; firstName: string };
        order: unknown;
        items: unknown[];
      };
      return orderConfirmationMail(
        recipient.email,
        recipient.firstName,
        toOrder(orderFromJson(order, items)),
        publicUrl,
      );
    },
    cod_code(data) {
      const { recipient, order, items, code_salt, code } = data as {
        recipient: { email: string; firstName: string };
        order: unknown;
        items: unknown[];
        code_salt?: string;
        /** Only in a mail queued by a release from before codes were derived. */
        code?: string;
      };
      const placed = toOrder(orderFromJson(order, items));
      return codCodeMail(
        recipient.email,
        recipient.firstName,
        placed,
        code_salt === undefined ? code! : derivedCodCode(codCodeKey, placed.orderNumber, code_salt),
        publicUrl,
      );
    },
  };
}

/**
 * A stock row's place in the order rows are locked everywhere (product, then colour and size
 * byte-wise, as placing an order takes them), so two writers never wait on each other in a cycle.
 */
function stockRowKey(productId: string, row: { colorName: string; size: string } | null): string {
  return `${productId}\u0000${row?.colorName.toLowerCase() ?? ''}\u0000${row?.size.toLowerCase() ?? ''}`;
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The bought lines as the return rules read them, each marked when it was asked for already. */
function linesForReturn(row: OrderWithItems) {
  const asked = new Set(row.returns.map((line) => line.orderItemId));
  return row.items.map((item) => ({ ...item, alreadyAsked: asked.has(item.id) }));
}

export function toOrder(row: OrderWithItems, now = new Date()): Order {
  const status = row.status as OrderStatus;
  const items = row.items.map((item) => {
    const eligibility = lineEligibility(item);
    return {
      _id: item.id,
      product: item.productId,
      productName: item.productName,
      productImage: item.productImage,
      color: { colorName: item.colorName, colorHex: item.colorHex },
      size: item.size,
      quantity: item.quantity,
      priceAtPurchase: paiseToRupees(item.pricePaise),
      itemTotal: paiseToRupees(item.itemTotalPaise),
      returnable: eligibility.eligible,
      returnBlockedReason: eligibility.eligible ? null : eligibility.reason,
      returnCondition: eligibility.eligible ? eligibility.condition : null,
    };
  });
  const returns = row.returns.map((line) => {
    const action = line.action as ReturnAction;
    const state = line.state as ReturnLineState;
    return {
      _id: line.id,
      itemId: line.orderItemId,
      productName: row.items.find((item) => item.id === line.orderItemId)?.productName ?? '',
      quantity: line.quantity,
      action,
      exchangeFor:
        line.exchangeColorName !== null && line.exchangeSize !== null
          ? { colorName: line.exchangeColorName, size: line.exchangeSize }
          : null,
      state,
      stateLabel: returnLineStateLabels[action][state],
      refundAmount: line.refundPaise === null ? null : paiseToRupees(line.refundPaise),
      requestedAt: new Date(line.requestedAt).toISOString(),
      declineReason: line.declineReason ?? null,
      pickup: line.pickupAwb
        ? { courier: line.pickupCourier, awb: line.pickupAwb, trackingUrl: line.pickupTrackingUrl }
        : null,
      parcel: line.outboundAwb
        ? {
            courier: line.outboundCourier,
            awb: line.outboundAwb,
            trackingUrl: line.outboundTrackingUrl,
          }
        : null,
    };
  });
  const open = returnWindowCheck({ status, deliveredAt: row.deliveredAt, now }).ok;
  return {
    _id: row.id,
    orderId: row.id,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    status,
    statusLabel: statusLabel(status),
    subtotal: paiseToRupees(row.subtotalPaise),
    totalDiscountAmount: paiseToRupees(row.discountPaise),
    discountCode: row.discountCode,
    discounts: row.discounts.map((applied) => ({
      code: applied.code,
      type: applied.type,
      amount: paiseToRupees(applied.amountPaise),
    })),
    shippingCharge: paiseToRupees(row.shippingPaise),
    taxAmount: paiseToRupees(row.taxPaise),
    total: paiseToRupees(row.totalPaise),
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus as PaymentStatus,
    paymentDueAt: row.paymentDueAt.toISOString(),
    paidAt: iso(row.paidAt),
    codFee: paiseToRupees(row.codFeePaise),
    codConfirmedAt: iso(row.codConfirmedAt),
    notes: row.notes,
    items,
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    deliveredAt: iso(row.deliveredAt),
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    returnReason: row.returnReason,
    returns,
    canCancel: cancelCheck(status).ok,
    canReturn: open && planReturn(linesForReturn(row), undefined).accepted.length > 0,
    tracking: null,
    refunds: [],
  };
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
  discounts: DiscountsRepository;
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

export function createOrdersService(deps: OrdersServiceDeps) {
  const { db, orders: repository, facts, outbox } = deps;

  type Recipient = { email: string; firstName: string } | undefined;
  type OrderMail = (to: string, firstName: string, order: Order, publicUrl: string) => MailMessage;

  /**
   * Queues a mail to the order's shopper inside the caller's transaction. The recipient is read
   * before the transaction opens: on PGlite a query outside an open transaction waits for it.
   */
  async function mailShopper(
    tx: Executor,
    recipient: Recipient,
    row: OrderWithItems,
    build: OrderMail,
    extras?: MailExtras,
  ) {
    if (recipient)
      await outbox.enqueue(
        tx,
        build(recipient.email, recipient.firstName, toOrder(row), deps.publicUrl),
        extras,
      );
  }

  /** What deciding cash on delivery needs, read before the placing transaction. */
  async function codFacts(userId: string, command: CreateOrderCommand) {
    const [terms, takesCash, recentOrders, recipient] = await Promise.all([
      deps.cashOnDelivery.terms(),
      deps.cashOnDelivery.takesCashAt(command.shippingAddress.pinCode),
      repository.recentForCod(userId),
      deps.findUser(userId),
    ]);
    return { terms, takesCash, recentOrders, recipient };
  }

  /** The fee and the mailed code of a COD order, or the rule's 400 when cash is refused. */
  function cashTerms(
    cod: Awaited<ReturnType<typeof codFacts>>,
    orderPaise: number,
    orderNumber: string,
  ) {
    const decision = codDecision({
      terms: cod.terms,
      orderPaise,
      pinCodeTakesCash: cod.takesCash,
      recentOrders: cod.recentOrders,
    });
    if (!decision.ok) throw invalid(decision.message);
    const codeSalt = newCodCodeSalt();
    const code = derivedCodCode(deps.cashOnDelivery.codeKey, orderNumber, codeSalt);
    return {
      feePaise: decision.feePaise,
      codeSalt,
      codeHash: codCodeHash(deps.cashOnDelivery.codeKey, orderNumber, code),
    };
  }

  function billingOf(command: CreateOrderCommand): OrderAddress {
    if (!command.billingAddress || command.sameAsShipping === true) return command.shippingAddress;
    return command.billingAddress;
  }

  /**
   * Each line checked against the catalogue (a line that cannot be bought is a 400 naming it) and
   * priced at the catalogue's price. The placing call refuses a price that changed since, and the
   * order is then described again from `fresh` facts.
   */
  async function describeLines(
    command: CreateOrderCommand,
    source: 'cachedIgnoringStock' | 'fresh',
  ) {
    const byId = await facts[source](command.items.map((item) => item.product));
    return command.items.map((item, position) => {
      const product = byId.get(item.product);
      if (!product || !product.is_active)
        throw invalid('A product in your order is no longer available');
      const color = product.colors.find((c) => sameColorName(c.colorName, item.color.colorName));
      if (!color) throw invalid(`${product.name} is not available in ${item.color.colorName}`);
      const stock = color.sizeStock.find((entry) => sameSize(entry.size, item.size));
      if (!stock)
        throw invalid(`${product.name} is not available in size ${item.size.toUpperCase()}`);
      const line: NewOrderItem = {
        productId: product.id,
        productName: product.name,
        productImage: color.images[0] ?? '',
        colorName: color.colorName,
        colorHex: color.colorHex,
        size: normalizeSize(stock.size),
        quantity: item.quantity,
        pricePaise: product.price_paise,
        itemTotalPaise: lineTotalPaise({
          unitPricePaise: product.price_paise,
          quantity: item.quantity,
        }),
        categorySlug: product.category_slug,
        subcategorySlug: product.subcategory_slug,
        position,
      };
      return { line, categoryId: product.category_id };
    });
  }

  /**
   * Totals of described lines with the cart's discounts, read with the shopper's side of their
   * rules (under their locks, or checked again under them by the placing statement). Whether each
   * applies is the domain's rule alone; the placing call then counts the use.
   */
  function priceOrder(
    described: Awaited<ReturnType<typeof describeLines>>,
    readings: DiscountReading[],
  ) {
    const lines = described.map(({ line, categoryId }) => ({
      productId: line.productId,
      categoryId,
      lineTotalPaise: line.itemTotalPaise,
    }));
    const applied: (OrderDiscount & { id: string })[] = [];
    for (const { discount, history } of readings) {
      const check = evaluateDiscount(toDiscountRule(discount), {
        lines,
        now: new Date(),
        timesUsed: discount.timesUsed,
        ...history,
      });
      if (!check.ok) throw new DiscountRefused(check.message);
      applied.push({
        id: discount.id,
        code: discount.code,
        type: discount.type === 'voucher' ? 'voucher' : 'coupon',
        amountPaise: check.amountPaise,
      });
    }
    // A coupon is listed before a voucher, as the cart shows them.
    applied.sort((a, b) => (a.type === b.type ? 0 : a.type === 'coupon' ? -1 : 1));
    const totals = cartTotals(
      described.map(({ line }) => ({ unitPricePaise: line.pricePaise, quantity: line.quantity })),
      applied.reduce((sum, discount) => sum + discount.amountPaise, 0),
    );
    return { totals, applied };
  }

  function placed(row: OrderWithItems) {
    const order = toOrder(row);
    return {
      orderId: row.id,
      _id: row.id,
      orderNumber: row.orderNumber,
      total: order.total,
      order,
    };
  }

  /**
   * Returns orders' stock and discount uses, inside the caller's transaction: all the stock first,
   * then the discounts, each in the order place_order locks them, so a placement and a batch of
   * cancellations never wait on each other in a cycle. Answers the products restocked.
   */
  async function release(tx: Executor, orderIds: string[]) {
    const items = await repository.itemsOf(tx, orderIds);
    for (const item of items) {
      await repository.returnStock(tx, {
        productId: item.productId,
        colorName: item.colorName,
        size: item.size,
        quantity: item.quantity,
      });
    }
    await repository.releaseDiscountUses(tx, orderIds);
    return items.map((item) => item.productId);
  }

  async function trackingOf(orderIds: string[]) {
    return deps.trackingOf ? deps.trackingOf(orderIds) : new Map<string, Tracking>();
  }

  async function refundsOf(orderIds: string[]) {
    return deps.refundsOf ? deps.refundsOf(orderIds) : [];
  }

  /**
   * Confirms a COD order under its lock when `accept` says so (a wrong code is counted instead),
   * queueing the confirmation mail; the modification window then runs as for a paid order.
   */
  async function confirmCod(
    orderId: string,
    accept: (locked: OrderRow) => boolean,
    actor?: AuditActor,
  ): Promise<'confirmed' | 'already' | 'wrong'> {
    const before = await repository.findById(db, orderId);
    const recipient = before ? await deps.findUser(before.userId) : undefined;
    const outcome = await db.transaction(async (tx) => {
      const locked = await repository.lockOrder(tx, orderId);
      if (!locked) throw notFound(orderMessages.notFound);
      if (locked.paymentMethod !== CASH_ON_DELIVERY) throw conflict(codMessages.notAwaiting);
      if (locked.codConfirmedAt) return 'already' as const;
      if (
        locked.status !== ('pending' satisfies OrderStatus) ||
        locked.paymentStatus !== ('cod_pending' satisfies PaymentStatus)
      )
        throw conflict(codMessages.notAwaiting);
      if (locked.paymentDueAt.getTime() <= Date.now())
        throw conflict(orderMessages.codNotConfirmedInTime);
      if (!accept(locked)) {
        await repository.updateOrder(tx, orderId, {
          codCodeAttempts: locked.codCodeAttempts + 1,
        });
        return 'wrong' as const;
      }
      const now = new Date();
      await repository.updateOrder(tx, orderId, { codConfirmedAt: now, codCodeHash: null });
      if (actor) {
        await recordAudit(tx, actor, {
          action: 'order.cod_confirm',
          entity: 'order',
          entityId: orderId,
          before: { codConfirmedAt: null },
          after: { codConfirmedAt: now.toISOString() },
        });
      }
      const confirmed = (await repository.findById(tx, orderId))!;
      await mailShopper(tx, recipient, confirmed, orderConfirmationMail);
      return 'confirmed' as const;
    });
    if (outcome === 'confirmed') outbox.deliverSoon();
    return outcome;
  }

  async function ownOrder(userId: string, orderId: string) {
    const row = isUuid(orderId) ? await repository.findForUser(db, userId, orderId) : undefined;
    if (!row) throw notFound(orderMessages.notFound);
    return row;
  }

  async function page(
    where: SQL | undefined,
    pageNumber: number,
    limit: number,
  ): Promise<OrderPage> {
    const [rows, total] = await Promise.all([
      repository.withItems(db, where, { limit, offset: (pageNumber - 1) * limit }),
      repository.countWhere(where),
    ]);
    const now = new Date();
    const ids = rows.map((row) => row.id);
    const [tracking, refunds] = await Promise.all([trackingOf(ids), refundsOf(ids)]);
    return {
      orders: rows.map((row) => ({
        ...toOrder(row, now),
        tracking: tracking.get(row.id) ?? null,
        refunds: shopperRefunds(refunds, row),
      })),
      total,
      totalPages: Math.ceil(total / limit),
      page: pageNumber,
    };
  }

  /**
   * Cancels inside a transaction: stock and discount back, status cancelled, and a paid order's
   * refund owed with it. Answers the row and whether a refund is owed.
   */
  async function cancelLocked(
    tx: Executor,
    row: OrderRow,
    reason: string,
    decidedBy: RefundDecider,
  ) {
    await release(tx, [row.id]);
    const refundOwed = await oweRefund(tx, row, decidedBy);
    // Cash on delivery brought back by the courier was never paid: refused at the door.
    const refusedAtDoor =
      row.paymentStatus === ('cod_pending' satisfies PaymentStatus) && row.status === 'shipped';
    const cancelled = await repository.updateOrder(tx, row.id, {
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelReason: reason,
      ...(refusedAtDoor ? { paymentStatus: 'cod_refused' satisfies PaymentStatus } : {}),
    });
    return { row: cancelled, refundOwed };
  }

  /** A paid order's money goes back: the refund row is written with the decision. */
  async function oweRefund(tx: Executor, row: OrderRow, decidedBy: RefundDecider) {
    // Paid, or partly refunded by hand since: the rest goes back (the refunds service owes it).
    if (!MONEY_WITH_THE_SHOP.includes(row.paymentStatus as PaymentStatus)) return false;
    const owed = await deps.refunds().owe(tx, row.id, 'cancelled', decidedBy);
    if (owed) {
      await repository.updateOrder(tx, row.id, {
        paymentStatus: 'refund_pending' satisfies PaymentStatus,
      });
    }
    return owed;
  }

  async function afterCancel(orderId: string, refundOwed: boolean) {
    const restocked = (await repository.findById(db, orderId))!;
    await deps.stockChanged(restocked.items.map((item) => item.productId));
    if (refundOwed) deps.refunds().sendSoon();
    const refunded = refundOwed;
    const row = (await repository.findById(db, orderId))!;
    const recipient = await deps.findUser(row.userId);
    await db.transaction((tx) =>
      mailShopper(tx, recipient, row, (to, name, order, url) =>
        orderCancelledMail(to, name, order, url, refunded),
      ),
    );
    outbox.deliverSoon();
    return row;
  }

  /**
   * The shop declines the request: each line whose items are still with the shopper is declined
   * and a replacement's stock goes back.
   */
  async function declineReturnLines(tx: Executor, order: OrderWithItems) {
    const lines = await repository.lockAwaitingReturnLines(tx, order.id);
    const now = new Date();
    for (const line of lines) {
      if (line.exchangeColorName !== null && line.exchangeSize !== null) {
        const item = order.items.find((candidate) => candidate.id === line.orderItemId)!;
        await repository.returnStock(tx, {
          productId: item.productId,
          colorName: line.exchangeColorName,
          size: line.exchangeSize,
          quantity: line.quantity,
        });
      }
      await repository.updateReturnLine(tx, line.id, {
        state: 'declined' satisfies ReturnLineState,
        declinedAt: now,
      });
    }
  }

  /** What a status move reads before its transaction: the order and its shopper's address. */
  async function prepareMove(orderId: string) {
    const current = isUuid(orderId) ? await repository.findById(db, orderId) : undefined;
    if (!current) throw notFound(orderMessages.notFound);
    const recipient = await deps.findUser(current.userId);
    return { current, recipient };
  }

  /**
   * Moves an order in the caller's transaction, as the table allows `by` (the shop by default;
   * the system for a parcel the courier brought back), with its audit entry and its mails.
   */
  async function moveIn(
    tx: Executor,
    actor: AuditActor,
    prepared: Awaited<ReturnType<typeof prepareMove>>,
    to: OrderStatus,
    options: {
      /**
       * Who decides the refund a cancel owes: the person of the shop moving it (staff within
       * their limit), or null for the courier's word (a parcel brought back).
       */
      decidedBy: RefundDecider;
      reason?: string | undefined;
      by?: OrderActor;
      /** The parcel a move to shipped was booked as: its mail names the AWB and the link. */
      tracking?: Tracking | undefined;
      /** The parcel's courier and AWB, which a move to shipped needs: stored on the order. */
      shipment?: { courier: string; awb: string } | undefined;
    },
  ) {
    const { current, recipient } = prepared;
    const orderId = current.id;
    const locked = await repository.lockOrder(tx, orderId);
    if (!locked) throw notFound(orderMessages.notFound);
    // A move to shipped passes only with its parcel (the shipping service's booking or hand entry).
    const check = transition(
      locked.status as OrderStatus,
      to,
      options.by ?? 'shop',
      options.shipment,
    );
    if (!check.ok) throw invalid(check.message);
    // An order paid online moves on only once paid: one awaiting payment holds stock, and
    // shipping it would give the goods away. Cash on delivery moves on once confirmed.
    if (needsPaymentFor(to) && !readyForGoods(locked)) throw invalid(orderMessages.notPaid);
    const audit = (after: OrderRow) =>
      recordAudit(tx, actor, {
        action: 'order.status',
        entity: 'order',
        entityId: orderId,
        before: {
          status: locked.status,
          paymentStatus: locked.paymentStatus,
          ...(options.shipment ? { courier: locked.courier, awb: locked.awb } : {}),
        },
        after: {
          status: after.status,
          paymentStatus: after.paymentStatus,
          ...(options.shipment ? { courier: after.courier, awb: after.awb } : {}),
        },
      });
    if (to === 'cancelled') {
      const cancelled = await cancelLocked(
        tx,
        locked,
        options.reason ?? 'Cancelled by the shop',
        options.decidedBy,
      );
      await audit(cancelled.row);
      return { ...cancelled, restocked: true };
    }
    const now = new Date();
    const changes: Partial<OrderRow> = { status: to };
    if (to === 'confirmed') changes.confirmedAt = now;
    if (to === 'shipped') changes.shippedAt = now;
    // The courier and its tracking number go with the move, so a shipped order has them.
    if (to === 'shipped' && options.shipment) Object.assign(changes, options.shipment);
    if (to === 'delivered') changes.deliveredAt = locked.deliveredAt ?? now;
    // Delivered cash on delivery is paid: the courier collected it at the door.
    if (to === 'delivered' && locked.paymentStatus === ('cod_pending' satisfies PaymentStatus)) {
      changes.paymentStatus = 'paid' satisfies PaymentStatus;
      changes.paidAt = now;
    }
    let restocked = false;
    // The shop refuses the request: the order is delivered again, as it was.
    if (to === 'delivered' && locked.status === 'return_requested') {
      await declineReturnLines(tx, current);
      restocked = true;
    }
    const row = await repository.updateOrder(tx, orderId, changes);
    await audit(row);
    const full = (await repository.findById(tx, orderId))!;
    // The tax invoice goes with the mail that follows payment: a prepaid order's shipped mail,
    // a cash order's delivered mail (it is paid, and invoiced, at the door).
    const paidNow = full.paymentStatus === ('paid' satisfies PaymentStatus);
    if (to === 'shipped') {
      await mailShopper(
        tx,
        recipient,
        full,
        (address, name, order, url) =>
          orderShippedMail(address, name, { ...order, tracking: options.tracking ?? null }, url),
        paidNow ? { invoiceOf: orderId } : undefined,
      );
    }
    if (to === 'delivered' && locked.status === 'shipped') {
      const collectedNow = locked.paymentStatus === ('cod_pending' satisfies PaymentStatus);
      await mailShopper(
        tx,
        recipient,
        full,
        orderDeliveredMail,
        collectedNow && paidNow ? { invoiceOf: orderId } : undefined,
      );
    }
    if (to === 'delivered' && locked.status === 'return_requested') {
      await mailShopper(tx, recipient, full, returnDeclinedMail);
    }
    // No move refunds but a cancel: an order becomes returned on the returns desk, line by line.
    return { row, refundOwed: false, restocked };
  }

  /** After a move's commit: a refund to send, catalogue copies to empty, mail to deliver. */
  async function afterMove(
    orderId: string,
    to: OrderStatus,
    moved: { refundOwed: boolean; restocked: boolean },
  ) {
    if (to === 'cancelled') return toOrder(await afterCancel(orderId, moved.refundOwed));
    if (moved.refundOwed) deps.refunds().sendSoon();
    if (moved.restocked) {
      const full = (await repository.findById(db, orderId))!;
      await deps.stockChanged(full.items.map((item) => item.productId));
    }
    outbox.deliverSoon();
    return toOrder((await repository.findById(db, orderId))!);
  }

  return {
    async placeOrder(
      userId: string,
      command: CreateOrderCommand,
      idempotencyKey: string | undefined,
    ) {
      const hash = requestHash(command);
      if (idempotencyKey) {
        const earlier = await repository.findByIdempotencyKey(userId, idempotencyKey);
        if (earlier) {
          if (earlier.requestHash !== hash) throw unprocessable(orderMessages.idempotencyMismatch);
          return placed(earlier);
        }
      }
      const method = command.paymentMethod;
      if (method !== 'razorpay' && method !== CASH_ON_DELIVERY)
        throw invalid('Payment initialization incomplete');
      await deps.requireDeliverable?.(command.shippingAddress.pinCode, 'shippingAddress.pinCode');
      // Lines naming the same size count together.
      if (
        exceedsUnitsPerSize(
          command.items.map((item) => ({ ...item, colorName: item.color.colorName })),
        )
      )
        throw invalid(orderMessages.tooManyOfOneSize);
      // The first attempt's reads (the lines from the catalogue's cached copy; the cart as it
      // reads without a lock, for the one-statement placement) run while the throttle counts.
      const [firstDescribed, firstReading] = await deps.throttle.takeWhileReading(
        deps.limits.orderPlacements,
        userId,
        () =>
          Promise.all([
            describeLines(command, 'cachedIgnoringStock'),
            repository.readCartForOrder(userId),
          ]),
      );
      const billing = billingOf(command);
      // Read before the transaction (PGlite runs one statement at a time): decided inside it.
      const cod = method === CASH_ON_DELIVERY ? await codFacts(userId, command) : undefined;
      const named = command.items.map((item) => ({ ...item, colorName: item.color.colorName }));
      /** The order as the database places it, priced, with its lines and codes. */
      const toPlace = (
        described: Awaited<ReturnType<typeof describeLines>>,
        priced: ReturnType<typeof priceOrder>,
        orderNumber: string,
        cash: ReturnType<typeof cashTerms> | undefined,
        notice: ChangeNotice | undefined,
      ): PlacedOrder => ({
        order: {
          orderNumber,
          userId,
          subtotalPaise: priced.totals.subtotal,
          discountPaise: priced.totals.discountAmount,
          totalPaise: priced.totals.total + (cash?.feePaise ?? 0),
          discountId: priced.applied[0]?.id ?? null,
          discountCode: priced.applied.map((d) => d.code).join('+') || null,
          discounts: priced.applied.map(({ code, type, amountPaise }) => ({
            code,
            type,
            amountPaise,
          })),
          notes: command.notes,
          shippingAddress: command.shippingAddress,
          billingAddress: billing,
          idempotencyKey: idempotencyKey ?? null,
          requestHash: hash,
          paymentDueAt: new Date(
            Date.now() + (cash ? COD_CONFIRM_WINDOW_MS : deps.paymentTimeoutMs),
          ),
          ...(cash
            ? {
                paymentMethod: CASH_ON_DELIVERY,
                paymentStatus: 'cod_pending' satisfies PaymentStatus,
                codFeePaise: cash.feePaise,
                codCodeHash: cash.codeHash,
              }
            : {}),
        },
        items: described.map(({ line }) => line),
        discountIds: priced.applied.map((d) => d.id),
        notice,
      });
      /**
       * The placement in one statement, without an interactive transaction: the cart and its
       * discount codes are read without a lock and checked as the locking way checks them (an
       * empty cart 400, other lines 409, a code whose rules refuse the order), priced, cash on
       * delivery decided, and placed by `placeReadCart`, which takes the cart's and the codes'
       * locks, places only if those readings still hold, and replaces an earlier order of the
       * shopper still awaiting payment (a cash-on-delivery order also leaves the cart and mails
       * its code there). Undefined, with nothing taken, when a reading no longer holds: the
       * locking way then places it.
       */
      const placeFromReading = async (
        described: Awaited<ReturnType<typeof describeLines>>,
        notice: ChangeNotice | undefined,
        /** The cart as read already, when it was. */
        read: { cart: CartReading | undefined } | undefined,
      ) => {
        const cart = read ? read.cart : await repository.readCartForOrder(userId);
        if (!cart || cart.lines.length === 0) throw invalid(orderMessages.cartEmpty);
        if (
          !sameLines(
            cart.lines.map((line) => ({ ...line, product: line.productId })),
            named,
          )
        )
          throw conflict(orderMessages.cartChanged);
        // Codes read as they will stand once an earlier unpaid order gives its uses back.
        const readings = await deps.discounts.readingsFor(
          db,
          cart.discountIds,
          userId,
          AWAITING_PAYMENT_STATE,
        );
        const priced = priceOrder(described, readings);
        const orderNumber = newOrderNumber();
        const cash = cod ? cashTerms(cod, priced.totals.total, orderNumber) : undefined;
        return repository.placeReadCart(
          toPlace(described, priced, orderNumber, cash, notice),
          cart,
          readings,
          REPLACED_REASON,
          cash?.codeSalt,
        );
      };
      // Lines are described from the catalogue first (a cached copy first: stock and prices are
      // checked again where they are taken), then placed under the cart's lock, so two tabs place
      // one after the other: in one statement from a reading of the cart when it still holds,
      // else in a transaction that locks the cart first.
      for (let attempt = 1; ; attempt += 1) {
        const described = attempt === 1 ? firstDescribed : await describeLines(command, 'fresh');
        const stockChange = deps.stockChangedWith(described.map(({ line }) => line.productId));
        try {
          const outcome =
            (await placeFromReading(
              described,
              stockChange.notice,
              attempt === 1 ? { cart: firstReading } : undefined,
            )) ??
            (await db.transaction(async (tx) => {
              const cart = await repository.lockCartForOrder(tx, userId);
              if (!cart || cart.lines.length === 0) throw invalid(orderMessages.cartEmpty);
              if (
                !sameLines(
                  cart.lines.map((line) => ({ ...line, product: line.productId })),
                  named,
                )
              )
                throw conflict(orderMessages.cartChanged);
              // One open unpaid order per cart: the earlier one gives its stock and codes back.
              const replaced = (await repository.lockOpenUnpaid(tx, userId)).map(({ id }) => id);
              const restocked = replaced.length > 0 ? await release(tx, replaced) : [];
              for (const id of replaced) {
                await repository.updateOrder(tx, id, {
                  status: 'cancelled',
                  cancelledAt: new Date(),
                  cancelReason: REPLACED_REASON,
                });
              }
              await repository.lockDiscounts(tx, cart.discountIds);
              const priced = priceOrder(
                described,
                await deps.discounts.readingsFor(tx, cart.discountIds, userId),
              );
              const orderNumber = newOrderNumber();
              const cash = cod ? cashTerms(cod, priced.totals.total, orderNumber) : undefined;
              const row = await repository.placeOrder(
                tx,
                toPlace(described, priced, orderNumber, cash, stockChange.notice),
              );
              if (cash) {
                // Nothing is left to pay online: what was ordered leaves the cart now, and the
                // shopper confirms with the mailed code, queued as the statement above queues it
                // (its salt, never the code).
                await repository.linesLeaveCart(tx, row.id, userId);
                if (cod!.recipient)
                  await outbox.enqueueTemplate(tx, 'cod_code', {
                    recipient: { email: cod!.recipient.email, firstName: cod!.recipient.firstName },
                    ...orderAsJson(row),
                    code_salt: cash.codeSalt,
                  });
              }
              return { row, restocked };
            }));
          stockChange.invalidateHere();
          if (outcome.restocked.length > 0) await deps.stockChanged(outcome.restocked);
          if (cod) outbox.deliverSoon();
          deps.metrics.orderPlaced();
          return placed(outcome.row);
        } catch (error) {
          // Refused for lines priced from a copy (a minimum order, say): ask again with today's
          // prices before saying no.
          if (error instanceof DiscountRefused && attempt === 1) continue;
          const sqlState = sqlStateOf(error);
          if (sqlState === STOCK_SHORT) {
            const line = described[Number(detailOf(error))]?.line;
            if (!line) throw error;
            const left = await repository.stockOf(line);
            if (left === undefined) throw invalid(`${line.productName} is no longer available`);
            throw conflict(
              `Only ${left} left of ${line.productName} (${line.colorName}, size ${line.size.toUpperCase()})`,
            );
          }
          // A price moved since the lines were described: describe them afresh.
          if (sqlState === PRICE_CHANGED && attempt < MAX_PLACING_ATTEMPTS) continue;
          // PostgreSQL ended this call to break a lock cycle (the unpaid-order sweep releases
          // stock and discounts of many orders at once): nothing was taken, so try again.
          if (sqlState === DEADLOCK_DETECTED && attempt < MAX_PLACING_ATTEMPTS) continue;
          // Two orders drew the same random number: draw again (the first took nothing).
          if (isUniqueViolation(error, 'orders_number_key') && attempt < MAX_PLACING_ATTEMPTS)
            continue;
          if (sqlState === PRICE_CHANGED) throw conflict(orderMessages.pricesChanged);
          // The same Idempotency-Key sent twice at once: the second insert meets the first.
          if (idempotencyKey && isUniqueViolation(error)) {
            const earlier = await repository.findByIdempotencyKey(userId, idempotencyKey);
            if (earlier) {
              if (earlier.requestHash !== hash)
                throw unprocessable(orderMessages.idempotencyMismatch);
              return placed(earlier);
            }
          }
          throw error;
        }
      }
    },

    async list(userId: string, pageNumber: number, limit: number) {
      return page(eq(orders.userId, userId), pageNumber, limit);
    },

    async search(userId: string, q: string, pageNumber: number, limit: number) {
      const text = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const where = and(
        eq(orders.userId, userId),
        q
          ? or(
              ilike(orders.orderNumber, text),
              sql`exists (select 1 from order_items i where i.order_id = ${orders.id} and i.product_name ilike ${text})`,
            )
          : undefined,
      );
      return page(where, pageNumber, limit);
    },

    async get(userId: string, orderId: string) {
      const row = await ownOrder(userId, orderId);
      const [tracking, refunds] = await Promise.all([trackingOf([row.id]), refundsOf([row.id])]);
      return {
        ...toOrder(row),
        tracking: tracking.get(row.id) ?? null,
        refunds: shopperRefunds(refunds, row),
      };
    },

    async stats(userId: string) {
      const rows = await repository.statsFor(userId);
      const byStatus: Record<string, number> = {};
      for (const row of rows) byStatus[row.status] = row.count;
      return {
        total: rows.reduce((sum, row) => sum + row.count, 0),
        byStatus,
        totalSpent: paiseToRupees(rows.reduce((sum, row) => sum + row.spent, 0)),
        stats: rows.map(({ status, count }) => ({ status, count })),
      };
    },

    async cancel(userId: string, orderId: string, reason: string) {
      await ownOrder(userId, orderId);
      const { row, refundOwed } = await db.transaction(async (tx) => {
        const locked = await repository.lockOrder(tx, orderId);
        if (!locked) throw notFound(orderMessages.notFound);
        const check = cancelCheck(locked.status as OrderStatus);
        if (!check.ok) throw invalid(check.message);
        // The shopper's own order: her refund is the shop's rule, no one's decision.
        return cancelLocked(tx, locked, reason, null);
      });
      return toOrder(await afterCancel(row.id, refundOwed));
    },

    /**
     * The shopper asks to exchange or return lines of a delivered order. Each line is judged on
     * its own: one that cannot be taken back (hygiene, final sale, a replacement out of stock)
     * is answered in `declined` with why, and the others go ahead. An exchange takes the stock
     * of its replacement now, so it is there when the shop has the item back.
     */
    async requestReturn(
      userId: string,
      orderId: string,
      request: { reason: string; items?: ReturnRequestLine[] | undefined },
    ) {
      const current = await ownOrder(userId, orderId);
      const open = returnWindowCheck({
        status: current.status,
        deliveredAt: current.deliveredAt,
        now: new Date(),
      });
      if (!open.ok) throw invalid(open.message);
      const plan = planReturn(linesForReturn(current), request.items);
      const declined: DeclinedLine[] = [...plan.declined];
      const itemOf = (line: PlannedReturnLine) =>
        current.items.find((item) => item.id === line.itemId)!;
      // A replacement must be a colour and size the product is still sold in.
      const exchanges = plan.accepted.filter((line) => line.exchangeFor !== null);
      const products =
        exchanges.length > 0
          ? await facts.fresh(exchanges.map((line) => itemOf(line).productId))
          : new Map<string, ProductFacts>();
      const sellable = plan.accepted.filter((line) => {
        if (!line.exchangeFor) return true;
        const item = itemOf(line);
        const product = products.get(item.productId);
        const color = product?.is_active
          ? product.colors.find((c) => sameColorName(c.colorName, line.exchangeFor!.colorName))
          : undefined;
        const size = color?.sizeStock.find((entry) => sameSize(entry.size, line.exchangeFor!.size));
        if (!color || !size) {
          declined.push({
            itemId: item.id,
            productName: item.productName,
            reason: `${item.productName} is not sold in ${line.exchangeFor.colorName}, size ${line.exchangeFor.size.toUpperCase()}`,
          });
          return false;
        }
        line.exchangeFor = { colorName: color.colorName, size: normalizeSize(size.size) };
        return true;
      });
      const recipient = await deps.findUser(current.userId);
      const restocked = await db.transaction(async (tx) => {
        const locked = await repository.lockOrder(tx, orderId);
        const still = locked
          ? returnWindowCheck({
              status: locked.status,
              deliveredAt: locked.deliveredAt,
              now: new Date(),
            })
          : { ok: false as const, message: orderMessages.notFound };
        if (!still.ok) throw invalid(still.message);
        // Replacements take their stock in the order stock rows are locked everywhere.
        const byStockRow = [...sellable].sort((a, b) =>
          byteOrder(
            stockRowKey(itemOf(a).productId, a.exchangeFor),
            stockRowKey(itemOf(b).productId, b.exchangeFor),
          ),
        );
        const accepted: PlannedReturnLine[] = [];
        for (const line of byStockRow) {
          const item = itemOf(line);
          if (
            line.exchangeFor &&
            !(await repository.takeStock(tx, {
              productId: item.productId,
              colorName: line.exchangeFor.colorName,
              size: line.exchangeFor.size,
              quantity: line.quantity,
            }))
          ) {
            declined.push({
              itemId: item.id,
              productName: item.productName,
              reason: `${item.productName} in ${line.exchangeFor.colorName}, size ${line.exchangeFor.size.toUpperCase()} is out of stock`,
            });
            continue;
          }
          accepted.push(line);
        }
        if (accepted.length === 0) {
          throw invalid(
            declined.length === 1
              ? declined[0]!.reason
              : `${returnMessages.nothingToReturn}: ${declined.map((line) => line.reason).join('; ')}`,
          );
        }
        const now = new Date();
        await repository.insertReturnLines(
          tx,
          accepted.map((line) => ({
            orderId,
            orderItemId: line.itemId,
            quantity: line.quantity,
            action: line.action,
            exchangeColorName: line.exchangeFor?.colorName ?? null,
            exchangeSize: line.exchangeFor?.size ?? null,
            requestedAt: now,
          })),
        );
        await repository.updateOrder(tx, orderId, {
          status: 'return_requested' satisfies OrderStatus,
          returnRequestedAt: now,
          returnReason: request.reason,
        });
        const full = (await repository.findById(tx, orderId))!;
        await mailShopper(tx, recipient, full, (to, name, order, url) =>
          returnRequestedMail(to, name, order, url, declined),
        );
        return accepted.filter((line) => line.exchangeFor).map((line) => itemOf(line).productId);
      });
      if (restocked.length > 0) await deps.stockChanged(restocked);
      outbox.deliverSoon();
      return { ...toOrder(await ownOrder(userId, orderId)), declined };
    },

    // ----- the shop's side -----

    /**
     * The shop moves an order on; the table decides what is allowed. The move and its audit
     * entry (status and payment status, before and after) commit together. A cancellation
     * carries the shop's reason, which the shopper reads. A move to shipped is refused here: it
     * is made with its parcel by the shipping service.
     */
    async adminSetStatus(
      actor: AuditActor & { role: UserRole },
      orderId: string,
      to: OrderStatus,
      reason?: string,
    ) {
      const prepared = await prepareMove(orderId);
      const decidedBy = { role: actor.role, staffLimitPaise: deps.staffRefundLimitPaise };
      const moved = await db.transaction((tx) =>
        moveIn(tx, actor, prepared, to, { decidedBy, reason }),
      );
      return afterMove(orderId, to, moved);
    },

    /**
     * The same move in a caller's transaction (the courier's worker and webhook move the order
     * with their own rows): read what it needs first, move inside, then the work after commit.
     */
    statusMoves: { prepare: prepareMove, moveIn, after: afterMove },

    // ----- cash on delivery -----

    /** Whether checkout may offer cash on delivery for the shopper's cart at this PIN code. */
    async codOptions(userId: string, pinCode: string) {
      const [terms, takesCash, recentOrders, orderPaise] = await Promise.all([
        deps.cashOnDelivery.terms(),
        deps.cashOnDelivery.takesCashAt(pinCode),
        repository.recentForCod(userId),
        deps.cashOnDelivery.cartTotalPaise(userId),
      ]);
      const decision = codDecision({
        terms,
        orderPaise,
        pinCodeTakesCash: takesCash,
        recentOrders,
      });
      return decision.ok
        ? { available: true, fee: paiseToRupees(decision.feePaise), message: null }
        : { available: false, fee: paiseToRupees(terms.feePaise), message: decision.message };
    },

    /**
     * The shopper confirms her cash-on-delivery order with the mailed code. A wrong code counts
     * (committed before the 400), and after COD_CODE_ATTEMPTS only the shop can confirm it. A
     * repeat after success answers the confirmed order.
     */
    async confirmCashOnDelivery(userId: string, orderId: string, typed: string) {
      const row = await ownOrder(userId, orderId);
      const code = normalizeCodCode(typed);
      const outcome = await confirmCod(row.id, (locked) => {
        if (locked.codCodeAttempts >= COD_CODE_ATTEMPTS) throw conflict(codMessages.codeSpent);
        const expected = Buffer.from(locked.codCodeHash ?? '', 'hex');
        const given = Buffer.from(
          codCodeHash(deps.cashOnDelivery.codeKey, locked.orderNumber, code),
          'hex',
        );
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
      if (outcome === 'wrong') throw invalid(codMessages.codeWrong);
      return toOrder((await repository.findById(db, row.id))!);
    },

    /** The shop confirms a cash-on-delivery order after calling the shopper (audited). */
    async confirmCashOnDeliveryByShop(actor: AuditActor, orderId: string) {
      const row = isUuid(orderId) ? await repository.findById(db, orderId) : undefined;
      if (!row) throw notFound(orderMessages.notFound);
      await confirmCod(row.id, () => true, actor);
      return toOrder((await repository.findById(db, row.id))!);
    },

    // ----- sweeps (safe to run twice, and from several processes at once) -----

    /**
     * Cancels unpaid orders past their payment deadline, and cash-on-delivery orders nobody
     * confirmed in time, and releases their stock.
     */
    async expireUnpaid(batch = 20): Promise<number> {
      const restocked: string[] = [];
      const expired = await db.transaction(async (tx) => {
        // The claim locks the orders; their stock and discounts go back together (see release).
        const claimed = await repository.claimOverdueUnpaid(tx, batch);
        if (claimed.length === 0) return 0;
        restocked.push(
          ...(await release(
            tx,
            claimed.map(({ id }) => id),
          )),
        );
        for (const { id, payment_method: method } of claimed) {
          await repository.updateOrder(tx, id, {
            status: 'cancelled',
            cancelledAt: new Date(),
            cancelReason:
              method === CASH_ON_DELIVERY
                ? orderMessages.codNotConfirmedInTime
                : 'Payment was not completed in time',
          });
        }
        return claimed.length;
      });
      if (expired > 0) await deps.stockChanged(restocked);
      return expired;
    },

    /**
     * Confirms paid orders, and confirmed cash-on-delivery ones, once the two-hour modification
     * window has passed.
     */
    async confirmPaid(batch = 50): Promise<number> {
      return db.transaction(async (tx) => {
        const claimed = await repository.claimPaidToConfirm(
          tx,
          new Date(Date.now() - MODIFICATION_WINDOW_MS),
          batch,
        );
        for (const { id } of claimed) {
          await repository.updateOrder(tx, id, { status: 'confirmed', confirmedAt: new Date() });
        }
        return claimed.length;
      });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
export type { CreateOrderInput };
