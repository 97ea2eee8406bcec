import type { Order, OrderReturnLine } from '@shop/contracts/orders';
import { CASH_ON_DELIVERY, COD_CONFIRM_WINDOW_MS } from '@shop/domain/cash-on-delivery';
import { discountSummaryLines } from '@shop/domain/discount-summary';
import { orderPageUrl } from '@shop/domain/messages';
import { formatMoney, rupeesToPaise } from '@shop/domain/money';
import { RETURN_WINDOW_MS } from '@shop/domain/returns';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { layout, signOff } from '../mail/mail-layout.ts';

/**
 * Order mails. Subjects name the order number only, never what was bought: inboxes and lock
 * screens are seen by others. The body lists the items for the shopper herself.
 */

const EXCHANGE_DAYS = RETURN_WINDOW_MS / (24 * 60 * 60 * 1000);

/** An order answer's rupees as the shop writes money everywhere: ₹1,708.20. */
const money = (rupees: number) => formatMoney(rupeesToPaise(rupees));

function itemLines(order: Order): string[] {
  return order.items.map(
    (item) =>
      `${item.quantity} × ${item.productName} (${item.color.colorName}, size ${item.size.toUpperCase()}): ${money(item.itemTotal)}`,
  );
}

function addressLine(order: Order): string {
  return addressText(order.shippingAddress);
}

