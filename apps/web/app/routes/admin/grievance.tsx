import type { Route } from './+types/grievance';
import { GrievanceDetailPage } from '../../components/admin/grievances/grievance-detail-page';

export function meta() {
  return [{ title: 'Grievance | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminGrievance({ params }: Route.ComponentProps) {
  return <GrievanceDetailPage key={params.ticket} ticket={params.ticket} />;
}
