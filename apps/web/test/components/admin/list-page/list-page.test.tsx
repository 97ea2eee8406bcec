import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import type { ApiClient } from '../../../../app/lib/api-client';
import {
  listLoader,
  useListData,
  type ListLoader,
} from '../../../../app/components/admin/list-page/list-loader';
import {
  filterField,
  filterLabel,
  ListFilters,
  ListPage,
} from '../../../../app/components/admin/list-page/list-page';

// A list's contract as the shop writes them: filters, a cursor and a page size.
const schema = z.object({
  q: z._default(z.string(), ''),
  state: z.optional(z.enum(['open', 'closed'], { error: 'Invalid state: open or closed' })),
  kind: z.optional(z.enum(['a', 'b'])),
  cursor: z.optional(z.string()),
  limit: z._default(z.coerce.number(), 2),
});
type Query = z.output<typeof schema>;
interface Row {
  id: string;
  name: string;
}
interface Answer {
  rows: Row[];
  next: string | null;
}

const everyRow: Row[] = ['Asha', 'Bina', 'Chitra', 'Devi', 'Esha'].map((name, index) => ({
  id: String(index),
  name,
}));

/** A server of five rows, two a page, the cursor being the next row's index; records each query. */
function fakeServer() {
  const asked: Query[] = [];
  const fetch = (_api: ApiClient, query: Query): Promise<Answer> => {
    asked.push(query);
    const start = Number(query.cursor ?? 0);
    const rows = everyRow
      .filter((row) => row.name.includes(query.q))
      .slice(start, start + query.limit);
    const next = start + query.limit < everyRow.length ? String(start + query.limit) : null;
    return Promise.resolve({ rows, next });
  };
  return { asked, fetch };
}

function Where() {
  const { search } = useLocation();
  return <output aria-label="URL">{search}</output>;
}

function TestList({ loader }: { loader: ListLoader<typeof schema, Answer> }) {
  const list = useListData(loader);
  const { query } = list;
  return (
    <>
      <Where />
      <ListPage
        title="People"
        filters={
          <ListFilters
            schema={schema}
            label="Find people"
            submitText="Apply"
            clearTo="/people"
            search={
              <div>
                <label htmlFor="people-q" className={filterLabel}>
                  Search
                </label>
                <input id="people-q" name="q" defaultValue={query.q} className={filterField} />
              </div>
            }
            more={
              <>
                <label htmlFor="people-state">State</label>
                <select id="people-state" name="state" defaultValue={query.state ?? ''}>
                  <option value="">Any</option>
                  <option value="open">Open</option>
                  <option value="closed">Closed</option>
                </select>
                <label htmlFor="people-kind">Kind</label>
                <select id="people-kind" name="kind" defaultValue={query.kind ?? ''}>
                  <option value="">Any</option>
                  <option value="a">A</option>
                  <option value="b">B</option>
                </select>
              </>
            }
          />
        }
        list={list}
        rows={(answer) => answer.rows}
        problemFallback="Showing everyone instead."
        label="People"
        columns={[{ id: 'name', header: 'Name', cell: ({ row }) => row.original.name }]}
        card={(row) => <p>{row.name}</p>}
        emptyText="Nobody matches."
        bulk={{
          allLabel: 'Select everyone',
          rowLabel: (row) => `Select ${row.name}`,
          actions: (ticked) => <p>{ticked.length} ticked</p>,
        }}
      />
    </>
  );
}

