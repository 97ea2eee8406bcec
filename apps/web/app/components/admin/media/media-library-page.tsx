import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { MediaItem, PhotoInput } from '@shop/contracts/media';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { mediaUrl } from '../../../lib/media';
import { formatIndiaDateTime } from '../admin-format';
import { AdminTable, CursorPager } from '../admin-table';
import { useAdminLoad } from '../use-admin-load';
import { useCursorPages } from '../use-cursor-pages';
import { mediaApi } from './media-api';
import { PhotoManager, validatePhotos, type PhotoErrors } from './photo-manager';

const column = createColumnHelper<MediaItem>();

const sizeOf = (item: MediaItem) =>
  `${item.width} × ${item.height} · ${item.format.toUpperCase()} · ${Math.max(1, Math.round(item.bytes / 1024))} KB`;

function Thumbnail({ item }: { item: MediaItem }) {
  return (
    <img
      src={mediaUrl(item.url, 150)}
      alt={item.alt ?? ''}
      width={72}
      height={72}
      loading="lazy"
      className="h-18 w-18 rounded-lg bg-blush object-cover"
      style={{
        objectPosition: `${Math.round((item.focalX ?? 0.5) * 100)}% ${Math.round((item.focalY ?? 0.5) * 100)}%`,
      }}
    />
  );
}

const altText = (item: MediaItem) =>
  item.alt ? item.alt : <span className="text-brand-800">No alt text yet</span>;

const columns = [
  column.display({
    id: 'photo',
    header: 'Photo',
    cell: ({ row }) => <Thumbnail item={row.original} />,
  }),
  column.accessor('alt', {
    header: 'Alt text',
    cell: ({ row }) => <div className="max-w-sm">{altText(row.original)}</div>,
  }),
  column.display({
    id: 'size',
    header: 'Size',
    cell: ({ row }) => <span className="whitespace-nowrap">{sizeOf(row.original)}</span>,
  }),
  column.accessor('uploadedBy', {
    header: 'Uploaded by',
    cell: ({ getValue }) => <span className="break-all">{getValue()}</span>,
  }),
  column.accessor('createdAt', {
    header: 'Uploaded',
    cell: ({ getValue }) => (
      <span className="whitespace-nowrap">{formatIndiaDateTime(getValue())}</span>
    ),
  }),
];

function MediaCard({ row }: { row: MediaItem }) {
  return (
    <div className="flex gap-3">
      <Thumbnail item={row} />
      <div className="min-w-0">
        <p>{altText(row)}</p>
        <p className="text-muted">{sizeOf(row)}</p>
        <p className="break-all text-muted">
          {row.uploadedBy}, {formatIndiaDateTime(row.createdAt)}
        </p>
      </div>
    </div>
  );
}

const listMedia = (api: ApiClient, query: { cursor?: string }) => mediaApi(api).list(query);

/**
 * New photos: uploaded, described and given a focal point with the same photo manager the
 * product, banner and article forms use; saving keeps each one's alt text and focal point as
 * what the forms offer it with.
 */
function NewPhotos({ onSaved }: { onSaved: () => void }) {
  const { authed } = useAuth();
  const [photos, setPhotos] = useState<PhotoInput[]>([]);
  const [errors, setErrors] = useState<PhotoErrors>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validatePhotos(photos);
    if (!checked.ok) {
      setErrors(checked.errors);
      setStatus({ kind: 'error', text: 'Every photo needs its alt text before saving.' });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      for (const photo of checked.photos) {
        await authed((api) =>
          mediaApi(api).updateDetails(photo.mediaId, {
            alt: photo.alt,
            focalX: photo.focalX ?? 0.5,
            focalY: photo.focalY ?? 0.5,
          }),
        );
      }
      setStatus({
        kind: 'ok',
        text: `Saved ${checked.photos.length} ${checked.photos.length === 1 ? 'photo' : 'photos'}.`,
      });
      setPhotos([]);
      onSaved();
    } catch (error) {
      setStatus({ kind: 'error', text: errorMessage(error, 'Failed to save the photos') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void save(event)}
      noValidate
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4"
    >
      <PhotoManager
        label="New photos"
        value={photos}
        onChange={(next) => {
          setPhotos(next);
          setStatus(null);
        }}
        errors={errors}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={saving || photos.length === 0}
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50"
        >
          {saving ? 'Saving...' : 'Save photo details'}
        </button>
        {status ? (
          <p
            role={status.kind === 'error' ? 'alert' : 'status'}
            className={`text-sm ${status.kind === 'error' ? 'text-brand-800' : 'text-ink'}`}
          >
            {status.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** /admin/media: upload photos, and every photo uploaded, newest first. */
export function MediaLibraryPage() {
  const [params] = useSearchParams();
  const key = params.toString();
  const query = useMemo<{ cursor?: string }>(() => {
    const cursor = new URLSearchParams(key).get('cursor');
    return cursor ? { cursor } : {};
  }, [key]);
  const { load, reload } = useAdminLoad(key, query, listMedia);
  const pages = useCursorPages();

  return (
    <section className="flex flex-col gap-5">
      <h1 className="font-serif text-3xl">Photos</h1>
      <p className="max-w-2xl text-sm text-muted">
        Photos are kept once, without their camera details or location, in every width the shop
        shows. A photo no product, banner or article uses is removed a day after its upload.
      </p>
      <NewPhotos onSaved={reload} />
      <h2 className="font-serif text-2xl">Library</h2>
      <AdminTable
        label="Uploaded photos"
        load={load}
        rows={load.state === 'ready' ? load.data.media : []}
        columns={columns}
        rowId={(row) => row.id}
        card={(row) => <MediaCard row={row} />}
        loadingText="Loading photos..."
        emptyText="No photos uploaded yet."
        onRetry={reload}
      />
      <CursorPager
        label="Pages of photos"
        pages={pages}
        next={load.state === 'ready' ? load.data.next : null}
      />
    </section>
  );
}
