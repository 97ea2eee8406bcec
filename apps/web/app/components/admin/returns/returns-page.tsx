import {
  returnsDeskQuery,
  returnsDeskStateFilters,
  type ReturnsDeskRow,
} from '@shop/contracts/returns-desk';
import { returnActions } from '@shop/domain/returns';
import { formatIndiaDate, stateWords } from '../admin-format';
import * as list from '../list-page/list-page';
import { ReturnItem, ReturnStateBadge } from './return-line-parts';
import { returnsApi } from './returns-api';

const c = list.listColumns<ReturnsDeskRow>();
const orderLink = (row: ReturnsDeskRow) => (
  <list.RowLink to={`/admin/orders/${row.orderId}`}>{row.orderNumber}</list.RowLink>
);

const columns = [
  c.date('requestedAt', 'Asked'),
  c.cell('Item', (row) => <ReturnItem line={row} link />, 'min-w-56'),
  c.cell(
    'Order',
    (row) => (
      <>
        {orderLink(row)}
        <div>{row.customer.name}</div>
        <div className="break-all text-muted">{row.customer.email}</div>
      </>
    ),
    'min-w-40',
  ),
  c.cell('Where it stands', (row) => <ReturnStateBadge line={row} />, 'min-w-32'),
  c.text('checkRule', 'Check on arrival', 'min-w-40 text-muted'),
];

const STATE_CHOICES: Record<string, string> = { open: 'Still to work on', all: 'Every line' };

/** A line as a phone's card. */
const card = (row: ReturnsDeskRow) => (
  <>
    <div className="flex flex-col gap-2">
      <ReturnItem line={row} link />
      <ReturnStateBadge line={row} />
    </div>
    <p className="mt-2">
      {orderLink(row)} · {row.customer.name} · asked {formatIndiaDate(row.requestedAt)}
    </p>
    <p className="mt-1 text-muted">Check: {row.checkRule}</p>
  </>
);

/** The lines for the URL's filters, loaded in the browser with the signed-in client. */
export const returnsLoader = list.listLoader(returnsDeskQuery, (api, query) =>
  returnsApi(api).list(query),
);

/** /admin/returns: every exchange or return line, oldest request first, with where it stands. */
export function ReturnsPage() {
  return (
    <list.ListPage
      list={list.useListData(returnsLoader)}
      rows={(answer) => answer.lines}
      title="Returns"
      intro={
        <p className="-mt-4 text-sm text-muted">
          Exchanges and returns item by item, oldest request first. Open one to approve it, book its
          pickup, check it on arrival and settle it.
        </p>
      }
      filters={{
        label: 'Filter returns',
        className: 'grid gap-3 sm:grid-cols-2 lg:max-w-2xl',
        search: [
          list.selectFilter(
            'state',
            'State',
            undefined,
            returnsDeskStateFilters,
            (choice) => STATE_CHOICES[choice] ?? stateWords(choice),
          ),
          list.selectFilter('action', 'Kind', 'Exchanges and returns', returnActions, {
            exchange: 'Exchanges',
            return: 'Returns',
          }),
        ],
      }}
      problemFallback="Showing the lines still to work on instead."
      label="Returns"
      columns={columns}
      card={card}
      emptyText="No exchange or return matches these filters."
    />
  );
}
