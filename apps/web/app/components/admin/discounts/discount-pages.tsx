import { useNavigate } from 'react-router';
import type { AdminDiscount } from '@shop/contracts/admin-discounts';
import type { Category } from '@shop/contracts/catalogue';
import { hasRole } from '@shop/domain/roles';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDateTime, formatRupees } from '../admin-format';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { listButton, ListNotice, useListActions } from '../list-page/list-page';
import { BackLink, NewRecordPage, RecordLoadState } from '../list-page/record-screen';
import { DiscountForm } from './discount-form';
import { discountsApi } from './discounts-api';
import { offerWords, StateBadge, usesWords } from './discount-words';

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
  const { load } = useScreenData<Category[]>();
  const categories = load.state === 'ready' ? load.data : [];
  return (
    <NewRecordPage back="/admin/discounts" backText="Discounts" title="New discount code">
      <DiscountForm
        categories={categories}
        readOnly={false}
        onSaved={(discount, message) =>
          void navigate(`/admin/discounts/${discount._id}`, { state: { notice: message } })
        }
      />
    </NewRecordPage>
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
  // The notice it opened with is what the save that led here said.
  const actions = useListActions(notice ? { ok: true, text: notice } : null);
  const owner = user ? hasRole(user.role, 'owner') : false;

  if (load.state !== 'ready') {
    return <RecordLoadState load={load} reload={reload} loadingText="Loading the discount..." />;
  }
  const { discount, categories } = load.data;

  function toggle() {
    actions.run(async () => {
      const answer = await authed((api) =>
        discountsApi(api).setActive(discount._id, !discount.isActive),
      );
      reload();
      return `${answer.message}: ${answer.data.code}.`;
    });
  }

  return (
    <section className="flex flex-col gap-5">
      <BackLink to="/admin/discounts">Discounts</BackLink>
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
          <button type="button" className={listButton} disabled={actions.busy} onClick={toggle}>
            {discount.isActive ? 'Deactivate' : 'Activate again'}
          </button>
        ) : null}
      </div>
      <ListNotice notice={actions.notice} printed />
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
          actions.setNotice({ ok: true, text });
          reload();
        }}
      />
    </section>
  );
}