function renderList(url: string) {
  const server = fakeServer();
  const loader = listLoader(schema, server.fetch, (call) => call({} as ApiClient));
  const Component = () => <TestList loader={loader} />;
  const router = createMemoryRouter([{ path: '/people', loader, Component }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  const url_ = () => screen.getByLabelText('URL').textContent;
  return { ...server, url: url_, user: userEvent.setup() };
}

/** The names in the phone list once the answer is in. */
async function shown() {
  // Generous waits: the first render also loads the modules, on a busy machine.
  const patient = { timeout: 10_000 };
  const list = await screen.findByRole('list', { name: 'People' }, patient);
  await waitFor(() => expect(screen.queryByText('Loading people...')).toBeNull(), patient);
  return within(list)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
}

afterEach(cleanup);

describe('the back-office list skeleton', () => {
  it("reads the query from the URL with the list's schema, leaving out blanks and the trail", async () => {
    const { asked } = renderList('/people?q=sha&kind=&trail=0&limit=5');
    expect(await shown()).toEqual(['Asha', 'Esha']);
    expect(asked.at(-1)).toEqual({ q: 'sha', limit: 5 });
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('sha');
  });

  it('shows the whole list, and why, when the URL holds a filter the schema refuses', async () => {
    const { asked } = renderList('/people?state=lost');
    expect(await shown()).toEqual(['Asha', 'Bina']);
    expect(screen.getByRole('alert').textContent).toBe(
      'Invalid state: open or closed. Showing everyone instead.',
    );
    expect(asked.at(-1)).toEqual({ q: '', limit: 2 });
  });

  it('pages forward with Next and back with Previous, the trail in the URL', async () => {
    const { url, user } = renderList('/people');
    expect(await shown()).toEqual(['Asha', 'Bina']);
    // The pager is named after the list, and a row's id is its own `id`, unless the page says.
    const pager = screen.getByRole('navigation', { name: 'Pages of people' });
    const previous = within(pager).getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect((previous as HTMLButtonElement).disabled).toBe(true);

    await user.click(next);
    await waitFor(() => expect(url()).toBe('?cursor=2'));
    expect(await shown()).toEqual(['Chitra', 'Devi']);
    await user.click(next);
    await waitFor(() => expect(url()).toBe('?cursor=4&trail=2'));
    expect(await shown()).toEqual(['Esha']);
    // The last page: nothing after it.
    expect((next as HTMLButtonElement).disabled).toBe(true);

    await user.click(previous);
    await waitFor(() => expect(url()).toBe('?cursor=2'));
    expect(await shown()).toEqual(['Chitra', 'Devi']);
    await user.click(previous);
    await waitFor(() => expect(url()).toBe(''));
    expect(await shown()).toEqual(['Asha', 'Bina']);
    expect((previous as HTMLButtonElement).disabled).toBe(true);
  });

  it("counts the filters set on the phone's 'Filters' button and opens them in a sheet", async () => {
    const { url, user } = renderList('/people?q=a&state=open&kind=a&cursor=2');
    await shown();
    // The search box is no filter, nor is the page.
    const open = screen.getByRole('button', { name: 'Filters (2)' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(open);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(open.getAttribute('aria-expanded')).toBe('true');
    await user.selectOptions(within(sheet).getByLabelText('State'), 'closed');
    await user.selectOptions(within(sheet).getByLabelText('Kind'), '');
    await user.click(within(sheet).getByRole('button', { name: 'Show results' }));

    // Filters set anew start from the first page, and the sheet closes on the list.
    await waitFor(() => expect(url()).toBe('?q=a&state=closed'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
  });

  it('offers bulk actions for ticked rows, and a new page starts with none ticked', async () => {
    const { user } = renderList('/people');
    await shown();
    const list = screen.getByRole('list', { name: 'People' });
    await user.click(within(list).getByRole('checkbox', { name: 'Select Bina' }));
    expect(screen.getByText('1 ticked')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await shown()).toEqual(['Chitra', 'Devi']);
    expect(screen.queryByText('1 ticked')).toBeNull();
  });

  it('applies a choice at once when the filters have no submit button', async () => {
    function Choices() {
      return (
        <>
          <Where />
          <ListFilters
            schema={schema}
            label="Filter people"
            clearTo="/people"
            search={
              <>
                <label htmlFor="people-state">State</label>
                <select id="people-state" name="state" defaultValue="">
                  <option value="">Any</option>
                  <option value="open">Open</option>
                </select>
              </>
            }
          />
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/people', Component: Choices }], {
      initialEntries: ['/people?cursor=2'],
    });
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    expect(screen.queryByRole('button')).toBeNull();
    await user.selectOptions(await screen.findByLabelText('State'), 'open');
    await waitFor(() => expect(screen.getByLabelText('URL').textContent).toBe('?state=open'));
  });
});
