import { Link, useNavigate } from 'react-router';
import type { AdminOffer } from '@shop/contracts/offers';
import type { Category, Subcategory } from '@shop/contracts/catalogue';
import { hasRole } from '@shop/domain/roles';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDateTime } from '../admin-format';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { listButton, ListNotice, useListActions } from '../list-page/list-page';
import { BackLink, NewRecordPage, RecordLoadState } from '../list-page/record-screen';
import { OfferForm } from './offer-form';
import { offersApi } from './offers-api';
import { offerRuleWords, OfferStateBadge, scheduleWords } from './offer-words';

interface Choices {
  categories: Category[];
  subcategories: Subcategory[];
}

/**
 * The categories and subcategories an offer may cover. Without them an offer still covers tags
 * and chosen products, so a failed fetch offers none rather than keeping the form away.
 */
const eligibilityChoices = async (api: ApiClient): Promise<Choices> => {
  const [categories, subcategories] = await Promise.all([
    api.listCategories().catch((): Category[] => []),
    api.listSubcategories().catch((): Subcategory[] => []),
  ]);
  return { categories, subcategories };
};

/** /admin/offers/new: the categories and subcategories to choose from load before the form. */
export const newOfferLoader = screenLoader(eligibilityChoices);

/** /admin/offers/new (owners): define an offer, then go to its page. */
export function NewOfferPage() {
  const navigate = useNavigate();
  const { load } = useScreenData<Choices>();
  const choices = load.state === 'ready' ? load.data : { categories: [], subcategories: [] };
  return (
    <NewRecordPage back="/admin/offers" backText="Offers" title="New offer">
      <OfferForm
        {...choices}
        readOnly={false}
        onSaved={(offer, message) =>
          void navigate(`/admin/offers/${offer._id}`, { state: { notice: message } })
        }
      />
    </NewRecordPage>
  );
}

interface OfferScreen extends Choices {
  offer: AdminOffer;
}

/** /admin/offers/{id}: the offer and the choices its form offers load before it shows. */
export const offerLoader = screenLoader(async (api: ApiClient, params): Promise<OfferScreen> => {
  const [offer, choices] = await Promise.all([
    offersApi(api).detail(params.offerId ?? ''),
    eligibilityChoices(api),
  ]);
  return { offer, ...choices };
});

/**
 * /admin/offers/{id}: the offer's state, its 'End offer' action and its form. Staff read it;
 * owners change it. An offer is never deleted: ended, it stops applying at once, and the orders
 * placed with it keep what they were sold for.
 */
export function OfferDetailPage({ notice }: { notice?: string }) {
  const { authed, user } = useAuth();
  const { load, reload } = useScreenData<OfferScreen>();
  // The notice it opened with is what the save that led here said.
  const actions = useListActions(notice ? { ok: true, text: notice } : null);
  const owner = user ? hasRole(user.role, 'owner') : false;

  if (load.state !== 'ready') {
    return <RecordLoadState load={load} reload={reload} loadingText="Loading the offer..." />;
  }
  const { offer, categories, subcategories } = load.data;
  const endable = offer.state === 'active' || offer.state === 'scheduled';
  // An offer in past orders is never changed, only ended: the server refuses the change too.
  const locked = offer.ordersCount > 0;

  function end() {
    actions.run(async () => {
      const answer = await authed((api) => offersApi(api).end(offer._id));
      reload();
      return `${answer.message}: ${answer.data.name}.`;
    });
  }

  return (
    <section className="flex flex-col gap-5">
      <BackLink to="/admin/offers">Offers</BackLink>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex flex-wrap items-center gap-3 font-serif text-3xl">
            <span>{offer.name}</span>
            <OfferStateBadge state={offer.state} />
          </h1>
          <p className="mt-1 text-sm text-muted">
            {offer.label} · {offerRuleWords(offer)} · {scheduleWords(offer)} · created{' '}
            {formatIndiaDateTime(offer.createdAt)}
          </p>
          <p className="mt-1 text-sm">
            <Link
              to={`/offers/${offer.slug}`}
              className="font-medium text-brand-700 hover:underline"
            >
              The offer&rsquo;s page in the shop
            </Link>
          </p>
        </div>
        {owner && endable ? (
          <button type="button" className={listButton} disabled={actions.busy} onClick={end}>
            End offer
          </button>
        ) : null}
      </div>
      <ListNotice notice={actions.notice} printed />
      {owner ? null : (
        <p className="text-sm text-muted">Only an owner of the shop changes offers.</p>
      )}
      {locked ? (
        <p className="text-sm text-muted">
          {offer.ordersCount === 1 ? 'An order was' : `${offer.ordersCount} orders were`} placed
          with this offer: it stays as those orders were priced and can only be ended (make a new
          offer for new terms).
        </p>
      ) : null}
      {/* Keyed by the saved state, so the form starts again from what the server holds. */}
      <OfferForm
        key={JSON.stringify(offer)}
        offer={offer}
        categories={categories}
        subcategories={subcategories}
        readOnly={!owner || locked || offer.state === 'ended'}
        onSaved={(_saved, text) => {
          actions.setNotice({ ok: true, text });
          reload();
        }}
      />
    </section>
  );
}
