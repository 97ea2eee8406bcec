import { MediaLibraryPage } from '../../components/admin/media/media-library-page';

export function meta() {
  return [{ title: 'Photos | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminMedia() {
  return <MediaLibraryPage />;
}
