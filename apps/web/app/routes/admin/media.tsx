import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import { MediaLibraryPage, mediaLoader } from '../../components/admin/media/media-library-page';

export function meta() {
  return [{ title: 'Photos | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = Object.assign(mediaLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminMedia() {
  return <MediaLibraryPage />;
}
