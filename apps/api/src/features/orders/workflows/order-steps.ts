import { orderMessages, type Order } from '@shop/contracts/orders';
import { notFound, ShopError } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import type { OrderStatus } from '@shop/domain/orders';
import type { MailMessage } from '../../../adapters/mail/mailer.ts';
import type { Executor } from '../../../db/client.ts';
import type { MailExtras } from '../../mail/mail-outbox.ts';
import { toOrder } from '../order-presenter.ts';
import type { OrdersServiceDeps } from '../orders-deps.ts';
import type { OrdersRepository, OrderWithItems, PlacedOrder } from '../orders.repository.ts';

/** Why an unpaid order was cancelled: the shopper placed her cart again. */
export const REPLACED_REASON = 'Replaced by a newer order from the same cart';

/** A line's stock row is short (or its product went off sale): the line's position says which. */
export class StockShort extends ShopError {
  constructor(readonly position: number) {
    super('conflict', 'stock short');
    this.name = 'StockShort';
  }
}

/** A line's price moved since it was described: the order is described again and retried. */
export class PriceChanged extends ShopError {
  constructor() {
    super('conflict', 'price changed');
    this.name = 'PriceChanged';
  }
}

/**
 * A stock row's place in the order rows are locked everywhere (product, then colour and size
 * byte-wise), so two writers never wait on each other in a cycle.
 */
export function stockRowKey(
  productId: string,
  row: { colorName: string; size: string } | null,
): string {
  return `${productId}\u0000${row?.colorName.toLowerCase() ?? ''}\u0000${row?.size.toLowerCase() ?? ''}`;
}

export const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Step "take stock, insert the order": each line's units taken in the order stock rows are
 * locked everywhere (refusing a line short of stock with StockShort, and one whose price moved
 * with PriceChanged), then the order and its lines inserted, each code's use counted (the codes
 * are locked by the caller) and the catalogue's change notice sent on commit. In the caller's
 * transaction: a refusal rolls back whatever was taken.
 */
export async function insertPlacedOrder(
  tx: Executor,
  repository: OrdersRepository,
  placed: PlacedOrder,
): Promise<OrderWithItems> {
  const byStockRow = placed.items
    .map((line, index) => ({ line, position: line.position ?? index }))
    .sort((a, b) =>
      byteOrder(stockRowKey(a.line.productId, a.line), stockRowKey(b.line.productId, b.line)),
    );
  for (const { line, position } of byStockRow) {
    const pricePaise = await repository.takeLineStock(tx, line);
    if (pricePaise === undefined) throw new StockShort(position);
    if (pricePaise !== line.pricePaise) throw new PriceChanged();
  }
  const row = await repository.insertOrder(tx, placed.order, placed.items);
  await repository.countDiscountUses(tx, row.id, row.userId, placed.discountIds);
  await repository.notifyOnCommit(tx, placed.notice);
  return row;
}

/**
 * Gives orders' discount uses and stock back, inside the caller's transaction: the discounts
 * first, then the stock, the order a placement locks them in (its codes, then its stock), so a
 * placement and a cancellation seldom wait on each other in a cycle; the rare cycle left (a
 * placement replacing an unpaid order with other codes) is broken by PostgreSQL, and each of
 * them runs again (`retryOnDeadlock`). Answers the products restocked.
 */
export async function releaseOrders(
  tx: Executor,
  repository: OrdersRepository,
  orderIds: string[],
): Promise<string[]> {
  await repository.releaseDiscountUses(tx, orderIds);
  const items = await repository.itemsOf(tx, orderIds);
  for (const item of items) {
    await repository.returnStock(tx, {
      productId: item.productId,
      colorName: item.colorName,
      size: item.size,
      quantity: item.quantity,
    });
  }
  return items.map((item) => item.productId);
}

/**
 * Step "replace the unpaid order": a cart has one payable order at a time, so the shopper's
 * order still awaiting its money is cancelled, its stock and codes given back, before the new
 * one takes its own. Answers the products restocked.
 */
export async function replaceUnpaidOrder(
  tx: Executor,
  repository: OrdersRepository,
  userId: string,
): Promise<string[]> {
  const replaced = (await repository.lockOpenUnpaid(tx, userId)).map(({ id }) => id);
  if (replaced.length === 0) return [];
  const restocked = await releaseOrders(tx, repository, replaced);
  for (const id of replaced) {
    await repository.updateOrder(tx, id, {
      status: 'cancelled' satisfies OrderStatus,
      cancelledAt: new Date(),
      cancelReason: REPLACED_REASON,
    });
  }
  return restocked;
}

type Recipient = { email: string; firstName: string } | undefined;
type OrderMail = (to: string, firstName: string, order: Order, publicUrl: string) => MailMessage;

/**
 * Step "queue its mail": a mail to the order's shopper, inside the caller's transaction. The
 * recipient is read before the transaction opens: on PGlite a query outside an open transaction
 * waits for it.
 */
export async function mailShopper(
  deps: Pick<OrdersServiceDeps, 'outbox' | 'publicUrl'>,
  tx: Executor,
  recipient: Recipient,
  row: OrderWithItems,
  build: OrderMail,
  extras?: MailExtras,
) {
  if (recipient) {
    const message = build(recipient.email, recipient.firstName, toOrder(row), deps.publicUrl);
    await deps.outbox.enqueue(tx, message, extras);
  }
}

/** One of the shopper's own orders, or 404 (another shopper's order is not found either). */
export async function ownOrder(deps: OrdersServiceDeps, userId: string, orderId: string) {
  const row = isUuid(orderId) ? await deps.orders.findForUser(deps.db, userId, orderId) : undefined;
  if (!row) throw notFound(orderMessages.notFound);
  return row;
}
