import { timingSafeEqual } from 'node:crypto';
import { orderMessages } from '@shop/contracts/orders';
import {
  CASH_ON_DELIVERY,
  COD_CODE_ATTEMPTS,
  codDecision,
  codMessages,
  normalizeCodCode,
} from '@shop/domain/cash-on-delivery';
import { conflict, invalid, notFound } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees } from '@shop/domain/money';
import type { OrderStatus, PaymentStatus } from '@shop/domain/orders';
import { recordAudit, type AuditActor } from '../../audit/audit.service.ts';
import { codCodeHash } from '../cod-codes.ts';
import { orderConfirmationMail } from '../order-mails.ts';
import { toOrder } from '../order-presenter.ts';
import type { OrdersServiceDeps } from '../orders-deps.ts';
import type { OrderRow } from '../orders.repository.ts';
import { mailShopper, ownOrder } from './order-steps.ts';

/**
 * Confirms a COD order under its lock when `accept` says so (a wrong code is counted instead),
 * queueing the confirmation mail; the modification window then runs as for a paid order.
 */
async function confirmCod(
  deps: OrdersServiceDeps,
  orderId: string,
  accept: (locked: OrderRow) => boolean,
  actor?: AuditActor,
): Promise<'confirmed' | 'already' | 'wrong'> {
  const { db, orders: repository, outbox } = deps;
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
    await mailShopper(deps, tx, recipient, confirmed, orderConfirmationMail);
    return 'confirmed' as const;
  });
  if (outcome === 'confirmed') outbox.deliverSoon();
  return outcome;
}

/** Whether checkout may offer cash on delivery for the shopper's cart at this PIN code. */
export async function codOptions(deps: OrdersServiceDeps, userId: string, pinCode: string) {
  const { orders: repository } = deps;
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
}

/**
 * The shopper confirms her cash-on-delivery order with the mailed code. A wrong code counts
 * (committed before the 400), and after COD_CODE_ATTEMPTS only the shop can confirm it. A
 * repeat after success answers the confirmed order.
 */
export async function confirmCashOnDelivery(
  deps: OrdersServiceDeps,
  userId: string,
  orderId: string,
  typed: string,
) {
  const { db, orders: repository } = deps;
  const row = await ownOrder(deps, userId, orderId);
  const code = normalizeCodCode(typed);
  const outcome = await confirmCod(deps, row.id, (locked) => {
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
}

/** The shop confirms a cash-on-delivery order after calling the shopper (audited). */
export async function confirmCashOnDeliveryByShop(
  deps: OrdersServiceDeps,
  actor: AuditActor,
  orderId: string,
) {
  const { db, orders: repository } = deps;
  const row = isUuid(orderId) ? await repository.findById(db, orderId) : undefined;
  if (!row) throw notFound(orderMessages.notFound);
  await confirmCod(deps, row.id, () => true, actor);
  return toOrder((await repository.findById(db, row.id))!);
}
