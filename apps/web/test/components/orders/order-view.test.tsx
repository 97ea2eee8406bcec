import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OrderRefund, OrderReturnLine } from '@shop/contracts/orders';
import {
  LineRefundTag,
  RefundLines,
  refundedUnitsOf,
  ReturnLines,
} from '../../../app/components/orders/order-view';

const line = (overrides: Partial<OrderReturnLine>): OrderReturnLine => ({
  _id: 'r1',
  itemId: 'i1',
  productName: 'Everyday Lace Bra',
  quantity: 1,
  action: 'exchange',
  exchangeFor: { colorName: 'Black', size: '36b' },
  state: 'replacement_queued',
  stateLabel: 'Replacement being packed',
  refundAmount: null,
  requestedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe("an order's return lines", () => {
  it('say where each line stands, and what a returned one refunds in the shop’s money format', () => {
    const html = renderToStaticMarkup(
      <ReturnLines
        returns={[
          line({}),
          line({
            _id: 'r2',
            itemId: 'i2',
            productName: 'Satin Robe',
            quantity: 2,
            action: 'return',
            exchangeFor: null,
            state: 'refunded',
            stateLabel: 'Returned, refund started',
            refundAmount: 123456.5,
          }),
        ]}
      />,
    );
    expect(html).toContain('Exchange for Black, size 36B');
    expect(html).toContain('Replacement being packed');
    expect(html).toContain('Satin Robe × 2');
    expect(html).toContain('Returned, refund started');
    expect(html).toContain('Refund ₹1,23,456.50');
    // An exchange refunds nothing, so it shows no refund.
    expect(html.match(/Refund ₹/g)).toHaveLength(1);
  });

  it('show the pickup and replacement AWBs, and why a line was refused', () => {
    const html = renderToStaticMarkup(
      <ReturnLines
        returns={[
          line({
            state: 'pickup_scheduled',
            stateLabel: 'Pickup booked',
            pickup: {
              courier: 'Sim',
              awb: 'SIMR0123456789',
              trackingUrl: 'https://t.in/SIMR0123456789',
            },
          }),
          line({
            _id: 'r2',
            state: 'replacement_shipped',
            stateLabel: 'Replacement shipped',
            parcel: { courier: null, awb: 'SIM0123456789', trackingUrl: null },
          }),
          line({
            _id: 'r3',
            action: 'return',
            exchangeFor: null,
            state: 'sent_back',
            stateLabel: 'Did not pass our check, sent back to you',
            declineReason: 'Tags removed',
            parcel: { courier: null, awb: 'SIM9876543210', trackingUrl: null },
          }),
        ]}
      />,
    );
    expect(html).toContain('Pickup AWB <a');
    expect(html).toContain('href="https://t.in/SIMR0123456789"');
    expect(html).toContain('Replacement AWB SIM0123456789');
    expect(html).toContain('Tags removed');
    // Items sent back are not a replacement.
    expect(html).toContain('AWB SIM9876543210');
    expect(html).not.toContain('Replacement AWB SIM9876543210');
  });

  it('show nothing for an order with no return', () => {
    expect(renderToStaticMarkup(<ReturnLines returns={[]} />)).toBe('');
  });
});

const refund = (overrides: Partial<OrderRefund>): OrderRefund => ({
  _id: 'f1',
  amount: 699,
  refunded: true,
  label: 'Refunded',
  createdAt: '2026-11-20T10:00:00.000Z',
  lines: [{ itemId: 'i1', productName: 'Period Protect Hipster', quantity: 1 }],
  ...overrides,
});

describe('the refunds of an order, to its shopper', () => {
  it('mark a line refunded only once every refund of it reached her', () => {
    const units = refundedUnitsOf([
      refund({}),
      refund({ _id: 'f2', refunded: false, label: 'Refund in progress' }),
    ]);
    expect(units.get('i1')).toEqual({ units: 2, done: false });
    expect(renderToStaticMarkup(<LineRefundTag refunded={units.get('i1')} />)).toContain(
      'Refund in progress (2)',
    );
    const done = refundedUnitsOf([refund({})]).get('i1');
    expect(renderToStaticMarkup(<LineRefundTag refunded={done} />)).toContain('Refunded');
    expect(renderToStaticMarkup(<LineRefundTag refunded={undefined} />)).toBe('');
  });

  it('list each refund with its amount in the shop’s money format and the items it was for', () => {
    const html = renderToStaticMarkup(<RefundLines refunds={[refund({ amount: 123456.5 })]} />);
    expect(html).toContain('₹1,23,456.50');
    expect(html).toContain('Period Protect Hipster × 1');
    expect(html).toContain('Refunded');
    expect(renderToStaticMarkup(<RefundLines refunds={[]} />)).toBe('');
  });
});
