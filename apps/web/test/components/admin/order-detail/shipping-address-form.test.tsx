import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/contracts/orders';
import { ApiError } from '../../../../app/lib/api-client';
import { ShippingAddressForm } from '../../../../app/components/admin/order-detail/shipping-address-form';

const server = vi.hoisted(() => ({ changeAddress: vi.fn(), checkPincode: vi.fn() }));
vi.mock('../../../../app/components/admin/order-detail/order-actions-api', () => ({
  orderActionsApi: () => server,
}));
vi.mock('../../../../app/lib/pincode-api', () => ({ checkPincode: server.checkPincode }));
vi.mock('../../../../app/lib/auth-session', () => ({
  useAuth: () => ({ authed: (call: (api: unknown) => unknown) => call({}) }),
}));

// The PIN directory knows no PIN unless a test says so.
beforeEach(() => server.checkPincode.mockResolvedValue({ kind: 'failed' }));
afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const shippingAddress = {
  name: 'Asha Rao',
  addressLine1: '12 MG Road',
  addressLine2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
  phone: '9876543210',
};
const order = { _id: 'o1', status: 'confirmed', shippingAddress } as unknown as Order;

const open = async (onChanged = () => {}) => {
  render(<ShippingAddressForm order={order} shipment={null} onChanged={onChanged} />);
  await userEvent.click(screen.getByRole('button', { name: 'Edit address' }));
};

describe('the order’s address form', () => {
  it('puts the checkout’s message beside the PIN and sends nothing', async () => {
    await open();
    const pin = screen.getByLabelText('PIN code');
    await userEvent.clear(pin);
    await userEvent.type(pin, '5700');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(pin.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(pin.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Invalid PIN code',
    );
    expect(server.changeAddress).not.toHaveBeenCalled();
  });

  it('fills city and state from a typed PIN and saves, busy meanwhile', async () => {
    server.checkPincode.mockResolvedValue({
      kind: 'found',
      answer: { city: 'Mysuru', state: 'Karnataka', serviceable: true },
    });
    let finish: () => void = () => {};
    server.changeAddress.mockImplementation(
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    const onChanged = vi.fn();
    await open(onChanged);
    const pin = screen.getByLabelText('PIN code');
    await userEvent.clear(pin);
    await userEvent.type(pin, '570001');
    await waitFor(() =>
      expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Mysuru'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(server.changeAddress).toHaveBeenCalledWith(
      'o1',
      expect.objectContaining({ city: 'Mysuru', pinCode: '570001', name: 'Asha Rao' }),
    );
    finish();
    expect((await screen.findByRole('status')).textContent).toBe('Shipping address changed');
    expect(onChanged).toHaveBeenCalled();
  });

  it('shows the server’s refusal as worded and stays open', async () => {
    server.changeAddress.mockRejectedValue(
      new ApiError('The courier has the parcel: the address can no longer change.', 409),
    );
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The courier has the parcel: the address can no longer change.',
    );
    expect(screen.getByRole('form', { name: 'Change the shipping address' })).toBeTruthy();
  });
});
