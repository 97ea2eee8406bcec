import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stockMessages, type StockGrid } from '@shop/contracts/stock';
import { ApiError } from '../../../../app/lib/api-client';
import { StockGridPage } from '../../../../app/components/admin/stock/stock-grid-page';

const server = vi.hoisted(() => ({
  grid: vi.fn(),
  adjust: vi.fn(),
  setThreshold: vi.fn(),
  movements: vi.fn(),
}));
vi.mock('../../../../app/components/admin/stock/stock-api', () => ({ stockApi: () => server }));
vi.mock('../../../../app/lib/auth-session', () => ({
  useAuth: () => ({ authed: (call: (api: unknown) => unknown) => call({}) }),
}));

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const grid: StockGrid = {
  product: { _id: 'p1', name: 'Rosewood balconette', isActive: true, lowStockThreshold: 3 },
  colors: [{ colorName: 'Black', colorHex: '#000000' }],
  sizes: ['32B', '34B'],
  bands: null,
  cells: [
    { colorName: 'Black', size: '32B', stock: 5, held: 0, version: 7, low: false },
    { colorName: 'Black', size: '34B', stock: 2, held: 1, version: 9, low: true },
  ],
};

const open = () => {
  server.grid.mockResolvedValue(grid);
  server.movements.mockResolvedValue({ movements: [], next: null });
  return render(
    <MemoryRouter>
      <StockGridPage productId="p1" />
    </MemoryRouter>,
  );
};

describe('the stock grid', () => {
  it('sends the typed cells with the reading they were typed on, busy meanwhile', async () => {
    let finish: () => void = () => {};
    server.adjust.mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = () =>
            resolve({
              applied: [
                {
                  colorName: 'Black',
                  size: '34B',
                  change: '+12',
                  reason: 'delivery',
                  stockBefore: 2,
                  stockAfter: 14,
                  soldSince: 0,
                },
              ],
            });
        }),
    );
    open();
    await userEvent.type(await screen.findByLabelText('Black 34B: change'), '+12');
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Invoice 42');
    await userEvent.click(screen.getByRole('button', { name: 'Save 1 change' }));
    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(server.adjust).toHaveBeenCalledWith('p1', {
      edits: [{ colorName: 'Black', size: '34B', change: '+12', seen: 9 }],
      note: 'Invoice 42',
    });
    finish();
    const saved = await screen.findByText(/Black 34B: 2 → 14/);
    expect(saved.textContent).toContain('(+12, Delivery)');
    await waitFor(() =>
      expect((screen.getByLabelText('Black 34B: change') as HTMLInputElement).value).toBe(''),
    );
  });

  it('puts the threshold’s problem beside it, and shows the server’s refusal as worded', async () => {
    open();
    const threshold = await screen.findByLabelText('Low at or under');
    expect((threshold as HTMLInputElement).value).toBe('3');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    await waitFor(() => expect(threshold.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('stock-threshold-error')?.textContent).toBe(
      stockMessages.thresholdInvalid,
    );
    expect(server.setThreshold).not.toHaveBeenCalled();

    server.adjust.mockRejectedValue(new ApiError('Product not found', 404));
    await userEvent.type(screen.getByLabelText('Black 32B: change'), '=4');
    await userEvent.click(screen.getByRole('button', { name: 'Save 1 change' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Product not found');
  });
});
