import {
  ORDER_UPDATE_TEMPLATES,
  orderUpdateEventKey,
  orderUpdateRecipients,
  type ChannelChoices,
  type OrderUpdateStep,
} from '@shop/domain/messages';
import type { Executor } from '../../db/client.ts';
import type { MessageOutbox, MessageRecord } from '../messages/message-outbox.ts';

/**
 * What order updates need of phone messages: the outbox (a public module), her verified number
 * and her choices, each read in the transaction of the step.
 */
export interface OrderUpdateDeps {
  enqueueMessage: MessageOutbox['enqueueMessage'];
  /** The outbox's messages, read outside any transaction. */
  messagesOf: (filter: { userId?: string; eventKeyPrefix?: string }) => Promise<MessageRecord[]>;
  /** Her number when she verified it with a code, else undefined. */
  verifiedPhoneOf: (tx: Executor, userId: string) => Promise<string | undefined>;
  /** Her current choices of channel for order updates (her account's preferences, defaults included). */
  choicesOf: (tx: Executor, userId: string) => Promise<ChannelChoices>;
}

/** The order facts an update needs. */
export interface OrderForUpdate {
  id: string;
  orderNumber: string;
  userId: string;
  shippingAddress: { phone?: string | null } | null;
}

/**
 * Queues the phone message of one step of an order's life in `tx`, the step's own transaction:
 * it goes out only if the step commits, and once however often the step is applied (its event
 * key names the order and the step). Texts name the order number only, with the link.
 */
export async function queueOrderUpdate(
  updates: OrderUpdateDeps | undefined,
  tx: Executor,
  order: OrderForUpdate,
  step: OrderUpdateStep,
  variables: Record<string, string> = {},
  /** For a step an order can take more than once (each refund): which time it is. */
  occurrence?: string,
) {
  if (!updates) return;
  const [verifiedPhone, choices] = await Promise.all([
    updates.verifiedPhoneOf(tx, order.userId),
    updates.choicesOf(tx, order.userId),
  ]);
  const recipients = orderUpdateRecipients({
    verifiedPhone,
    addressPhone: order.shippingAddress?.phone,
    choices,
  });
  for (const { phone, channel } of recipients) {
    await updates.enqueueMessage(tx, {
      eventKey: orderUpdateEventKey(order.id, occurrence ? `${step}:${occurrence}` : step),
      phone,
      channel,
      purpose: 'order_updates',
      template: ORDER_UPDATE_TEMPLATES[step],
      variables: { orderNumber: order.orderNumber, ...variables },
      userId: order.userId,
    });
  }
}

/** The order's messages as its timeline shows them, oldest first. */
export async function orderMessagesOf(updates: OrderUpdateDeps | undefined, orderId: string) {
  if (!updates) return [];
  const rows = await updates.messagesOf({ eventKeyPrefix: orderUpdateEventKey(orderId, '') });
  return rows.reverse().map(timelineMessage);
}

/** Her order messages by order id, oldest first: one read for a page of her orders. */
export async function orderMessagesByOrder(updates: OrderUpdateDeps | undefined, userId: string) {
  const byOrder = new Map<string, ReturnType<typeof timelineMessage>[]>();
  if (!updates) return byOrder;
  const rows = await updates.messagesOf({ userId, eventKeyPrefix: 'order:' });
  for (const row of rows.reverse()) {
    const orderId = row.eventKey.split(':')[1] ?? '';
    byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), timelineMessage(row)]);
  }
  return byOrder;
}

/** One message on the timeline: the step, the channel, where it went and how far it got. */
export function timelineMessage(row: MessageRecord) {
  return {
    id: row.id,
    // order:<id>:<step>[:<occurrence>]
    step: row.eventKey.split(':')[2] ?? '',
    channel: row.channel,
    recipient: row.recipient,
    status: row.status,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    deliveredAt: row.deliveredAt,
    readAt: row.readAt,
    failedAt: row.failedAt,
  };
}
