import { useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminBanner, BannerInput } from '@shop/contracts/banners-admin';
import { moveItem } from '@shop/domain/media-uploads';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { mediaUrl } from '../../../lib/media';
import { formatIndiaDateTime } from '../admin-format';
import { AdminTable } from '../admin-table';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { BannerForm } from './banner-form';
import { bannersApi } from './banners-api';

const smallButton =
  'whitespace-nowrap rounded-full border border-line bg-white px-3 py-1 text-xs font-medium hover:border-brand-300 disabled:opacity-50';

type Notice = { ok: boolean; text: string } | null;

/** /admin/banners: the banners load before the screen shows. */
export const bannersLoader = screenLoader((api: ApiClient) => bannersApi(api).list());

/** Where a banner stands today, in the owner's words. */
function standing(banner: AdminBanner): string {
  if (banner.showingNow) return 'Showing now';
  if (!banner.isActive) return 'Hidden';
  if (banner.startsAt && new Date(banner.startsAt) > new Date()) return 'Scheduled';
  return 'Ended';
}

function Schedule({ banner }: { banner: AdminBanner }) {
  return (
    <div className="whitespace-nowrap text-sm">
      <div>From {banner.startsAt ? formatIndiaDateTime(banner.startsAt) : 'always'}</div>
      <div>Until {banner.endsAt ? formatIndiaDateTime(banner.endsAt) : 'no end'}</div>
    </div>
  );
}

function Pictures({ banner }: { banner: AdminBanner }) {
  return (
    <div className="flex items-end gap-2">
      {banner.image ? (
        <img
          src={mediaUrl(banner.image, 400)}
          alt={`${banner.name}, desktop`}
          className="h-12 w-32 rounded-lg border border-line object-cover"
        />
      ) : (
        <span className="text-xs text-muted">No desktop picture</span>
      )}
      {banner.mobileImage ? (
        <img
          src={mediaUrl(banner.mobileImage, 400)}
          alt={`${banner.name}, mobile`}
          className="h-16 w-12 rounded-lg border border-line object-cover"
        />
      ) : (
        <span className="text-xs text-muted">No mobile picture</span>
      )}
    </div>
  );
}

interface Actions {
  busy: boolean;
  count: number;
  indexOf: (banner: AdminBanner) => number;
  move: (banner: AdminBanner, by: -1 | 1) => void;
  edit: (banner: AdminBanner) => void;
  remove: (banner: AdminBanner) => void;
}

function RowActions({ banner, actions }: { banner: AdminBanner; actions: Actions }) {
  const index = actions.indexOf(banner);
  return (
    <div className="flex flex-wrap gap-1">
      <button
        type="button"
        className={smallButton}
        disabled={actions.busy || index === 0}
        onClick={() => actions.move(banner, -1)}
        aria-label={`Move ${banner.name} up`}
      >
        Up
      </button>
      <button
        type="button"
        className={smallButton}
        disabled={actions.busy || index === actions.count - 1}
        onClick={() => actions.move(banner, 1)}
        aria-label={`Move ${banner.name} down`}
      >
        Down
      </button>
      <button
        type="button"
        className={smallButton}
        onClick={() => actions.edit(banner)}
        aria-label={`Edit ${banner.name}`}
      >
        Edit
      </button>
      <button
        type="button"
        className={smallButton}
        disabled={actions.busy}
        onClick={() => actions.remove(banner)}
        aria-label={`Delete ${banner.name}`}
      >
        Delete
      </button>
    </div>
  );
}

const column = createColumnHelper<AdminBanner>();

function columnsWith(actions: Actions) {
  return [
    column.display({
      id: 'pictures',
      header: 'Pictures',
      cell: ({ row }) => <Pictures banner={row.original} />,
    }),
    column.accessor('name', {
      header: 'Banner',
      cell: ({ row }) => (
        <div className="min-w-40">
          <div className="font-medium">{row.original.name}</div>
          <div className="break-all text-muted">{row.original.link || 'No link'}</div>
        </div>
      ),
    }),
    column.display({
      id: 'schedule',
      header: 'Schedule',
      cell: ({ row }) => <Schedule banner={row.original} />,
    }),
    column.accessor('showingNow', {
      header: 'Status',
      cell: ({ row }) => <span className="whitespace-nowrap">{standing(row.original)}</span>,
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => <RowActions banner={row.original} actions={actions} />,
    }),
  ];
}

/**
 * /admin/banners: the home page's banners in their order, each with its desktop and mobile
 * picture, link and schedule. The storefront shows a banner only while it is active and its
 * schedule includes now.
 */
export function BannersPage() {
  const { authed } = useAuth();
  const { load, reload } = useScreenData<AdminBanner[]>();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  /** The form: closed, a new banner, or the banner being edited. */
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const rows = load.state === 'ready' ? load.data : [];

  function run(work: (api: ApiClient) => Promise<{ message: string }>, after?: () => void) {
    setBusy(true);
    setNotice(null);
    authed(work)
      .then((answer) => {
        setNotice({ ok: true, text: answer.message });
        after?.();
        reload();
      })
      .catch((error) => setNotice({ ok: false, text: errorMessage(error) }))
      .finally(() => setBusy(false));
  }

  const actions: Actions = {
    busy,
    count: rows.length,
    indexOf: (banner) => rows.findIndex((row) => row.id === banner.id),
    move: (banner, by) => {
      const from = rows.findIndex((row) => row.id === banner.id);
      const ids = moveItem(
        rows.map((row) => row.id),
        from,
        from + by,
      );
      run((api) => bannersApi(api).reorder(ids));
    },
    edit: (banner) => setEditing(banner),
    remove: (banner) => {
      if (window.confirm(`Delete the banner ${banner.name}?`)) {
        run((api) => bannersApi(api).remove(banner.id));
      }
    },
  };

  function save(input: BannerInput) {
    const target = editing;
    run(
      (api) =>
        target && target !== 'new'
          ? bannersApi(api).update(target.id, input)
          : bannersApi(api).create(input),
      () => setEditing(null),
    );
  }

  return (
    <section className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl">Banners</h1>
          <p className="mt-1 text-sm text-muted">
            The home page shows active banners in this order while their schedule includes now.
          </p>
        </div>
        {editing === null ? (
          <button
            type="button"
            onClick={() => setEditing('new')}
            className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            New banner
          </button>
        ) : null}
      </div>
      {editing !== null ? (
        <BannerForm
          key={editing === 'new' ? 'new' : editing.id}
          banner={editing === 'new' ? null : editing}
          busy={busy}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {notice ? (
        <p
          role={notice.ok ? 'status' : 'alert'}
          className={`rounded-2xl border p-3 text-sm ${
            notice.ok ? 'border-line bg-white' : 'border-brand-300 bg-white text-brand-800'
          }`}
        >
          {notice.text}
        </p>
      ) : null}
      <AdminTable
        label="Banners"
        load={load}
        rows={rows}
        columns={columnsWith(actions)}
        rowId={(banner) => banner.id}
        card={(banner) => (
          <div className="flex flex-col gap-2">
            <div className="flex items-baseline justify-between gap-2">
              <span className="font-medium">{banner.name}</span>
              <span className="whitespace-nowrap">{standing(banner)}</span>
            </div>
            <p className="break-all text-muted">{banner.link || 'No link'}</p>
            <Pictures banner={banner} />
            <Schedule banner={banner} />
            <RowActions banner={banner} actions={actions} />
          </div>
        )}
        loadingText="Loading the banners..."
        emptyText="No banners yet."
        onRetry={reload}
      />
    </section>
  );
}
