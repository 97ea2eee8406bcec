import type { Route } from './+types/grievance';
import {
  GrievanceDetailPage,
  grievanceLoader,
} from '../../components/admin/grievances/grievance-detail-page';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';

export function meta() {
  return [{ title: 'Grievance | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

// The grievance loads in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(grievanceLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminGrievance({ params }: Route.ComponentProps) {
  return <GrievanceDetailPage key={params.ticket} />;
}
