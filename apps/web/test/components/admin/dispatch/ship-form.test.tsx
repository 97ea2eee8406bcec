import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchMessages } from '@shop/contracts/dispatch';
import { ApiError } from '../../../../app/lib/api-client';
import { ShipForm } from '../../../../app/components/admin/dispatch/ship-form';

const server = vi.hoisted(() => ({ ship: vi.fn() }));
vi.mock('../../../../app/components/admin/dispatch/dispatch-api', () => ({
  dispatchApi: () => server,
}));
vi.mock('../../../../app/lib/auth-session', () => ({
  useAuth: () => ({ authed: (call: (api: unknown) => unknown) => call({}) }),
}));

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const order = { _id: 'o1', orderNumber: 'ORD-1001' };

describe('the ship form', () => {
  it('opens on the courier and puts each problem beside its field', async () => {
    render(<ShipForm order={order} onShipped={() => {}} onCancel={() => {}} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Courier')));
    await userEvent.type(screen.getByLabelText('AWB (tracking number)'), 'AB-1');
    await userEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    const awb = screen.getByLabelText('AWB (tracking number)');
    await waitFor(() => expect(awb.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('ship-o1-awb-error')?.textContent).toBe(
      dispatchMessages.awbInvalid,
    );
    expect(document.getElementById('ship-o1-courier-error')?.textContent).toBe(
      dispatchMessages.courierRequired,
    );
    // The hint stays tied to the field beside the message.
    expect(awb.getAttribute('aria-describedby')).toBe('ship-o1-awb-hint ship-o1-awb-error');
    expect(server.ship).not.toHaveBeenCalled();
  });

  it('ships with the trimmed values, the button disabled meanwhile', async () => {
    let finish: () => void = () => {};
    server.ship.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    const onShipped = vi.fn();
    render(<ShipForm order={order} onShipped={onShipped} onCancel={() => {}} />);
    await userEvent.type(screen.getByLabelText('Courier'), ' Delhivery ');
    await userEvent.type(screen.getByLabelText('AWB (tracking number)'), 'SIM1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(server.ship).toHaveBeenCalledWith('o1', { courier: 'Delhivery', awb: 'SIM1234567' });
    finish();
    await waitFor(() =>
      expect(onShipped).toHaveBeenCalledWith('ORD-1001 shipped with Delhivery, AWB SIM1234567'),
    );
  });

  it('shows the server’s refusal as worded, on the field it names', async () => {
    server.ship.mockRejectedValue(new ApiError('That AWB is on another order', 409, 'awb'));
    render(<ShipForm order={order} onShipped={() => {}} onCancel={() => {}} />);
    await userEvent.type(screen.getByLabelText('Courier'), 'Delhivery');
    await userEvent.type(screen.getByLabelText('AWB (tracking number)'), 'SIM1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That AWB is on another order');
    expect(screen.getByLabelText('AWB (tracking number)').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(
      (screen.getByRole('button', { name: 'Mark shipped' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
