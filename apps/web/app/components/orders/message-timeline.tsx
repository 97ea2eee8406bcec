import type { OrderMessage } from '@shop/contracts/orders';

/** When a message was queued, in India's time (the shop sends only to Indian numbers). */
const sentTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

const STEP_LABELS: Record<string, string> = {
  placed: 'Order placed',
  placed_cod: 'Order placed (with its confirmation code)',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  return_picked_up: 'Return picked up',
  refund_sent: 'Refund sent',
  refund_credited: 'Refund credited',
};

const STATE_LABELS: Record<string, string> = {
  queued: 'Waiting to send',
  sending: 'Sending',
  unconfirmed: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Not delivered',
  cancelled: 'Not sent',
};

/** '••••3210': enough of the number for her to know which phone, no more on a shared screen. */
const lastDigits = (phone: string) => `••••${phone.slice(-4)}`;

/**
 * The WhatsApp and SMS updates sent about an order, oldest first: which step, on which channel
 * to which number, and how far each got (the providers' delivery reports).
 */
export function MessageTimeline({
  messages,
  heading = 'Messages to your phone',
}: {
  messages: readonly OrderMessage[] | undefined;
  /** null where the screen titles it already (the owner's order screen's card). */
  heading?: string | null;
}) {
  if (!messages || messages.length === 0) return null;
  return (
    <section
      aria-label={heading ?? 'Messages to her phone'}
      className={heading ? 'mt-4 border-t border-line pt-3 text-sm' : 'text-sm'}
    >
      {heading && <h3 className="font-medium">{heading}</h3>}
      <ul className="mt-2 space-y-2">
        {messages.map((message) => (
          <li key={message.id} className="flex flex-wrap justify-between gap-x-3">
            <span>
              {STEP_LABELS[message.step] ?? message.step} ·{' '}
              {message.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} to{' '}
              {lastDigits(message.recipient)}
            </span>
            <span className={message.status === 'failed' ? 'text-red-700' : 'text-muted'}>
              {STATE_LABELS[message.status] ?? message.status} ·{' '}
              <time dateTime={message.createdAt}>
                {sentTime.format(new Date(message.createdAt))}
              </time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
