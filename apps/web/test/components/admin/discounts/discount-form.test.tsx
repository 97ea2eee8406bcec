import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDiscount, DiscountForm as Values } from '@shop/contracts/admin-discounts';
import { ApiError } from '../../../../app/lib/api-client';
import { DiscountForm } from '../../../../app/components/admin/discounts/discount-form';

// The server, one call at a time: the form's calls go through these.
const server = vi.hoisted(() => ({ create: vi.fn(), update: vi.fn() }));
vi.mock('../../../../app/components/admin/discounts/discounts-api', () => ({
  discountsApi: () => server,
}));
vi.mock('../../../../app/lib/auth-session', () => {
  const api = {
    listCategories: () =>
      Promise.resolve([{ _id: '6f1d2c3b-0a9e-4b8c-9d7e-112233445566', name: 'Bras' }]),
  };
  const authed = (call: (client: unknown) => unknown) => call(api);
  return { useAuth: () => ({ authed }) };
});

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('the discount form', () => {
  it('shows the domain’s rule beside the field, then sends the code as the contract reads it', async () => {
    const saved: [AdminDiscount, string][] = [];
    let sent: Values | undefined;
    server.create.mockImplementation(async (values: Values) => {
      sent = values;
      return { data: { _id: 'd1' } as AdminDiscount, message: 'Discount created' };
    });
    render(<DiscountForm readOnly={false} onSaved={(...answer) => void saved.push(answer)} />);

    await userEvent.type(screen.getByLabelText('Code'), 'new10');
    await userEvent.type(screen.getByLabelText('Percent off'), '95');
    await userEvent.type(screen.getByLabelText('Maximum discount (₹, optional)'), '300');
    await userEvent.type(screen.getByLabelText('Minimum order (₹)'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Create code' }));

    const percent = screen.getByLabelText('Percent off');
    await waitFor(() => expect(percent.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('discount-value-error')?.textContent).toBe(
      'A percentage must be a whole number from 1 to 90',
    );
    expect(screen.getByRole('alert').textContent).toBe('Please correct the fields marked below.');
    expect(server.create).not.toHaveBeenCalled();

    // A flat amount instead: the maximum typed for the percentage is dropped.
    await userEvent.click(screen.getByLabelText('A flat amount'));
    const amount = screen.getByLabelText('Amount off (₹)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    await userEvent.click(await screen.findByLabelText('Bras'));
    await userEvent.click(screen.getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.[1]).toBe('Discount created');
    expect(sent).toMatchObject({
      code: 'NEW10',
      kind: 'flat',
      value: 100,
      minOrder: 500,
      maxDiscount: null,
      usageLimit: null,
      startsAt: null,
      eligibleCategoryIds: ['6f1d2c3b-0a9e-4b8c-9d7e-112233445566'],
    });
  });

  it('shows the server’s refusal as worded and lets the owner try again', async () => {
    server.create.mockRejectedValue(new ApiError('The code NEW10 is taken', 409, 'code'));
    render(<DiscountForm readOnly={false} onSaved={() => {}} />);
    await userEvent.type(screen.getByLabelText('Code'), 'new10');
    await userEvent.type(screen.getByLabelText('Percent off'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Create code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code NEW10 is taken');
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(
      (screen.getByRole('button', { name: 'Create code' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('opens a saved code in India’s time, read-only for staff', async () => {
    const discount = {
      _id: 'd1',
      code: 'FESTIVE20',
      type: 'coupon',
      description: '',
      kind: 'percent',
      value: 20,
      minOrder: 0,
      maxDiscount: 500,
      startsAt: '2026-10-31T18:30:00.000Z',
      expiresAt: null,
      usageLimit: 100,
      perUserLimit: null,
      firstOrderOnly: true,
      eligibleCategoryIds: [],
      eligibleProductIds: [],
    } as unknown as AdminDiscount;
    render(<DiscountForm discount={discount} readOnly onSaved={() => {}} />);
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    expect(value('Code')).toBe('FESTIVE20');
    expect(value('Percent off')).toBe('20');
    expect(value('Minimum order (₹)')).toBe('');
    expect(value('Maximum discount (₹, optional)')).toBe('500');
    expect(value('Starts (India time, optional)')).toBe('2026-11-01T00:00');
    expect(value('Total uses (optional)')).toBe('100');
    expect((screen.getByLabelText(/First order only/) as HTMLInputElement).checked).toBe(true);
    // The fieldset disables every field.
    expect(screen.getByLabelText('Code').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
