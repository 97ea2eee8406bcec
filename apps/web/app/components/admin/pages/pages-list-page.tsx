import { Link } from 'react-router';
import type { AdminShopPageSummary } from '@shop/contracts/shop-pages';
import type { ApiClient } from '../../../lib/api-client';
import { formatIndiaDate, formatIndiaDateTime } from '../admin-format';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { pagesApi } from './pages-api';

const panel = 'rounded-2xl border border-line bg-white p-6 text-center';

/** /admin/pages: the pages load before the screen shows. */
export const pagesLoader = screenLoader((api: ApiClient) => pagesApi(api).list());

/** /admin/pages (owners): the FAQ and policy pages, each with when and by whom it was saved. */
export function PagesListPage() {
  const { load, reload } = useScreenData<AdminShopPageSummary[]>();
  return (
    <section className="flex flex-col gap-5">
      <div>
        <h1 className="font-serif text-3xl">Pages</h1>
        <p className="mt-1 text-sm text-muted">
          The FAQ and the policies as shoppers read them. A save dates the page on the shop; the
          contact details and hours inside them come from the settings.
        </p>
      </div>
      {load.state === 'loading' ? (
        <p role="status" className={`${panel} text-muted`}>
          Loading the pages...
        </p>
      ) : null}
      {load.state === 'failed' ? (
        <div role="alert" className={panel}>
          <p>{load.message}</p>
          <button
            type="button"
            className="mt-3 rounded-full border border-line bg-white px-4 py-2 text-sm font-medium"
            onClick={reload}
          >
            Try Again
          </button>
        </div>
      ) : null}
      {load.state === 'ready' ? (
        <ul className="flex flex-col gap-3" aria-label="Pages">
          {load.data.map((page) => (
            <li
              key={page.key}
              className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <Link
                  to={`/admin/pages/${page.key}`}
                  className="font-medium text-brand-800 underline-offset-4 hover:underline"
                >
                  {page.title}
                </Link>
                <p className="text-sm text-muted">
                  Last updated{' '}
                  {page.original
                    ? formatIndiaDate(page.updatedAt)
                    : formatIndiaDateTime(page.updatedAt)}
                  {page.updatedBy ? ` by ${page.updatedBy}` : ' (the original text)'}
                </p>
              </div>
              <a
                href={page.path}
                target="_blank"
                rel="noreferrer"
                className="text-sm text-brand-800 underline underline-offset-4"
              >
                View {page.path}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
