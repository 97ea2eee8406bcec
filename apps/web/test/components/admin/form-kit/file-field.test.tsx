import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PRODUCT_CSV_BYTES, productCsvMessages } from '@shop/contracts/products-csv';
import { ImportCsvPanel } from '../../../../app/components/admin/products/products-csv-panel';

const server = vi.hoisted(() => ({ importCsv: vi.fn() }));
vi.mock('../../../../app/components/admin/products/products-api', () => ({
  productsApi: () => server,
}));
vi.mock('../../../../app/lib/auth-session', () => ({
  useAuth: () => ({ authed: (call: (api: unknown) => unknown) => call({}) }),
}));

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const csv = (bytes: number) => new File(['x'.repeat(bytes)], 'products.csv', { type: 'text/csv' });

describe('the kit’s file field (the products CSV import)', () => {
  it('refuses a file over the route’s limit beside the field, sending nothing', async () => {
    render(<ImportCsvPanel onImported={() => {}} />);
    const check = screen.getByRole('button', { name: 'Check file' }) as HTMLButtonElement;
    expect(check.disabled).toBe(true);
    await userEvent.upload(screen.getByLabelText('CSV file'), csv(MAX_PRODUCT_CSV_BYTES + 1));
    await userEvent.click(check);
    const field = screen.getByLabelText('CSV file');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      productCsvMessages.tooLarge,
    );
    expect(server.importCsv).not.toHaveBeenCalled();
  });

  it('sends the chosen file for its dry run', async () => {
    server.importCsv.mockRejectedValue(new Error('The file is not a readable CSV: row 2'));
    render(<ImportCsvPanel onImported={() => {}} />);
    const file = csv(10);
    await userEvent.upload(screen.getByLabelText('CSV file'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file is not a readable CSV: row 2',
    );
    expect(server.importCsv).toHaveBeenCalledWith(file);
  });
});
