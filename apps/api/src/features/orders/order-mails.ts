import type { Order } from '@shop/contracts/orders';
import { discountSummaryLines } from '@shop/domain/discount-summary';
import { formatMoney, rupeesToPaise } from '@shop/domain/money';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { layout, signOff } from '../mail/mail-layout.ts';

/**
 * Order mails. Subjects name the order number only, never what was bought: inboxes and lock
 * screens are seen by others. The body lists the items for the shopper herself.
 */

/** An order answer's rupees as the shop writes money everywhere: ₹1,708.20. */
const money = (rupees: number) => formatMoney(rupeesToPaise(rupees));

function itemLines(order: Order): string[] {
  return order.items.map(
    (item) =>
      `${item.quantity} × ${item.productName} (${item.color.colorName}, size ${item.size.toUpperCase()}): ${money(item.itemTotal)}`,
  );
}

function addressLine(order: Order): string {
  const a = order.shippingAddress;
  return [
    a.name,
    a.addressLine1,
    a.addressLine2,
    `${a.city}, ${a.state} ${a.pinCode}`,
    `Phone ${a.phone}`,
  ]
    .filter(Boolean)
    .join(', ');
}

function mail(to: string, subject: string, paragraphs: string[], link: string): MailMessage {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${link}${signOff}`,
    html: layout(paragraphs, { label: 'See your orders', url: link }),
  };
}

export function orderConfirmationMail(
  to: string,
  firstName: string,
  order: Order,
  publicUrl: string,
) {
  const totals = [
    `Subtotal: ${money(order.subtotal)}`,
    ...discountSummaryLines(
      order.discounts.map((entry) => ({
        code: entry.code,
        amountPaise: rupeesToPaise(entry.amount),
      })),
      rupeesToPaise(order.totalDiscountAmount),
      order.discountCode,
    ).map((line) => `${line.label}: ${formatMoney(-line.amountPaise)}`),
    'Shipping: FREE',
    `Total paid: ${money(order.total)}`,
  ];
  return mail(
    to,
    `Your Lacebloom order ${order.orderNumber} is confirmed`,
    [
      `Hello ${firstName},`,
      `Thank you! We have received your payment for order ${order.orderNumber}.`,
      ...itemLines(order),
      totals.join(' · '),
      `It will be delivered to: ${addressLine(order)}.`,
      'We will write again when it ships. Standard delivery takes 5-7 business days.',
    ],
    `${publicUrl}/profile`,
  );
}

export function orderShippedMail(to: string, firstName: string, order: Order, publicUrl: string) {
  return mail(
    to,
    `Your order ${order.orderNumber} is on its way`,
    [
      `Hello ${firstName},`,
      `Order ${order.orderNumber} has been handed to our courier and is on its way to you.`,
    ],
    `${publicUrl}/profile`,
  );
}

export function orderDeliveredMail(to: string, firstName: string, order: Order, publicUrl: string) {
  return mail(
    to,
    `Your order ${order.orderNumber} has been delivered`,
    [
      `Hello ${firstName},`,
      `Order ${order.orderNumber} has been delivered. If something does not fit, you can ask for an exchange or return from your orders within 3 days.`,
    ],
    `${publicUrl}/profile`,
  );
}

export function orderCancelledMail(
  to: string,
  firstName: string,
  order: Order,
  publicUrl: string,
  refunded: boolean,
) {
  return mail(
    to,
    `Your order ${order.orderNumber} has been cancelled`,
    [
      `Hello ${firstName},`,
      `Order ${order.orderNumber} has been cancelled.`,
      refunded
        ? `We have refunded ${money(order.total)} to your original payment method; banks take 5-7 business days to show it.`
        : 'No payment was taken for it.',
    ],
    `${publicUrl}/profile`,
  );
}

export function returnReceivedMail(to: string, firstName: string, order: Order, publicUrl: string) {
  return mail(
    to,
    `We have received your return for order ${order.orderNumber}`,
    [
      `Hello ${firstName},`,
      `Your return for order ${order.orderNumber} has been received and checked. We have refunded ${money(order.total)} to your original payment method.`,
    ],
    `${publicUrl}/profile`,
  );
}
