import { Link } from 'react-router';
import { adminDiscountsQuery, type AdminDiscount } from '@shop/contracts/admin-discounts';
import { discountKinds, discountStates } from '@shop/domain/discount-definitions';
import { discountTypes } from '@shop/domain/discounts';
import { hasRole } from '@shop/domain/roles';
import { useAuth } from '../../../lib/auth-session';
import { formatRupees } from '../admin-format';
import * as list from '../list-page/list-page';
import { discountsApi } from './discounts-api';
import { conditionWords, offerWords, STATE_WORDS, StateBadge, usesWords } from './discount-words';

const KIND_WORDS = { percent: 'Percentage', flat: 'Flat amount' } as const;
const TYPE_WORDS = { coupon: 'Coupon', voucher: 'Voucher' } as const;

const c = list.listColumns<AdminDiscount>();
const link = (discount: AdminDiscount) => (
  <list.RowLink to={`/admin/discounts/${discount._id}`} className="font-mono font-semibold">
    {discount.code}
  </list.RowLink>
);

const columns = [
  c.cell(
    'Code',
    (row) => (
      <>
        {link(row)}
        <div className="text-xs text-muted">{TYPE_WORDS[row.type]}</div>
      </>
    ),
    'min-w-36',
  ),
  c.cell(
    'Offer',
    (row) => (
      <>
        <div className="font-medium">{offerWords(row)}</div>
        <div className="text-xs text-muted">{conditionWords(row)}</div>
      </>
    ),
    'min-w-48 max-w-sm',
  ),
  c.status('state', 'State', (state) => <StateBadge state={state} />),
  c.cell('Uses', usesWords, 'whitespace-nowrap'),
  c.text('paidOrders', 'Paid orders'),
  c.money('revenue', 'Revenue'),
  c.money('discountGiven', 'Given away'),
];

const card = (discount: AdminDiscount) => (
  <list.ListCard title={link(discount)} aside={<StateBadge state={discount.state} />}>
    <p className="font-medium">{offerWords(discount)}</p>
    <p className="text-muted">{conditionWords(discount)}</p>
    <p className="mt-1">
      Uses {usesWords(discount)} · {discount.paidOrders} paid · {formatRupees(discount.revenue)}{' '}
      revenue · {formatRupees(discount.discountGiven)} given away
    </p>
  </list.ListCard>
);

const filters: list.ListFiltersSpec = {
  label: 'Filter discount codes',
  submitText: 'Filter',
  // Four short fields stay in view on phones: no sheet, whose 'Filters' button would read like
  // this form's own 'Filter'.
  search: [
    list.searchFilter('Code', 'Starts with…'),
    list.selectFilter('state', 'State', 'Any', discountStates, STATE_WORDS),
    list.selectFilter('kind', 'Kind', 'Any', discountKinds, KIND_WORDS),
    list.selectFilter('type', 'Type', 'Any', discountTypes, TYPE_WORDS),
  ],
};

/** The codes for the URL's filters, loaded in the browser with the signed-in client. */
export const discountsLoader = list.listLoader(adminDiscountsQuery, (api, query) =>
  discountsApi(api).list(query),
);

/** /admin/discounts: every code with its state, uses and what it brought in; newest first. */
export function DiscountsPage() {
  const { user } = useAuth();
  return (
    <list.ListPage
      list={list.useListData(discountsLoader)}
      rows={(answer) => answer.discounts}
      title="Discounts"
      actions={
        user && hasRole(user.role, 'owner') ? (
          <Link to="/admin/discounts/new" className={list.listPrimary}>
            New code
          </Link>
        ) : null
      }
      intro={
        <p className="-mt-4 text-sm text-muted">
          Revenue counts paid orders placed with the code, less their refunds.
        </p>
      }
      filters={filters}
      problemFallback="Showing every code instead."
      label="Discount codes"
      columns={columns}
      card={card}
      emptyText="No discount codes match these filters."
    />
  );
}
