import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminTable } from '../../../../app/components/admin/admin-table';
import {
  cardFromColumns,
  listColumns,
  RowLink,
} from '../../../../app/components/admin/list-page/list-columns';

interface Row {
  _id: string;
  name: string;
  total: number;
  placedAt: string;
  count: number;
  state: 'on_hold' | 'paid';
}

const row: Row = {
  _id: 'r1',
  name: 'Asha',
  total: 123456,
  placedAt: '2026-03-12T06:30:00.000Z',
  count: 3,
  state: 'on_hold',
};

const c = listColumns<Row>();
const columns = [
  c.cell('Customer', (entry) => <RowLink to={`/people/${entry._id}`}>{entry.name}</RowLink>),
  c.money('total', 'Total'),
  c.date('placedAt', 'Placed'),
  c.date('placedAt', 'Placed at', true),
  c.text('count', 'Items'),
  c.status('state', 'State', (state) => state.replace('_', ' ')),
];

function renderTable(card?: (entry: Row) => React.ReactNode) {
  render(
    <MemoryRouter>
      <AdminTable
        label="People"
        load={{ state: 'ready', data: null }}
        rows={[row]}
        columns={columns}
        rowId={(entry) => entry._id}
        card={card ?? cardFromColumns(columns)}
        loadingText="Loading people..."
        emptyText="Nobody."
        onRetry={() => undefined}
      />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe("the list skeleton's columns", () => {
  it("write each kind of field the back office's way, under its header", () => {
    renderTable();
    const table = within(screen.getByRole('region', { name: 'People' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Customer',
      'Total',
      'Placed',
      'Placed at',
      'Items',
      'State',
    ]);
    const cells = table.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells[1]).toBe('₹1,23,456');
    // India's calendar and clock: 06:30 UTC is noon in Kolkata.
    expect(cells[2]).toBe('12 Mar 2026');
    expect(cells[3]).toMatch(/^12 Mar 2026, 12:00\s?pm$/i);
    expect(cells.slice(4)).toEqual(['3', 'on hold']);
    expect(table.getByRole('link', { name: 'Asha' }).getAttribute('href')).toBe('/people/r1');
  });

  it('make the phone card of a list that gives none: the first cell, then header and cell', () => {
    renderTable();
    const card = within(within(screen.getByRole('list', { name: 'People' })).getByRole('listitem'));
    expect(card.getByRole('link', { name: 'Asha' })).toBeTruthy();
    const lines = [...card.getByRole('link').closest('li')!.children].map(
      (line) => line.textContent,
    );
    expect(lines).toEqual([
      'Asha',
      'Total:₹1,23,456',
      'Placed:12 Mar 2026',
      expect.stringMatching(/^Placed at:12 Mar 2026, 12:00\s?pm$/i),
      'Items:3',
      'State:on hold',
    ]);
  });

  it('leave the card to the list when it gives one', () => {
    renderTable((entry) => <p>{entry.name} ordered</p>);
    const list = screen.getByRole('list', { name: 'People' });
    expect(within(list).getByRole('listitem').textContent).toBe('Asha ordered');
  });
});
