/**
 * How a step of the returns desk runs: it locks the order then the line, checks the move again
 * under the lock (a second click of the same step is a repeat that does nothing), makes its
 * effect (stock, a refund row, a courier's AWB), writes the audit entry and queues the shopper's
 * mail in one transaction. Courier bookings happen before it, with the line's own reference, so
 * a repeated booking finds the first parcel, and under the line's booking claim, so two at once
 * make one call to the courier.
 */
import { eq } from 'drizzle-orm';
import { returnsDeskMessages, type ReturnsDeskLine } from '@shop/contracts/returns-desk';
import { conflict, notFound, unavailable } from '@shop/domain/errors';
import { transition, type OrderStatus } from '@shop/domain/orders';
import {
  awaitsItems,
  returnStep,
  type ReturnAction,
  type ReturnLineState,
  type ReturnStep,
} from '@shop/domain/returns';
import type { BookedShipment, Courier } from '../../adapters/shipping/courier.ts';
import { CourierError } from '../../adapters/shipping/courier.ts';
import type { Database, Executor } from '../../db/client.ts';
import { orderReturnLines } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type {
  NewReturnLine,
  OrderReturns,
  OrderRow,
  ReturnLineRow,
} from '../orders/order-returns.service.ts';
import type { OrderRefunds } from '../orders/orders.service.ts';
import type { BookingClaims } from '../shipping/booking-claims.ts';
import { returnStepMail, type ReturnMailFacts } from './return-mails.ts';
import { loadDeskLine, type DeskLineSql } from './returns-desk-lines.ts';

/** What running a step needs (a part of the desk's own dependencies). */
export interface ReturnStepDeps {
  db: Database;
  orders: OrderReturns;
  refunds: () => Pick<OrderRefunds, 'sendSoon'>;
  /** Undefined when this shop books no parcels (see ShippingConfig.booking). */
  courier: Courier | undefined;
  /** One booking per parcel at a time, so a double click never books two. */
  bookingClaims: BookingClaims;
  outbox: MailOutbox;
  findUser: (userId: string) => Promise<{ email: string; firstName: string } | undefined>;
  /** Called after a commit changed the stock of these products. */
  stockChanged: (productIds: string[]) => Promise<void>;
  publicUrl: string;
  log: (error: unknown, message: string) => void;
}

/** How long a second click waits for the first one's courier booking before answering 409. */
const BOOKING_WAIT_MS = 15_000;

/** What a step does inside its transaction, beyond moving the line's state. */
export interface StepWork {
  changes: Partial<NewReturnLine>;
  /** Products whose stock the step changed. */
  stock?: string[];
  refundOwed?: boolean;
  mail: ReturnMailFacts;
  /** Extra audit fields (a reason, an AWB, an amount). */
  audit?: Record<string, unknown>;
}

export interface StepContext {
  tx: Executor;
  line: ReturnLineRow;
  order: OrderRow;
  view: DeskLineSql;
  now: Date;
  booked: BookedShipment | undefined;
}

/**
 * The desk's step runner: `take` runs a step on a line (its courier booking first, if any) and
 * answers the line as it is after; `book` makes one courier call, a failure answered as a 503.
 */
