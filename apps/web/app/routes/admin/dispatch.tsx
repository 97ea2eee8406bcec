import { DispatchPage, dispatchLoader } from '../../components/admin/dispatch/dispatch-page';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';

export function meta() {
  return [{ title: 'Dispatch | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = Object.assign(dispatchLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminDispatch() {
  return <DispatchPage />;
}
