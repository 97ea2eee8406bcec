import { mediaLibraryQuery, type MediaItem } from '@shop/contracts/media';
import { mediaUrl } from '../../../lib/media';
import { formatIndiaDateTime } from '../admin-format';
import * as list from '../list-page/list-page';
import { mediaApi } from './media-api';
import { NewPhotos } from './new-photos';

const c = list.listColumns<MediaItem>();
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
  c.cell('Photo', (item) => <Thumbnail item={item} />),
  c.cell('Alt text', altText, 'max-w-sm'),
  c.cell('Size', sizeOf, 'whitespace-nowrap'),
  c.text('uploadedBy', 'Uploaded by', 'break-all'),
  c.date('createdAt', 'Uploaded', true),
];

const card = (row: MediaItem) => (
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

/** A page of the library, loaded in the browser with the signed-in client. */
export const mediaLoader = list.listLoader(mediaLibraryQuery, (api, query) =>
  mediaApi(api).list(query),
);

/** /admin/media: upload photos, and every photo uploaded, newest first. */
export function MediaLibraryPage() {
  const data = list.useListData(mediaLoader);

  return (
    <list.ListPage
      list={data}
      rows={(answer) => answer.media}
      title="Photos"
      intro={
        <>
          <p className="max-w-2xl text-sm text-muted">
            Photos are kept once, without their camera details or location, in every width the shop
            shows. A photo no product, banner or article uses is removed a day after its upload.
          </p>
          <NewPhotos onSaved={data.reload} />
          <h2 className="font-serif text-2xl">Library</h2>
        </>
      }
      problemFallback="Showing the newest photos instead."
      label="Uploaded photos"
      pagerLabel="Pages of photos"
      columns={columns}
      card={card}
      loadingText="Loading photos..."
      emptyText="No photos uploaded yet."
    />
  );
}
