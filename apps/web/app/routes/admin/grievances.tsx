import { GrievancesPage } from '../../components/admin/grievances/grievances-page';

export function meta() {
  return [
    { title: 'Grievances | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AdminGrievances() {
  return <GrievancesPage />;
}
