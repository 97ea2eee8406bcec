import { and, asc, eq, inArray } from 'drizzle-orm';
import { orderMessages } from '@shop/contracts/orders';
import type {
  ChangedAddress,
  ConfirmationResent,
  OrderRefundInput,
} from '@shop/contracts/order-actions';
import type { OrderRefundRow } from '@shop/contracts/orders-desk';
import { conflict, notFound } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees, rupeesToPaise } from '@shop/domain/money';
import {
  addressEditCheck,
  canResendConfirmation,
  CONFIRMATION_RESEND_WINDOW_MS,
  mailsAddressChange,
  orderActionMessages,
} from '@shop/domain/order-actions';
import { statusLabel, type OrderStatus, type PaymentStatus } from '@shop/domain/orders';
import type { ProviderPaymentStatus, RefundReason, RefundState } from '@shop/domain/payments';
import { planShopRefund, type RefundMade } from '@shop/domain/refunds';
import type { UserRole } from '@shop/domain/roles';
import type { ShipmentState } from '@shop/domain/shipping';
import type { Database } from '../../db/client.ts';
import { payments as paymentRows, shipments, type OrderAddress } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type { RefundsService, RefundWithLines } from '../payments/refunds.service.ts';
import type { Throttle } from '../throttle/throttle.ts';
import { orderConfirmationMail, shippingAddressChangedMail } from './order-mails.ts';
import type { OrdersRepository, OrderWithItems } from './orders.repository.ts';
import { toOrder } from './orders.service.ts';

/** A back-office user acting: who (for the audit log) and with which role (for the limits). */
export interface ActingUser extends AuditActor {
  userId: string;
  role: UserRole;
}

export interface OrderActionsDeps {
  db: Database;
  orders: OrdersRepository;
  /**
   * The refunds: a refund by hand owed in the action's transaction, and sent by the worker after
   * its commit.
   */
  refunds: Pick<RefundsService, 'withLinesOf' | 'oweByHand' | 'sendSoon'>;
  outbox: MailOutbox;
  throttle: Throttle;
  findUser: (userId: string) => Promise<{ email: string; firstName: string } | undefined>;
  publicUrl: string;
  /** STAFF_REFUND_LIMIT_RUPEES in paise. */
  staffRefundLimitPaise: number;
}

/** The refund with its lines as the back office reads it. */
export function toRefundRow(refund: RefundWithLines, order: OrderWithItems): OrderRefundRow {
  const nameOf = (itemId: string) =>
    order.items.find((item) => item.id === itemId)?.productName ?? 'an item';
  return {
    _id: refund.id,
    providerPaymentId: refund.providerPaymentId,
    providerRefundId: refund.providerRefundId,
    amount: paiseToRupees(refund.amountPaise),
    reason: refund.reason as RefundReason,
    state: refund.state as RefundState,
    attempts: refund.attempts,
    lastError: refund.lastError,
    createdAt: refund.createdAt.toISOString(),
    processedAt: refund.processedAt?.toISOString() ?? null,
    note: refund.note,
    lines: refund.lines.map((line) => ({
      itemId: line.itemId,
      productName: nameOf(line.itemId),
      quantity: line.quantity,
      amount: paiseToRupees(line.amountPaise),
    })),
  };
}

/** A refund as the refund rules read it. */
const toRefundMade = (refund: RefundWithLines): RefundMade => ({
  state: refund.state as RefundState,
  reason: refund.reason as RefundReason,
  amountPaise: refund.amountPaise,
  lines: refund.lines,
});

/**
 * The back office's actions on one order: a refund by hand, the confirmation mailed again, and
 * the shipping address changed before dispatch. Each locks the order first (as every writer of
 * an order and its payment does) and records its audit entry in the same transaction.
 */
