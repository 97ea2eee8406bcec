import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import { ReturnsPage, returnsLoader } from '../../components/admin/returns/returns-page';

export function meta() {
  return [{ title: 'Returns | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = Object.assign(returnsLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminReturns() {
  return <ReturnsPage />;
}
