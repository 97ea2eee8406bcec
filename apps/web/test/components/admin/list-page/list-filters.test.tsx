import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  ListFilters,
  searchFilter,
  selectFilter,
  splitField,
  type ListFiltersSpec,
} from '../../../../app/components/admin/list-page/list-filters';
import {
  BulkBar,
  ListNotice,
  useListActions,
} from '../../../../app/components/admin/list-page/list-page';
import { listQueryFromParams } from '../../../../app/components/admin/list-page/list-query';

const schema = z.object({
  q: z._default(z.string(), ''),
  state: z.optional(z.enum(['open', 'closed'])),
  min: z.optional(z.coerce.number()),
  max: z.optional(z.coerce.number()),
  from: z.optional(z.string()),
  sort: z._default(z.enum(['date', 'total']), 'date'),
  dir: z._default(z.enum(['asc', 'desc']), 'desc'),
});

const filters: ListFiltersSpec = {
  label: 'Find people',
  submitText: 'Apply',
  shape: splitField('order', 'sort', 'dir'),
  search: [searchFilter('Search', 'Name or email')],
  more: [
    selectFilter('state', 'State', 'Any state', ['open', 'closed'], {
      open: 'Open',
      closed: 'Closed',
    }),
    [
      { name: 'min', label: 'Min ₹', type: 'number' },
      { name: 'max', label: 'Max ₹', type: 'number' },
    ],
    { name: 'from', label: 'From (date)', type: 'date' },
    {
      ...selectFilter('order', 'Sort', undefined, [
        ['date-desc', 'Newest first'],
        ['total-asc', 'Lowest total'],
      ]),
      value: (query) => `${String(query.sort)}-${String(query.dir)}`,
    },
  ],
};

function Where() {
  const { search } = useLocation();
  return <output aria-label="URL">{search}</output>;
}

function renderAt(Component: () => React.ReactNode, url = '/people') {
  const router = createMemoryRouter([{ path: '/people', Component }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

afterEach(cleanup);

describe('declared filters', () => {
  it("show the query's values, and write the form back to the URL", async () => {
    function Filters() {
      const [params] = useSearchParams();
      const { query } = listQueryFromParams(schema, params);
      return (
        <>
          <Where />
          <ListFilters {...filters} schema={schema} query={query} clearTo="/people" />
        </>
      );
    }
    const user = renderAt(Filters, '/people?q=sha&state=open&min=5&sort=total&dir=asc');
    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    expect(field('Search').value).toBe('sha');
    expect(field('Search').placeholder).toBe('Name or email');
    expect(field('State').value).toBe('open');
    expect(field('Min ₹').value).toBe('5');
    expect(field('Min ₹').type).toBe('number');
    expect(field('Max ₹').value).toBe('');
    expect(field('From (date)').type).toBe('date');
    expect(field('Sort').value).toBe('total-asc');
    expect(screen.getByRole('option', { name: 'Any state' })).toBeTruthy();

    await user.selectOptions(field('State'), 'closed');
    await user.type(field('Max ₹'), '9');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // The sort field stands for two; nothing at the schema's default goes in the URL.
    await waitFor(() =>
      expect(screen.getByLabelText('URL').textContent).toBe(
        '?q=sha&state=closed&min=5&max=9&sort=total&dir=asc',
      ),
    );
    await user.selectOptions(field('Sort'), 'date-desc');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByLabelText('URL').textContent).toBe('?q=sha&state=closed&min=5&max=9'),
    );
  });
});

describe("a list's actions on its rows", () => {
  it('wait while one runs, and say what it did or why it failed', async () => {
    let finish: (words: string) => void = () => undefined;
    let refuse: (error: Error) => void = () => undefined;
    function Actions() {
      const { notice, busy, run } = useListActions();
      return (
        <>
          <ListNotice notice={notice} />
          <BulkBar
            count={2}
            busy={busy}
            buttons={[
              ['Pack', () => run(() => new Promise<string>((resolve) => (finish = resolve)))],
              ['Label', () => run(() => new Promise<string>((_, reject) => (refuse = reject)))],
            ]}
          />
        </>
      );
    }
    const user = renderAt(Actions);
    expect(screen.getByRole('heading', { name: '2 selected' })).toBeTruthy();
    const pack = screen.getByRole('button', { name: 'Pack' }) as HTMLButtonElement;
    const label = screen.getByRole('button', { name: 'Label' }) as HTMLButtonElement;

    await user.click(pack);
    expect(pack.disabled && label.disabled).toBe(true);
    finish('Packed 2 orders');
    expect((await screen.findByRole('status')).textContent).toBe('Packed 2 orders');
    expect(pack.disabled).toBe(false);

    await user.click(label);
    // A new action clears the last one's words.
    expect(screen.queryByRole('status')).toBeNull();
    refuse(new Error('The courier refused the labels'));
    expect((await screen.findByRole('alert')).textContent).toBe('The courier refused the labels');
  });
});
