import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderRefundMessages } from '@shop/contracts/order-actions';
import type { OrderDeskDetail } from '@shop/contracts/orders-desk';
import { ApiError } from '../../../../app/lib/api-client';
import { RefundPanel } from '../../../../app/components/admin/order-detail/refund-panel';

const server = vi.hoisted(() => ({ refund: vi.fn() }));
vi.mock('../../../../app/components/admin/order-detail/order-actions-api', () => ({
  orderActionsApi: () => server,
}));
vi.mock('../../../../app/lib/auth-session', () => ({
  useAuth: () => ({ authed: (call: (api: unknown) => unknown) => call({}) }),
}));

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const lace = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
const cotton = '2c5f39cb-3fb2-42e3-994f-1127e4ddb538';
const item = (_id: string, productName: string, quantity: number, itemTotal: number) => ({
  _id,
  productName,
  quantity,
  itemTotal,
  size: '34B',
  color: { colorName: 'Rosewood', colorHex: '#8A3B4A' },
});
const detail = {
  order: {
    _id: 'o1',
    items: [item(lace, 'Lace balconette', 2, 2000), item(cotton, 'Cotton brief', 1, 500)],
    totalDiscountAmount: 0,
    total: 2500,
    paymentStatus: 'paid',
  },
  payments: [{ status: 'paid', providerPaymentId: 'pay_1', amount: 2500 }],
  refunds: [],
} as unknown as OrderDeskDetail;

const refundButton = () => screen.getByRole('button', { name: /^Refund/ });

describe('the refund panel', () => {
  it('puts the schema’s messages beside the fields and sends nothing', async () => {
    render(<RefundPanel detail={detail} onRefunded={() => {}} />);
    await userEvent.click(refundButton());
    const note = screen.getByLabelText(/Reason/);
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('refund-note-error')?.textContent).toBe(
      orderRefundMessages.noteRequired,
    );
    expect(screen.getByText(orderRefundMessages.noLines)).toBeTruthy();

    // A line's problem shows beside that line, whichever lines are chosen.
    await userEvent.clear(screen.getByLabelText(/Cotton brief/));
    await userEvent.type(screen.getByLabelText(/Cotton brief/), '-1');
    await userEvent.click(refundButton());
    await waitFor(() =>
      expect(document.getElementById(`refund-units-${cotton}-error`)?.textContent).toBe(
        orderRefundMessages.quantity,
      ),
    );
    expect(document.getElementById(`refund-units-${lace}-error`)).toBeNull();

    // A blank amount is no amount of rupees.
    await userEvent.click(screen.getByLabelText('An amount'));
    await userEvent.click(refundButton());
    await waitFor(() => expect(screen.getByText(orderRefundMessages.amount)).toBeTruthy());
    expect(server.refund).not.toHaveBeenCalled();
  });

  it('refunds the chosen units with the preview on the button, busy meanwhile', async () => {
    let finish: () => void = () => {};
    server.refund.mockImplementation(
      () => new Promise((resolve) => (finish = () => resolve({ data: { amount: 1000 } }))),
    );
    const onRefunded = vi.fn();
    render(<RefundPanel detail={detail} onRefunded={onRefunded} />);
    await userEvent.clear(screen.getByLabelText(/Lace balconette/));
    await userEvent.type(screen.getByLabelText(/Lace balconette/), '1');
    expect(refundButton().textContent).toBe('Refund ₹1,000');
    await userEvent.type(screen.getByLabelText(/Reason/), 'Lace torn at the seam');
    await userEvent.click(refundButton());
    const busy = await screen.findByRole('button', { name: 'Refunding...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(server.refund).toHaveBeenCalledWith('o1', {
      lines: [{ itemId: lace, quantity: 1 }],
      note: 'Lace torn at the seam',
    });
    finish();
    expect((await screen.findByRole('status')).textContent).toMatch(/^Refund of ₹1,000 started/);
    expect(onRefunded).toHaveBeenCalled();
    expect((screen.getByLabelText(/Reason/) as HTMLTextAreaElement).value).toBe('');
  });

  it('refunds an amount, and shows the server’s refusal as worded', async () => {
    const refusal = 'Staff refund up to ₹5,000: ask an owner for more.';
    server.refund.mockRejectedValue(new ApiError(refusal, 403));
    render(<RefundPanel detail={detail} onRefunded={() => {}} />);
    await userEvent.click(screen.getByLabelText('An amount'));
    await userEvent.type(screen.getByLabelText('Amount in rupees'), '250.5');
    await userEvent.type(screen.getByLabelText(/Reason/), 'Goodwill');
    await userEvent.click(refundButton());
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(server.refund).toHaveBeenCalledWith('o1', { amount: 250.5, note: 'Goodwill' });
  });
});
