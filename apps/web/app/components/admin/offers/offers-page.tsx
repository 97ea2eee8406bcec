import { Link } from 'react-router';
import { adminOffersQuery, type AdminOffer } from '@shop/contracts/offers';
import { offerKinds, offerStates } from '@shop/domain/offers';
import { hasRole } from '@shop/domain/roles';
import { useAuth } from '../../../lib/auth-session';
import * as list from '../list-page/list-page';
import { offersApi } from './offers-api';
import {
  OFFER_KIND_WORDS,
  OFFER_STATE_WORDS,
  offerRuleWords,
  OfferStateBadge,
  scheduleWords,
} from './offer-words';

const c = list.listColumns<AdminOffer>();
const link = (offer: AdminOffer) => (
  <list.RowLink to={`/admin/offers/${offer._id}`} className="font-semibold">
    {offer.name}
  </list.RowLink>
);

const columns = [
  c.cell(
    'Offer',
    (row) => (
      <>
        {link(row)}
        <div className="text-xs text-muted">/offers/{row.slug}</div>
      </>
    ),
    'min-w-40',
  ),
  c.cell(
    'Badge and rule',
    (row) => (
      <>
        <div className="font-medium">{row.label}</div>
        <div className="text-xs text-muted">{offerRuleWords(row)}</div>
      </>
    ),
    'min-w-40',
  ),
  c.status('state', 'State', (state) => <OfferStateBadge state={state} />),
  c.cell('When', scheduleWords, 'min-w-40 text-sm'),
  c.text('priority', 'Priority'),
];

const card = (offer: AdminOffer) => (
  <list.ListCard title={link(offer)} aside={<OfferStateBadge state={offer.state} />}>
    <p className="font-medium">{offer.label}</p>
    <p className="text-muted">{offerRuleWords(offer)}</p>
    <p className="mt-1">
      {scheduleWords(offer)} · priority {offer.priority}
    </p>
  </list.ListCard>
);

const filters: list.ListFiltersSpec = {
  label: 'Filter offers',
  submitText: 'Filter',
  search: [
    list.searchFilter('Name', 'Name or badge…'),
    list.selectFilter('state', 'State', 'Any', offerStates, OFFER_STATE_WORDS),
    list.selectFilter('kind', 'Kind', 'Any', offerKinds, OFFER_KIND_WORDS),
  ],
};

/** The offers for the URL's filters, loaded in the browser with the signed-in client. */
export const offersLoader = list.listLoader(adminOffersQuery, (api, query) =>
  offersApi(api).list(query),
);

/** /admin/offers: every automatic offer with its badge, rule, state and schedule. */
export function OffersPage() {
  const { user } = useAuth();
  return (
    <list.ListPage
      list={list.useListData(offersLoader)}
      rows={(answer) => answer.offers}
      title="Offers"
      actions={
        user && hasRole(user.role, 'owner') ? (
          <Link to="/admin/offers/new" className={list.listPrimary}>
            New offer
          </Link>
        ) : null
      }
      intro={
        <p className="-mt-4 text-sm text-muted">
          Offers apply by themselves in the cart, at their best for the shopper; codes apply after
          them where an offer allows.
        </p>
      }
      filters={filters}
      problemFallback="Showing every offer instead."
      label="Offers"
      columns={columns}
      card={card}
      emptyText="No offers match these filters."
    />
  );
}
