import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { braChartRowsFor } from '@shop/domain/size-charts';
import { SizeChartDialog } from '../../../app/components/product/size-chart-dialog';
import { stubBrowser } from '../../browser-stubs';

const chart = {
  _id: 'chart-bras',
  name: 'Bras (UK cups)',
  kind: 'bra',
  image: '/media/size-charts/bras.png',
  rows: braChartRowsFor('modern', [32, 34], ['A', 'B']),
};

beforeEach(() => {
  stubBrowser({ width: 1280 });
  // jsdom has the element but not the modal's methods.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      expect(url).toBe('/api/size-chart/chart-bras');
      return new Response(JSON.stringify({ success: true, message: 'OK', data: chart }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderOverlay() {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <SizeChartDialog
          open
          image={chart.image}
          chartId={chart._id}
          productName="Rosewood Lace Bra"
          onClose={() => {}}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the size chart overlay', () => {
  it('shows the chart’s table beside its picture, in inches first, then in cm', async () => {
    renderOverlay();
    const table = await screen.findByTestId('size-chart-table');
    expect(screen.getByRole('img', { name: 'Size chart for Rosewood Lace Bra' })).toBeTruthy();
    expect(cells(table)).toEqual([
      ['Size', 'Under-bust (in)', 'Bust (in)'],
      ['32A', '31–33', '32.5–33.5'],
      ['32B', '31–33', '33.5–34.5'],
      ['34A', '33–35', '34.5–35.5'],
      ['34B', '33–35', '35.5–36.5'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'cm' }));
    expect(cells(table)).toEqual([
      ['Size', 'Under-bust (cm)', 'Bust (cm)'],
      ['32A', '78.7–83.8', '82.6–85.1'],
      ['32B', '78.7–83.8', '85.1–87.6'],
      ['34A', '83.8–88.9', '87.6–90.2'],
      ['34B', '83.8–88.9', '90.2–92.7'],
    ]);
    expect(
      screen
        .getByRole('link', { name: 'Not sure of your size? Find it in the size guide' })
        .getAttribute('href'),
    ).toBe('/size-guide');
  });
});
