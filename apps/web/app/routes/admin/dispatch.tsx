import { DispatchPage } from '../../components/admin/dispatch/dispatch-page';

export function meta() {
  return [{ title: 'Dispatch | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminDispatch() {
  return <DispatchPage />;
}
