import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MessageTimeline } from '../../../app/components/orders/message-timeline';

const message = {
  id: 'm1',
  step: 'shipped',
  channel: 'whatsapp' as const,
  recipient: '9876543210',
  status: 'delivered',
  createdAt: '2026-11-21T09:00:00.000Z',
  sentAt: '2026-11-21T09:00:01.000Z',
  deliveredAt: '2026-11-21T09:00:03.000Z',
  readAt: null,
  failedAt: null,
};

describe("an order's phone messages", () => {
  it('lists each step with its channel, the number’s last digits and its delivery state', () => {
    const html = renderToStaticMarkup(
      <MessageTimeline
        messages={[
          { ...message, id: 'm0', step: 'placed_cod', channel: 'sms', status: 'failed' },
          message,
        ]}
      />,
    );
    expect(html).toContain('Messages to your phone');
    expect(html).toContain('Order placed (with its confirmation code) · SMS to ••••3210');
    expect(html).toContain('Not delivered');
    expect(html).toContain('Shipped · WhatsApp to ••••3210');
    expect(html).toContain('Delivered');
    // The whole number is never shown.
    expect(html).not.toContain('9876543210');
    // 09:00 UTC is 2:30 pm in India, wherever the page is drawn.
    expect(html).toMatch(/21 Nov, 2:30\s?pm/i);
    expect(html.indexOf('Order placed')).toBeLessThan(html.indexOf('Shipped'));
  });

  it('shows nothing while no message was sent', () => {
    expect(renderToStaticMarkup(<MessageTimeline messages={undefined} />)).toBe('');
    expect(renderToStaticMarkup(<MessageTimeline messages={[]} />)).toBe('');
  });
});
