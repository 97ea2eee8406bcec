import {
  grievancesDeskQuery,
  grievanceStatusFilters,
  type GrievancesDeskRow,
} from '@shop/contracts/grievances';
import {
  grievanceCategories,
  grievanceCategoryLabels,
  grievanceStatusLabels,
  type GrievanceStatus,
} from '@shop/domain/grievances';
import { GrievanceClocks } from '../../legal/grievance-clocks';
import { formatIndiaDateTime } from '../admin-format';
import * as list from '../list-page/list-page';
import { grievancesApi } from './grievances-api';

const c = list.listColumns<GrievancesDeskRow>();
const link = (row: GrievancesDeskRow) => (
  <list.RowLink to={`/admin/grievances/${encodeURIComponent(row.ticket)}`}>
    {row.ticket}
  </list.RowLink>
);

const columns = [
  c.cell(
    'Ticket',
    (row) => (
      <>
        {link(row)}
        <div className="text-muted">{formatIndiaDateTime(row.createdAt)}</div>
      </>
    ),
    'min-w-40',
  ),
  c.cell(
    'Grievance',
    (row) => (
      <>
        <div className="font-medium">{row.subject}</div>
        <div className="text-muted">
          {grievanceCategoryLabels[row.category]}
          {row.orderNumber ? ` · ${row.orderNumber}` : ''}
        </div>
        <div className="break-all text-muted">
          {row.name} · {row.email}
        </div>
      </>
    ),
    'min-w-56',
  ),
  c.status('status', 'State', (state) => grievanceStatusLabels[state]),
  c.cell('Clocks', (row) => <GrievanceClocks clocks={row.clocks} />, 'min-w-56'),
];

const STATUS_CHOICES: Record<string, string> = {
  unresolved: 'Still to resolve',
  all: 'Every grievance',
};

const card = (row: GrievancesDeskRow) => (
  <list.ListCard title={link(row)} aside={<span>{grievanceStatusLabels[row.status]}</span>}>
    <p className="mt-1 font-medium">{row.subject}</p>
    <p className="break-all text-muted">
      {grievanceCategoryLabels[row.category]} · {row.name} · {row.email}
    </p>
    <div className="mt-2">
      <GrievanceClocks clocks={row.clocks} />
    </div>
  </list.ListCard>
);

/** The tickets for the URL's filters, loaded in the browser with the signed-in client. */
export const grievancesLoader = list.listLoader(grievancesDeskQuery, (api, query) =>
  grievancesApi(api).list(query),
);

/** /admin/grievances: the tickets, oldest first, with their 48-hour and one-month clocks. */
export function GrievancesPage() {
  return (
    <list.ListPage
      list={list.useListData(grievancesLoader)}
      rows={(answer) => answer.grievances}
      title="Grievances"
      intro={
        <p className="-mt-4 text-sm text-muted">
          Shoppers&apos; grievances, oldest first. Each must be acknowledged within 48 hours and
          resolved within one month of receipt.
        </p>
      }
      filters={{
        label: 'Filter grievances',
        className: 'grid gap-3 sm:grid-cols-2 lg:max-w-2xl',
        search: [
          list.selectFilter(
            'status',
            'State',
            undefined,
            grievanceStatusFilters,
            (choice) => STATUS_CHOICES[choice] ?? grievanceStatusLabels[choice as GrievanceStatus],
          ),
          list.selectFilter(
            'category',
            'About',
            'Anything',
            grievanceCategories,
            grievanceCategoryLabels,
          ),
        ],
      }}
      problemFallback="Showing the grievances still to resolve instead."
      label="Grievances"
      rowId={(row) => row.ticket}
      columns={columns}
      card={card}
      emptyText="No grievance matches these filters."
    />
  );
}