export function createReturnSteps(
  deps: ReturnStepDeps,
  detail: (lineId: string) => Promise<ReturnsDeskLine>,
) {
  const { db, orders } = deps;

  /** Books a parcel with the courier before the step's transaction (no transaction waits on it). */
  async function book(call: (courier: Courier) => Promise<BookedShipment>) {
    if (!deps.courier) throw conflict(returnsDeskMessages.noCourier);
    try {
      return await call(deps.courier);
    } catch (error) {
      if (!(error instanceof CourierError)) throw error;
      deps.log(error, 'courier booking for a return failed');
      throw unavailable(returnsDeskMessages.courierFailed);
    }
  }

  /**
   * The order follows its lines: once none awaits its items, it is `returned` when any came back,
   * or `delivered` again when every line was declined (other lines may then still be asked for).
   */
  async function settleOrder(tx: Executor, order: OrderRow, now: Date) {
    if (order.status !== ('return_requested' satisfies OrderStatus)) return order.status;
    const lines = await tx
      .select({ state: orderReturnLines.state })
      .from(orderReturnLines)
      .where(eq(orderReturnLines.orderId, order.id));
    if (lines.some((line) => awaitsItems(line.state as ReturnLineState))) return order.status;
    const to: OrderStatus = lines.some((line) => line.state !== 'declined')
      ? 'returned'
      : 'delivered';
    // Returned follows from the lines (the server's rule), never from a move of the whole order.
    if (!transition(order.status, to, to === 'returned' ? 'system' : 'shop').ok) {
      return order.status;
    }
    await orders.move(
      tx,
      order.id,
      to === 'returned' ? { status: to, returnedAt: now } : { status: to },
    );
    return to;
  }

  async function take(
    caller: Caller,
    lineId: string,
    step: ReturnStep,
    work: (ctx: StepContext) => Promise<StepWork>,
    booking?: (view: DeskLineSql) => Promise<BookedShipment>,
  ): Promise<ReturnsDeskLine> {
    const view = await loadDeskLine(db, lineId);
    const first = returnStep(view, step);
    if (!first.ok) throw conflict(first.message);
    if (first.repeat) return detail(lineId);
    if (!booking) return perform(caller, view, step, work, undefined);
    const claimed = await deps.bookingClaims.exclusively(
      `${view.id}:${step}`,
      BOOKING_WAIT_MS,
      async () => perform(caller, view, step, work, await booking(view)),
    );
    if (claimed.ran) return claimed.value;
    // Another request was booking this very parcel: read what it did (a repeat when it succeeded).
    if (!claimed.released) throw conflict(returnsDeskMessages.bookingUnderWay);
    return take(caller, lineId, step, work, booking);
  }

  /** The step's transaction, after its courier booking (if any) answered. */
  async function perform(
    caller: Caller,
    view: DeskLineSql,
    step: ReturnStep,
    work: (ctx: StepContext) => Promise<StepWork>,
    booked: BookedShipment | undefined,
  ): Promise<ReturnsDeskLine> {
    const lineId = view.id;
    const recipient = await deps.findUser(view.user_id);
    const outcome = await db.transaction(async (tx) => {
      // The order first, then its line, as every writer of both locks them.
      const order = await orders.lockOrder(tx, view.order_id);
      const [line] = await tx
        .select()
        .from(orderReturnLines)
        .where(eq(orderReturnLines.id, view.id))
        .for('update');
      if (!order || !line) throw notFound(returnsDeskMessages.notFound);
      const check = returnStep(
        { action: line.action as ReturnAction, state: line.state as ReturnLineState },
        step,
      );
      if (!check.ok) throw conflict(check.message);
      if (check.repeat) return undefined;
      const now = new Date();
      const done = await work({ tx, line, order, view, now, booked });
      await tx
        .update(orderReturnLines)
        .set({ ...done.changes, state: check.to, updatedAt: now })
        .where(eq(orderReturnLines.id, line.id));
      const orderStatus = await settleOrder(tx, order, now);
      await recordAudit(tx, caller, {
        action: `return.${step}`,
        entity: 'order',
        entityId: order.id,
        before: { returnLineId: line.id, state: line.state, orderStatus: order.status },
        after: { returnLineId: line.id, state: check.to, orderStatus, ...done.audit },
      });
      if (recipient) {
        await deps.outbox.enqueue(
          tx,
          returnStepMail(
            step,
            recipient.email,
            recipient.firstName,
            {
              orderNumber: view.order_number,
              action: view.action,
              productName: view.product_name,
              colorName: view.color_name,
              size: view.size,
              quantity: view.quantity,
              exchangeFor:
                line.exchangeColorName !== null && line.exchangeSize !== null
                  ? { colorName: line.exchangeColorName, size: line.exchangeSize }
                  : null,
            },
            done.mail,
            deps.publicUrl,
          ),
        );
      }
      return done;
    });
    if (outcome) {
      if (outcome.stock && outcome.stock.length > 0) await deps.stockChanged(outcome.stock);
      if (outcome.refundOwed) deps.refunds().sendSoon();
      deps.outbox.deliverSoon();
    }
    return detail(lineId);
  }

  return { take, book };
}
