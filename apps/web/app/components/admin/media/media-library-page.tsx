import { createColumnHelper } from '@tanstack/react-table';
import {
  mediaLibraryQuery,
  type MediaItem,
  type MediaLibraryPage as MediaLibraryAnswer,
  type MediaLibraryQuery,
} from '@shop/contracts/media';
import type { ApiClient } from '../../../lib/api-client';
import { mediaUrl } from '../../../lib/media';
import { formatIndiaDateTime } from '../admin-format';
import { listLoader, useListData } from '../list-page/list-loader';
import { ListPage } from '../list-page/list-page';
import { mediaApi } from './media-api';
import { NewPhotos } from './new-photos';

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

/** A page of the library, loaded in the browser with the signed-in client. */
export const mediaLoader = listLoader(mediaLibraryQuery, (api: ApiClient, query) =>
  mediaApi(api).list(query),
);

/** /admin/media: upload photos, and every photo uploaded, newest first. */
export function MediaLibraryPage() {
  const { problem, load, reload } = useListData<MediaLibraryQuery, MediaLibraryAnswer>();
  const ready = load.state === 'ready' ? load.data : null;

  return (
    <ListPage
      title="Photos"
      intro={
        <>
          <p className="max-w-2xl text-sm text-muted">
            Photos are kept once, without their camera details or location, in every width the shop
            shows. A photo no product, banner or article uses is removed a day after its upload.
          </p>
          <NewPhotos onSaved={reload} />
          <h2 className="font-serif text-2xl">Library</h2>
        </>
      }
      problem={problem}
      problemFallback="Showing the newest photos instead."
      load={load}
      reload={reload}
      rows={ready?.media ?? []}
      next={ready?.next ?? null}
      label="Uploaded photos"
      pagerLabel="Pages of photos"
      columns={columns}
      rowId={(row) => row.id}
      card={(row) => <MediaCard row={row} />}
      loadingText="Loading photos..."
      emptyText="No photos uploaded yet."
    />
  );
}
