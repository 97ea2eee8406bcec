import { orderMessages } from '@shop/contracts/orders';
import { normalizeSize, sameColorName, sameSize } from '@shop/domain/cart';
import { invalid } from '@shop/domain/errors';
import type { OrderStatus } from '@shop/domain/orders';
import {
  planReturn,
  returnMessages,
  returnWindowCheck,
  type DeclinedLine,
  type PlannedReturnLine,
  type ReturnRequestLine,
} from '@shop/domain/returns';
import type { ProductFacts } from '../../catalogue/catalogue.service.ts';
import { returnRequestedMail } from '../order-mails.ts';
import { linesForReturn, toOrder } from '../order-presenter.ts';
import type { OrdersServiceDeps } from '../orders-deps.ts';
import { byteOrder, mailShopper, ownOrder, stockRowKey } from './order-steps.ts';

/**
 * The shopper asks to exchange or return lines of a delivered order. Each line is judged on
 * its own: one that cannot be taken back (hygiene, final sale, a replacement out of stock)
 * is answered in `declined` with why, and the others go ahead. An exchange takes the stock
 * of its replacement now, so it is there when the shop has the item back.
 */
export async function requestReturn(
  deps: OrdersServiceDeps,

  userId: string,
  orderId: string,
  request: { reason: string; items?: ReturnRequestLine[] | undefined },
) {
  const { db, orders: repository, facts, outbox } = deps;
  const current = await ownOrder(deps, userId, orderId);
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
    await mailShopper(deps, tx, recipient, full, (to, name, order, url) =>
      returnRequestedMail(to, name, order, url, declined),
    );
    return accepted.filter((line) => line.exchangeFor).map((line) => itemOf(line).productId);
  });
  if (restocked.length > 0) await deps.stockChanged(restocked);
  outbox.deliverSoon();
  return { ...toOrder(await ownOrder(deps, userId, orderId)), declined };
}