export function createOrderActionsService(deps: OrderActionsDeps) {
  const { db, orders, refunds, outbox } = deps;

  /** Mails the confirmation again: at most once a minute per order, whoever asks. */
  const resendRule = {
    kind: 'window' as const,
    action: 'order-confirmation-resend',
    limit: 1,
    windowMs: CONFIRMATION_RESEND_WINDOW_MS,
    message: orderActionMessages.resentRecently,
  };

  return {
    /**
     * Refunds chosen lines or an amount of a paid order through the refunds table: the refund and
     * its lines are owed in one transaction with the order locked, so two refunds at once are
     * decided one after the other and the second sees the first (it cannot take the order past
     * what was paid, nor a staff member past the limit: the gate where it is owed). The worker
     * sends it after commit; the provider's confirmation makes the order partly or wholly
     * refunded.
     */
    async refund(
      actor: ActingUser,
      orderId: string,
      body: OrderRefundInput,
    ): Promise<OrderRefundRow> {
      if (!isUuid(orderId)) throw notFound(orderMessages.notFound);
      const asked = body.lines
        ? { lines: body.lines }
        : { amountPaise: rupeesToPaise(body.amount ?? 0) };
      const made = await db.transaction(async (tx) => {
        const locked = await orders.lockOrder(tx, orderId);
        if (!locked) throw notFound(orderMessages.notFound);
        const order = (await orders.findById(tx, orderId))!;
        // The captured payment, refunded in full since or not (then nothing is left to refund).
        const [paid] = await tx
          .select()
          .from(paymentRows)
          .where(
            and(
              eq(paymentRows.orderId, orderId),
              inArray(paymentRows.status, ['paid', 'refunded'] satisfies ProviderPaymentStatus[]),
            ),
          );
        const earlier = paid
          ? (await refunds.withLinesOf(tx, [orderId])).filter(
              (refund) => refund.paymentId === paid.id,
            )
          : [];
        const planned = planShopRefund(
          {
            items: order.items.map((item) => ({
              id: item.id,
              productName: item.productName,
              quantity: item.quantity,
              itemTotalPaise: item.itemTotalPaise,
              offerDiscountPaise: item.offerDiscountPaise,
            })),
            discountPaise: order.discountPaise,
            totalPaise: order.totalPaise,
            paymentStatus: locked.paymentStatus as PaymentStatus,
            paidPaise: paid?.providerPaymentId ? paid.amountPaise : 0,
            refunds: earlier.map(toRefundMade),
          },
          asked,
        );
        const refund = await refunds.oweByHand(
          tx,
          {
            orderId,
            paymentId: paid!.id,
            providerPaymentId: paid!.providerPaymentId!,
            amountPaise: planned.amountPaise,
            note: body.note,
            lines: planned.lines,
          },
          { role: actor.role, staffLimitPaise: deps.staffRefundLimitPaise },
        );
        await recordAudit(tx, actor, {
          action: 'order.refund',
          entity: 'order',
          entityId: orderId,
          before: { paymentStatus: locked.paymentStatus },
          after: {
            refundId: refund.id,
            amountPaise: planned.amountPaise,
            lines: planned.lines,
            note: body.note,
          },
        });
        return refund;
      });
      refunds.sendSoon();
      const order = (await orders.findById(db, orderId))!;
      return toRefundRow(made, order);
    },

    /**
     * Writes the order's confirmation mail to the outbox again, for a shopper who lost it. A
     * second request within the minute (a double click, two staff at once) is refused with 429
     * before anything is written, so one mail goes.
     */
    async resendConfirmation(actor: AuditActor, orderId: string): Promise<ConfirmationResent> {
      const row = isUuid(orderId) ? await orders.findById(db, orderId) : undefined;
      if (!row) throw notFound(orderMessages.notFound);
      const order = {
        status: row.status as OrderStatus,
        paymentStatus: row.paymentStatus as PaymentStatus,
      };
      if (!canResendConfirmation(order)) throw conflict(orderActionMessages.notPaidForMail);
      const recipient = await deps.findUser(row.userId);
      if (!recipient) throw notFound(orderMessages.notFound);
      const counted = await deps.throttle.take(resendRule, orderId);
      try {
        const queuedAt = await db.transaction(async (tx) => {
          const locked = await orders.lockOrder(tx, orderId);
          const current = (await orders.findById(tx, orderId))!;
          const now = {
            status: locked!.status as OrderStatus,
            paymentStatus: locked!.paymentStatus as PaymentStatus,
          };
          // Refunded or cancelled since it was read: no confirmation to send.
          if (!canResendConfirmation(now)) throw conflict(orderActionMessages.notPaidForMail);
          await outbox.enqueue(
            tx,
            orderConfirmationMail(
              recipient.email,
              recipient.firstName,
              toOrder(current),
              deps.publicUrl,
            ),
          );
          await recordAudit(tx, actor, {
            action: 'order.confirmation_resent',
            entity: 'order',
            entityId: orderId,
            before: null,
            after: { to: recipient.email },
          });
          return new Date();
        });
        outbox.deliverSoon();
        return { to: recipient.email, queuedAt: queuedAt.toISOString() };
      } catch (error) {
        // Nothing was sent: the next click may try again at once.
        await deps.throttle.giveBack(counted);
        throw error;
      }
    },

    /**
     * Changes where the order goes, with the checkout's address rules (the route parsed it with
     * the checkout's schema): only before dispatch and before any courier was asked for it. The
     * shopper of a paid order is mailed the old and the new address in the same transaction, so
     * a parcel quietly sent elsewhere by someone of the shop does not go unseen.
     */
    async changeShippingAddress(
      actor: AuditActor,
      orderId: string,
      address: OrderAddress,
    ): Promise<ChangedAddress> {
      if (!isUuid(orderId)) throw notFound(orderMessages.notFound);
      const changed = await db.transaction(async (tx) => {
        const locked = await orders.lockOrder(tx, orderId);
        if (!locked) throw notFound(orderMessages.notFound);
        // A shipment request locks the order first too, so none can slip in between.
        const booked = await tx
          .select({ state: shipments.state })
          .from(shipments)
          .where(eq(shipments.orderId, orderId))
          .orderBy(asc(shipments.createdAt));
        const status = locked.status as OrderStatus;
        const check = addressEditCheck(
          { status, statusLabel: statusLabel(status).toLowerCase() },
          booked.map((shipment) => ({ state: shipment.state as ShipmentState })),
        );
        if (!check.ok) throw conflict(check.message);
        const before = locked.shippingAddress;
        const after: OrderAddress = {
          name: address.name,
          addressLine1: address.addressLine1,
          addressLine2: address.addressLine2 ?? '',
          city: address.city,
          state: address.state,
          pinCode: address.pinCode,
          phone: address.phone,
        };
        await orders.updateOrder(tx, orderId, { shippingAddress: after });
        await recordAudit(tx, actor, {
          action: 'order.shipping_address',
          entity: 'order',
          entityId: orderId,
          before: { ...before },
          after: { ...after },
        });
        const paid = mailsAddressChange({
          status,
          paymentStatus: locked.paymentStatus as PaymentStatus,
        });
        const recipient = paid ? await deps.findUser(locked.userId) : undefined;
        if (recipient) {
          const order = (await orders.findById(tx, orderId))!;
          await outbox.enqueue(
            tx,
            shippingAddressChangedMail(
              recipient.email,
              recipient.firstName,
              toOrder(order),
              before,
              deps.publicUrl,
            ),
          );
        }
        return { result: { shippingAddress: after }, mailed: recipient !== undefined };
      });
      if (changed.mailed) outbox.deliverSoon();
      return changed.result;
    },
  };
}

export type OrderActionsService = ReturnType<typeof createOrderActionsService>;
