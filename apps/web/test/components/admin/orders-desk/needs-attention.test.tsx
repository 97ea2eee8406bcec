import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OrdersDeskRow } from '@shop/contracts/orders-desk';
import { attentionAction } from '@shop/domain/order-actions';
import { NeedsAttention } from '../../../../app/components/admin/orders-desk/needs-attention';

const row = (overrides: Partial<OrdersDeskRow>): OrdersDeskRow => ({
  _id: 'a1',
  orderNumber: 'LB2611000001',
  createdAt: '2026-11-01T10:00:00.000Z',
  customer: { _id: 'u1', name: 'Meera Iyer', email: 'meera@example.in', phone: '9876543210' },
  total: 1299.5,
  status: 'pending',
  paymentStatus: 'payment_review',
  itemCount: 1,
  needsAttention: true,
  ...overrides,
});

/** Text as React writes it into HTML. */
const escaped = (text: string) => text.replace(/'/g, '&#x27;');

const render = (rows: OrdersDeskRow[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <NeedsAttention rows={rows} />
    </MemoryRouter>,
  );

describe('the desk’s needs-attention block', () => {
  it('links each order and says what to do about it', () => {
    const html = render([
      row({}),
      row({ _id: 'b2', orderNumber: 'LB2611000002', paymentStatus: 'refund_pending' }),
    ]);
    expect(html).toContain('Needs attention (2)');
    expect(html).toContain('href="/admin/orders/a1"');
    expect(html).toContain('₹1,299.50');
    expect(html).toContain(escaped(attentionAction({ paymentStatus: 'payment_review' })));
    expect(html).toContain(escaped(attentionAction({ paymentStatus: 'refund_pending' })));
  });

  it('is not there when nothing needs attention', () => {
    expect(render([])).toBe('');
  });
});
