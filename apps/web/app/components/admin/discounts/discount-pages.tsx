import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminDiscount } from '@shop/contracts/admin-discounts';
import type { Category } from '@shop/contracts/catalogue';
import { hasRole, roleMessages } from '@shop/domain/roles';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDateTime, formatRupees } from '../admin-format';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { DiscountForm } from './discount-form';
import { discountsApi } from './discounts-api';
import { offerWords, StateBadge, usesWords } from './discount-words';

const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const panel = 'rounded-2xl border border-line bg-white p-6 text-center';

const BackLink = () => (
  <Link to="/admin/discounts" className="text-sm font-medium text-brand-700 hover:underline">
    ← Discounts
  </Link>
);

/**
 * The categories a code may be limited to. Without them the code still applies to every product
 * or to chosen products, so a failed fetch offers none rather than keeping the form away.
 */
const categoryChoices = (api: ApiClient) => api.listCategories().catch((): Category[] => []);

/** /admin/discounts/new: the categories to choose from load before the form shows. */
export const newDiscountLoader = screenLoader(categoryChoices);

interface DiscountScreen {
  discount: AdminDiscount;
  categories: Category[];
}

/** /admin/discounts/new (owners): define a code, then go to its page. */
export function NewDiscountPage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const { load } = useScreenData<Category[]>();
  const categories = load.state === 'ready' ? load.data : [];
  const owner = user ? hasRole(user.role, 'owner') : false;
  return (
    <section className="flex flex-col gap-5">
      <BackLink />
      <h1 className="font-serif text-3xl">New discount code</h1>
      {owner ? (
        <DiscountForm
          categories={categories}
          readOnly={false}
          onSaved={(discount, message) =>
            void navigate(`/admin/discounts/${discount._id}`, { state: { notice: message } })
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

function Figures({ discount }: { discount: AdminDiscount }) {
  const figures: [string, string][] = [
    ['Uses', usesWords(discount)],
    ['Paid orders', String(discount.paidOrders)],
    ['Revenue', formatRupees(discount.revenue)],
    ['Given away', formatRupees(discount.discountGiven)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-2xl border border-line bg-white p-4">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
          <dd className="mt-1 text-xl font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /admin/discounts/{id}: the code and the categories to choose from load before it shows. */
export const discountLoader = screenLoader(
  async (api: ApiClient, params): Promise<DiscountScreen> => {
    const [discount, categories] = await Promise.all([
      discountsApi(api).detail(params.discountId ?? ''),
      categoryChoices(api),
    ]);
    return { discount, categories };
  },
);

/**
 * /admin/discounts/{id}: the code's figures, its switch and its form. Staff read it; owners
 * change it. A code is never deleted: switched off, shoppers are told it is invalid, and the
 * orders that used it keep showing it.
 */
export function DiscountDetailPage({ notice }: { notice?: string }) {
  const { authed, user } = useAuth();
  const { load, reload } = useScreenData<DiscountScreen>();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(
    notice ? { ok: true, text: notice } : null,
  );
  const [busy, setBusy] = useState(false);
  const owner = user ? hasRole(user.role, 'owner') : false;

  if (load.state === 'loading') {
    return (
      <p role="status" className={`${panel} text-muted`}>
        Loading the discount...
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
  const { discount, categories } = load.data;

  function toggle() {
    setBusy(true);
    setMessage(null);
    authed((api) => discountsApi(api).setActive(discount._id, !discount.isActive))
      .then((answer) => {
        setMessage({ ok: true, text: `${answer.message}: ${answer.data.code}.` });
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
            <span className="font-mono">{discount.code}</span>
            <StateBadge state={discount.state} />
          </h1>
          <p className="mt-1 text-sm text-muted">
            {offerWords(discount)} · created {formatIndiaDateTime(discount.createdAt)}
          </p>
        </div>
        {owner ? (
          <button type="button" className={button} disabled={busy} onClick={toggle}>
            {discount.isActive ? 'Deactivate' : 'Activate again'}
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
      <Figures discount={discount} />
      {discount.timesUsed > 0 || discount.paidOrders > 0 ? (
        <p className="text-sm text-muted">
          Orders have used this code: its code stays as it is (make a new code for a new name).
        </p>
      ) : null}
      {owner ? null : (
        <p className="text-sm text-muted">Only an owner of the shop changes discount codes.</p>
      )}
      {/* Keyed by the saved state, so the form starts again from what the server holds. */}
      <DiscountForm
        key={JSON.stringify(discount)}
        discount={discount}
        categories={categories}
        readOnly={!owner}
        onSaved={(_saved, text) => {
          setMessage({ ok: true, text });
          reload();
        }}
      />
    </section>
  );
}
