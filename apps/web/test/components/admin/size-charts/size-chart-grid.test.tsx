import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminSizeChart, SizeChartSave } from '@shop/contracts/fit';
import { SizeChartGrid } from '../../../../app/components/admin/size-charts/size-chart-grid';

afterEach(cleanup);

const chart: AdminSizeChart = {
  _id: 'chart-bras',
  name: 'Bras (UK cups)',
  kind: 'bra',
  image: null,
  isDefaultBra: true,
  rows: [
    { size: '32A', underbustCm: [78.7, 83.8], bustCm: [82.6, 85.1] },
    // Overlaps 32A's bust beyond their shared end point.
    { size: '32B', underbustCm: [78.7, 83.8], bustCm: [84, 87.6] },
    // Written backwards.
    { size: '34A', underbustCm: [88.9, 83.8], bustCm: [87.6, 90.2] },
  ],
};

describe('the size chart grid', () => {
  it('shows every problem the domain’s chart rules find and saves nothing until they are right', async () => {
    const saved: SizeChartSave[] = [];
    render(<SizeChartGrid chart={chart} onSave={async (body) => void saved.push(body)} />);
    const user = userEvent.setup();
    expect(screen.getAllByTestId('size-chart-row')).toHaveLength(3);
    expect(screen.getByText('Band 32')).toBeTruthy();
    expect(screen.getByText('Band 34')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save chart' }));
    const problems = await screen.findByTestId('grid-problems');
    expect([...problems.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      '34A: the under-bust range 88.9–83.8 cm runs backwards (lowest first)',
      'Band 32: 32A bust 82.6–85.1 cm overlaps 32B bust 84–87.6 cm',
    ]);
    expect(saved).toEqual([]);

    const bustFrom = screen.getByLabelText('Bust from (cm), 32B');
    await user.clear(bustFrom);
    await user.type(bustFrom, '85.1');
    const underbustFrom = screen.getByLabelText('Under-bust from (cm), 34A');
    await user.clear(underbustFrom);
    await user.type(underbustFrom, '83.8');
    const underbustTo = screen.getByLabelText('Under-bust to (cm), 34A');
    await user.clear(underbustTo);
    await user.type(underbustTo, '88.9');
    await waitFor(() => expect(screen.queryByTestId('grid-problems')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Save chart' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      name: 'Bras (UK cups)',
      kind: 'bra',
      image: null,
      isDefaultBra: true,
      rows: [
        { size: '32A', underbustCm: [78.7, 83.8], bustCm: [82.6, 85.1] },
        { size: '32B', underbustCm: [78.7, 83.8], bustCm: [85.1, 87.6] },
        { size: '34A', underbustCm: [83.8, 88.9], bustCm: [87.6, 90.2] },
      ],
    });
  });

  it('takes letter sizes with bust, waist and hip, and a row added and removed', async () => {
    const saved: SizeChartSave[] = [];
    render(<SizeChartGrid onSave={async (body) => void saved.push(body)} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Panties');
    await user.selectOptions(screen.getByLabelText('Kind'), 'letter');
    await user.type(screen.getByLabelText('Size'), 'S');
    for (const [label, value] of [
      ['Bust from (cm), S', '81'],
      ['Bust to (cm), S', '86'],
      ['Waist from (cm), S', '64'],
      ['Waist to (cm), S', '69'],
      ['Hip from (cm), S', '89'],
      ['Hip to (cm), S', '94'],
    ] as const) {
      await user.type(screen.getByLabelText(label), value);
    }
    await user.click(screen.getByRole('button', { name: 'Add a size' }));
    expect(screen.getAllByTestId('size-chart-row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove Row 2' }));
    await user.click(screen.getByRole('button', { name: 'Save chart' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      name: 'Panties',
      kind: 'letter',
      image: null,
      isDefaultBra: false,
      rows: [{ size: 'S', bustCm: [81, 86], waistCm: [64, 69], hipCm: [89, 94] }],
    });
  });
});
