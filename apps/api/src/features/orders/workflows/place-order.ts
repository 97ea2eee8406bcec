import { orderMessages } from '@shop/contracts/orders';
import { exceedsUnitsPerSize, sameLines } from '@shop/domain/cart';
import { CASH_ON_DELIVERY, COD_CONFIRM_WINDOW_MS } from '@shop/domain/cash-on-delivery';
import { conflict, invalid, unprocessable } from '@shop/domain/errors';
import type { Offer } from '@shop/domain/offers';
import type { PaymentStatus } from '@shop/domain/orders';
import { isDeadlock, isUniqueViolation, type Executor } from '../../../db/client.ts';
import type { ChangeNotice } from '../../catalogue/catalogue-changes.ts';
import {
  billingOf,
  describeLines,
  DiscountRefused,
  newOrderNumber,
  priceOrder,
  requestHash,
  type CreateOrderCommand,
  type DescribedLines,
} from '../order-pricing.ts';
import { toOrder } from '../order-presenter.ts';
import type { OrdersServiceDeps } from '../orders-deps.ts';
import { orderAsJson, type OrderWithItems } from '../orders.repository.ts';
import { cashTerms, codFacts, type CodFacts } from './cod-terms.ts';
import { insertPlacedOrder, PriceChanged, replaceUnpaidOrder, StockShort } from './order-steps.ts';

/** Prices moving under an order this many times in a row is answered 409. */
const MAX_PLACING_ATTEMPTS = 3;

/** The answer to a placement: the order and how the checkout names it. */
export function placedAnswer(row: OrderWithItems) {
  const order = toOrder(row);
  return { orderId: row.id, _id: row.id, orderNumber: row.orderNumber, total: order.total, order };
}

interface Placing {
  userId: string;
  command: CreateOrderCommand;
  idempotencyKey: string | undefined;
  hash: string;
  cod: CodFacts | undefined;
  /** The offers the lines are grouped under, read before the transaction (as the COD facts). */
  offers: readonly Offer[];
}

/**
 * One attempt, in one transaction with named steps: lock the cart, replace the unpaid order,
 * apply the codes, take stock and insert the order, queue its mail. Every decision is the
 * domain's; a refusal rolls the whole attempt back.
 */
async function placeInTransaction(
  deps: OrdersServiceDeps,
  tx: Executor,
  placing: Placing,
  described: DescribedLines,
  notice: ChangeNotice | undefined,
) {
  const { orders: repository } = deps;
  const { userId, command, cod } = placing;
  // Lock the cart: placements from one cart take turns, and the order is what the cart holds.
  const cart = await repository.lockCartForOrder(tx, userId);
  if (!cart || cart.lines.length === 0) throw invalid(orderMessages.cartEmpty);
  const named = command.items.map((item) => ({ ...item, colorName: item.color.colorName }));
  const cartLines = cart.lines.map((line) => ({ ...line, product: line.productId }));
  if (!sameLines(cartLines, named)) throw conflict(orderMessages.cartChanged);
  // Replace the unpaid order: its stock and code uses come back first.
  const restocked = await replaceUnpaidOrder(tx, repository, userId);
  // Apply the codes: locked, read under the lock, decided by the domain.
  await repository.lockDiscounts(tx, cart.discountIds);
  const readings = await deps.discounts.readingsFor(tx, cart.discountIds, userId);
  const priced = priceOrder(described, readings, placing.offers);
  const orderNumber = newOrderNumber();
  const cash = cod ? cashTerms(deps, cod, priced.totals.total, orderNumber) : undefined;
  // Take stock and insert the order.
  const row = await insertPlacedOrder(tx, repository, {
    order: {
      orderNumber,
      userId,
      subtotalPaise: priced.totals.subtotal,
      discountPaise: priced.totals.discountAmount,
      offerDiscountPaise: priced.offerDiscountPaise,
      offers: priced.offers,
      totalPaise: priced.totals.total + (cash?.feePaise ?? 0),
      discountId: priced.applied[0]?.id ?? null,
      discountCode: priced.applied.map((d) => d.code).join('+') || null,
      discounts: priced.applied.map(({ code, type, amountPaise }) => ({ code, type, amountPaise })),
      notes: command.notes,
      shippingAddress: command.shippingAddress,
      billingAddress: billingOf(command),
      idempotencyKey: placing.idempotencyKey ?? null,
      requestHash: placing.hash,
      paymentDueAt: new Date(Date.now() + (cash ? COD_CONFIRM_WINDOW_MS : deps.paymentTimeoutMs)),
      ...(cash
        ? {
            paymentMethod: CASH_ON_DELIVERY,
            paymentStatus: 'cod_pending' satisfies PaymentStatus,
            codFeePaise: cash.feePaise,
            codCodeHash: cash.codeHash,
          }
        : {}),
    },
    items: priced.items,
    discountIds: priced.applied.map((d) => d.id),
    notice,
  });
  if (cash) {
    // Queue its mail: nothing is left to pay online, so what was ordered leaves the cart now,
    // and the shopper confirms with the mailed code (queued as its salt, never the code).
    await repository.linesLeaveCart(tx, row.id, userId);
    if (cod!.recipient) {
      const { email, firstName } = cod!.recipient;
      await deps.outbox.enqueueTemplate(tx, 'cod_code', {
        recipient: { email, firstName },
        ...orderAsJson(row),
        code_salt: cash.codeSalt,
      });
    }
  }
  return { row, restocked };
}

