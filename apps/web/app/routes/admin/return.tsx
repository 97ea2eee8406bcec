import type { Route } from './+types/return';
import { ReturnDetailPage } from '../../components/admin/returns/return-detail-page';

export function meta() {
  return [{ title: 'Return | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminReturn({ params }: Route.ComponentProps) {
  return <ReturnDetailPage key={params.lineId} lineId={params.lineId} />;
}
