import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminOffer } from '@shop/contracts/offers';
import type { Category, Subcategory } from '@shop/contracts/catalogue';
import { hasRole, roleMessages } from '@shop/domain/roles';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDateTime } from '../admin-format';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { OfferForm } from './offer-form';
import { offersApi } from './offers-api';
import { offerRuleWords, OfferStateBadge, scheduleWords } from './offer-words';

const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const panel = 'rounded-2xl border border-line bg-white p-6 text-center';

const BackLink = () => (
  <Link to="/admin/offers" className="text-sm font-medium text-brand-700 hover:underline">
    ← Offers
  </Link>
);

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
  const { user } = useAuth();
  const { load } = useScreenData<Choices>();
  const choices = load.state === 'ready' ? load.data : { categories: [], subcategories: [] };
  const owner = user ? hasRole(user.role, 'owner') : false;
  return (
    <section className="flex flex-col gap-5">
      <BackLink />
      <h1 className="font-serif text-3xl">New offer</h1>
      {owner ? (
        <OfferForm
          {...choices}
          readOnly={false}
          onSaved={(offer, message) =>
            void navigate(`/admin/offers/${offer._id}`, { state: { notice: message } })
          }
        />
      ) : (
        <p role="alert" className={panel}>
          {roleMessages.ownerOnly}
        </p>
      )}
    </section>
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
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(
    notice ? { ok: true, text: notice } : null,
  );
  const [busy, setBusy] = useState(false);
  const owner = user ? hasRole(user.role, 'owner') : false;

  if (load.state === 'loading') {
    return (
      <p role="status" className={`${panel} text-muted`}>
        Loading the offer...
      </p>
    );
  }
  if (load.state === 'failed') {
    return (
      <div role="alert" className={panel}>
        <p>{load.message}</p>
        <button type="button" className={`${button} mt-3`} onClick={reload}>
          Try Again
        </button>
      </div>
    );
  }
  const { offer, categories, subcategories } = load.data;
  const endable = offer.state === 'active' || offer.state === 'scheduled';
  // An offer in past orders is never changed, only ended: the server refuses the change too.
  const locked = offer.ordersCount > 0;

  function end() {
    setBusy(true);
    setMessage(null);
    authed((api) => offersApi(api).end(offer._id))
      .then((answer) => {
        setMessage({ ok: true, text: `${answer.message}: ${answer.data.name}.` });
        reload();
      })
      .catch((error) => setMessage({ ok: false, text: errorMessage(error) }))
      .finally(() => setBusy(false));
  }

  return (
    <section className="flex flex-col gap-5">
      <BackLink />
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
          <button type="button" className={button} disabled={busy} onClick={end}>
            End offer
          </button>
        ) : null}
      </div>
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`rounded-2xl border p-3 text-sm ${
            message.ok ? 'border-line bg-white' : 'border-brand-300 bg-white text-brand-800'
          }`}
        >
          {message.text}
        </p>
      ) : null}
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
          setMessage({ ok: true, text });
          reload();
        }}
      />
    </section>
  );
}