/** An order refused for a short line: 409 naming what is left (or 400 when it went off sale). */
async function stockShortAnswer(
  deps: OrdersServiceDeps,
  described: DescribedLines,
  position: number,
) {
  const line = described[position]?.line;
  if (!line) return conflict(orderMessages.pricesChanged);
  const left = await deps.orders.stockOf(line);
  if (left === undefined) return invalid(`${line.productName} is no longer available`);
  return conflict(
    `Only ${left} left of ${line.productName} (${line.colorName}, size ${line.size.toUpperCase()})`,
  );
}

/**
 * Places the shopper's cart as an order. The lines are described from the catalogue first (a
 * cached copy first: stock and prices are checked again where they are taken), then placed in
 * one transaction under the cart's lock, so two tabs place one after the other. A repeated
 * Idempotency-Key answers the order it placed.
 */
export async function placeOrder(
  deps: OrdersServiceDeps,
  userId: string,
  command: CreateOrderCommand,
  idempotencyKey: string | undefined,
) {
  const { orders: repository } = deps;
  const hash = requestHash(command);
  if (idempotencyKey) {
    const earlier = await repository.findByIdempotencyKey(userId, idempotencyKey);
    if (earlier) {
      if (earlier.requestHash !== hash) throw unprocessable(orderMessages.idempotencyMismatch);
      return placedAnswer(earlier);
    }
  }
  const method = command.paymentMethod;
  if (method !== 'razorpay' && method !== CASH_ON_DELIVERY)
    throw invalid('Payment initialization incomplete');
  await deps.requireDeliverable?.(command.shippingAddress.pinCode, 'shippingAddress.pinCode');
  // Lines naming the same size count together.
  const named = command.items.map((item) => ({ ...item, colorName: item.color.colorName }));
  if (exceedsUnitsPerSize(named)) throw invalid(orderMessages.tooManyOfOneSize);
  // The first attempt's lines are described while the throttle counts.
  const firstDescribed = await deps.throttle.takeWhileReading(
    deps.limits.orderPlacements,
    userId,
    () => describeLines(deps.facts, command, 'cachedIgnoringStock'),
  );
  // Read before the transaction (PGlite runs one statement at a time): decided inside it.
  const cod = method === CASH_ON_DELIVERY ? await codFacts(deps, userId, command) : undefined;
  const offers = await deps.offers.current();
  const placing: Placing = { userId, command, idempotencyKey, hash, cod, offers };
  for (let attempt = 1; ; attempt += 1) {
    const described =
      attempt === 1 ? firstDescribed : await describeLines(deps.facts, command, 'fresh');
    const stockChange = deps.stockChangedWith(described.map(({ line }) => line.productId));
    try {
      const outcome = await deps.db.transaction((tx) =>
        placeInTransaction(deps, tx, placing, described, stockChange.notice),
      );
      stockChange.invalidateHere();
      if (outcome.restocked.length > 0) await deps.stockChanged(outcome.restocked);
      if (cod) deps.outbox.deliverSoon();
      deps.metrics.orderPlaced();
      return placedAnswer(outcome.row);
    } catch (error) {
      // Refused for lines priced from a copy (a minimum order, say): ask again with today's
      // prices before saying no.
      if (error instanceof DiscountRefused && attempt === 1) continue;
      if (error instanceof StockShort)
        throw await stockShortAnswer(deps, described, error.position);
      const retry = attempt < MAX_PLACING_ATTEMPTS;
      // A price moved since the lines were described: describe them afresh.
      if (error instanceof PriceChanged) {
        if (retry) continue;
        throw conflict(orderMessages.pricesChanged);
      }
      // PostgreSQL ended this attempt to break a lock cycle (the unpaid-order sweep releases
      // stock and discounts of many orders at once): nothing was taken, so try again.
      if (isDeadlock(error) && retry) continue;
      // Two orders drew the same random number: draw again (the first took nothing).
      if (isUniqueViolation(error, 'orders_number_key') && retry) continue;
      // The same Idempotency-Key sent twice at once: the second insert meets the first.
      if (idempotencyKey && isUniqueViolation(error)) {
        const earlier = await repository.findByIdempotencyKey(userId, idempotencyKey);
        if (earlier) {
          if (earlier.requestHash !== hash) throw unprocessable(orderMessages.idempotencyMismatch);
          return placedAnswer(earlier);
        }
      }
      throw error;
    }
  }
}
