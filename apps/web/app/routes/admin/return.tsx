import type { Route } from './+types/return';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import { ReturnDetailPage, returnLoader } from '../../components/admin/returns/return-detail-page';

export function meta() {
  return [{ title: 'Return | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

// The line loads in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(returnLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminReturn({ params }: Route.ComponentProps) {
  return <ReturnDetailPage key={params.lineId} lineId={params.lineId} />;
}
