import {
  GrievancesPage,
  grievancesLoader,
} from '../../components/admin/grievances/grievances-page';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';

export function meta() {
  return [
    { title: 'Grievances | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

export const clientLoader = Object.assign(grievancesLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminGrievances() {
  return <GrievancesPage />;
}
