// The return dialog's choices, turned into the request `POST /order/{id}/return` reads. The
// request is checked with the route's own schema, so the form says what the server would.
import { sameColorName, sameSize } from '@shop/domain/cart';
import {
  canChooseSize,
  firstExchangeChoice,
  returnMessages,
  type ExchangeColor,
  type ReturnAction,
} from '@shop/domain/returns';
import {
  orderReturnSchema,
  type Order,
  type OrderItem,
  type OrderReturnInput,
} from '@shop/contracts/orders';

export interface ExchangeTarget {
  colorName: string;
  size: string;
}

/** What the shopper chose for one ticked line. */
export interface LineChoice {
  action: ReturnAction;
  quantity: number;
  /** The colour and size she picked for an exchange; null until she picks. */
  wanted: ExchangeTarget | null;
}

/** Why a line cannot be chosen: what it is (hygiene, final sale), or it was asked for already. */
export function lineBlockedReason(order: Pick<Order, 'returns'>, item: OrderItem): string | null {
  if (!item.returnable) {
    return item.returnBlockedReason ?? `${item.productName} cannot be exchanged or returned`;
  }
  if (order.returns.some((line) => line.itemId === item._id)) {
    return returnMessages.lineAlreadyAsked;
  }
  return null;
}

/**
 * The replacement an exchange asks for: her pick while it is still on offer (the offer shrinks
 * when she sends more units back), else another size of the same colour, else the first offered.
 */
export function exchangeTarget(
  choices: readonly ExchangeColor[],
  wanted: ExchangeTarget | null,
  bought: { colorName: string },
): ExchangeTarget | null {
  const color = wanted
    ? choices.find((candidate) => sameColorName(candidate.colorName, wanted.colorName))
    : undefined;
  if (color && wanted) {
    const size =
      color.sizes.find(
        (candidate) => sameSize(candidate.size, wanted.size) && canChooseSize(candidate),
      ) ?? color.sizes.find(canChooseSize);
    if (size) return { colorName: color.colorName, size: size.size };
  }
  return firstExchangeChoice(choices, bought);
}

export type ReturnRequestCheck =
  { ok: true; request: OrderReturnInput } | { ok: false; message: string };

/** The request for the ticked lines, or the first reason it cannot be sent. */
export function buildReturnRequest(
  reason: string,
  lines: readonly { item: OrderItem; choice: LineChoice; target: ExchangeTarget | null }[],
): ReturnRequestCheck {
  const items: NonNullable<OrderReturnInput['items']> = [];
  for (const { item, choice, target } of lines) {
    if (choice.action === 'exchange') {
      if (!target) return { ok: false, message: returnMessages.exchangeNeedsChoice };
      items.push({
        itemId: item._id,
        quantity: choice.quantity,
        action: 'exchange',
        colorName: target.colorName,
        size: target.size,
      });
    } else {
      items.push({ itemId: item._id, quantity: choice.quantity, action: 'return' });
    }
  }
  const parsed = orderReturnSchema.safeParse({ reason, items });
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Failed to return order' };
  }
  return { ok: true, request: parsed.data };
}
