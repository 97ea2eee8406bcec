import { GstPage } from '../../components/admin/gst/gst-page';
import { OwnerOnly } from '../../components/admin/shell/owner-only';

export function meta() {
  return [
    { title: 'GST returns | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AdminGst() {
  return (
    <OwnerOnly>
      <GstPage />
    </OwnerOnly>
  );
}