function addressText(a: Order['shippingAddress']): string {
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

/** A mail about one order: its paragraphs, and a link that opens that order on her account. */
function mail(to: string, subject: string, paragraphs: string[], link: string): MailMessage {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${link}${signOff}`,
    html: layout(paragraphs, { label: 'See your order', url: link }),
  };
}

const cashOnDelivery = (order: Order) => order.paymentMethod === CASH_ON_DELIVERY;

/**
 * A cash-on-delivery order was placed: the code that confirms it, and until when. The code is in
 * the body only; the subject names the order.
 */
export function codCodeMail(
  to: string,
  firstName: string,
  order: Order,
  code: string,
  publicUrl: string,
) {
  const hours = Math.round(COD_CONFIRM_WINDOW_MS / (60 * 60 * 1000));
  return mail(
    to,
    `Confirm your Lacebloom order ${order.orderNumber}`,
    [
      `Hello ${firstName},`,
      `Your confirmation code is ${code}.`,
      `Enter it on your order page within ${hours} hours to confirm cash on delivery for order ${order.orderNumber} (${money(order.total)}, including the cash on delivery fee of ${money(order.codFee ?? 0)}). An order not confirmed in time is cancelled.`,
      ...itemLines(order),
      `It will be delivered to: ${addressLine(order)}.`,
      'If you did not place this order, ignore this email: nothing will be sent.',
    ],
    orderPageUrl(publicUrl, order.orderNumber),
  );
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
    ...(cashOnDelivery(order)
      ? [
          `Cash on delivery fee: ${money(order.codFee ?? 0)}`,
          `To pay on delivery: ${money(order.total)}`,
        ]
      : [`Total paid: ${money(order.total)}`]),
  ];
  return mail(
    to,
    `Your Lacebloom order ${order.orderNumber} is confirmed`,
    [
      `Hello ${firstName},`,
      cashOnDelivery(order)
        ? `Thank you! Your cash-on-delivery order ${order.orderNumber} is confirmed. Please keep ${money(order.total)} ready for the courier.`
        : `Thank you! We have received your payment for order ${order.orderNumber}.`,
      ...itemLines(order),
      totals.join(' · '),
      `It will be delivered to: ${addressLine(order)}.`,
      'We will write again when it ships. Standard delivery takes 5-7 business days.',
    ],
    orderPageUrl(publicUrl, order.orderNumber),
  );
}

export function orderShippedMail(to: string, firstName: string, order: Order, publicUrl: string) {
  return mail(
    to,
    `Your order ${order.orderNumber} is on its way`,
    [
      `Hello ${firstName},`,
      `Order ${order.orderNumber} has been handed to our courier and is on its way to you.`,
      // Booked through the courier adapter: the parcel's AWB and the courier's own tracking page.
      ...(order.tracking?.awb
        ? [
            `${order.tracking.courier ?? 'Courier'} AWB ${order.tracking.awb}` +
              (order.tracking.trackingUrl ? `: track it at ${order.tracking.trackingUrl}` : '.'),
          ]
        : []),
    ],
    orderPageUrl(publicUrl, order.orderNumber),
  );
}

export function orderDeliveredMail(to: string, firstName: string, order: Order, publicUrl: string) {
  return mail(
    to,
    `Your order ${order.orderNumber} has been delivered`,
    [
      `Hello ${firstName},`,
      `Order ${order.orderNumber} has been delivered. We hope you love it.`,
      `If something does not fit, you can ask for another size or colour of it from My Orders within ${EXCHANGE_DAYS} days of delivery. Items must be unworn and unwashed, with their tags, packaging and hygiene liner.`,
      'For hygiene reasons panties and shapewear cannot be exchanged, beauty products only with their seal unbroken, and clearance items are final sale.',
    ],
    orderPageUrl(publicUrl, order.orderNumber),
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
    orderPageUrl(publicUrl, order.orderNumber),
  );
}

/** What one requested line is, in words: "1 × Lace Bra (Black, size 34B) for size 36B". */
function returnLineText(order: Order, line: OrderReturnLine): string {
  const item = order.items.find((candidate) => candidate._id === line.itemId);
  const bought = item
    ? `${line.quantity} × ${item.productName} (${item.color.colorName}, size ${item.size.toUpperCase()})`
    : `${line.quantity} × ${line.productName}`;
  if (!line.exchangeFor) return `Return for a refund: ${bought}`;
  const wanted = [
    item && item.color.colorName.toLowerCase() !== line.exchangeFor.colorName.toLowerCase()
      ? line.exchangeFor.colorName
      : undefined,
    item && item.size.toLowerCase() !== line.exchangeFor.size.toLowerCase()
      ? `size ${line.exchangeFor.size.toUpperCase()}`
      : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  return `Exchange: ${bought} for ${wanted}`;
}

const requested = (order: Order) => order.returns.filter((line) => line.state === 'requested');

export function returnRequestedMail(
  to: string,
  firstName: string,
  order: Order,
  publicUrl: string,
  declined: readonly { productName: string; reason: string }[],
) {
  const lines = requested(order);
  const exchanging = lines.some((line) => line.action === 'exchange');
  const refunding = lines.some((line) => line.action === 'return');
  return mail(
    to,
    `We have your request for order ${order.orderNumber}`,
    [
      `Hello ${firstName},`,
      `We have received your request for order ${order.orderNumber}:`,
      ...lines.map((line) => returnLineText(order, line)),
      ...declined.map((line) => `Not accepted: ${line.productName}. ${line.reason}.`),
      'We confirm your request within one business day and book a reverse pickup from your delivery address. Please pack the items in their original packaging with every tag attached.',
      ...(exchanging
        ? [
            'Your replacement is set aside for you now. Once your items reach us and pass a quality check, it ships within 2-3 business days; the whole exchange usually takes 7-10 business days.',
          ]
        : []),
      ...(refunding
        ? [
            'Once the items reach us and pass a quality check, we refund them to your original payment method, less any discount applied to them; banks take 5-7 business days to show it.',
          ]
        : []),
    ],
    orderPageUrl(publicUrl, order.orderNumber),
  );
}

export function returnDeclinedMail(to: string, firstName: string, order: Order, publicUrl: string) {
  const declined = order.returns.filter((line) => line.state === 'declined');
  return mail(
    to,
    `About your request for order ${order.orderNumber}`,
    [
      `Hello ${firstName},`,
      `We are sorry: we could not accept your request for order ${order.orderNumber}:`,
      ...declined.map((line) => returnLineText(order, line)),
      'Items must come back unworn and unwashed within 3 days of delivery, with their tags, packaging and hygiene liner. If you think we got this wrong, reply to this mail and our care team will look again.',
    ],
    orderPageUrl(publicUrl, order.orderNumber),
  );
}

/**
 * The shop changed where a paid order goes: the shopper reads the old and the new address, so a
 * change she did not ask for (a parcel sent elsewhere) does not pass unseen.
 */
export function shippingAddressChangedMail(
  to: string,
  firstName: string,
  order: Order,
  previous: Order['shippingAddress'],
  publicUrl: string,
) {
  return mail(
    to,
    `The delivery address of your Lacebloom order ${order.orderNumber} has changed`,
    [
      `Hello ${firstName},`,
      `We have changed where order ${order.orderNumber} will be delivered.`,
      `It was going to: ${addressText(previous)}.`,
      `It now goes to: ${addressLine(order)}.`,
      'If you did not ask for this change, reply to this mail before the parcel ships and our care team will look into it.',
    ],
    orderPageUrl(publicUrl, order.orderNumber),
  );
}
