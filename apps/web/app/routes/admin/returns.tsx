import { ReturnsPage } from '../../components/admin/returns/returns-page';

export function meta() {
  return [{ title: 'Returns | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminReturns() {
  return <ReturnsPage />;
}
