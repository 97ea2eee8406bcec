import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import {
  ReviewsDeskPage,
  reviewsDeskLoader,
} from '../../components/admin/reviews/reviews-desk-page';

export function meta() {
  return [{ title: 'Reviews | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = Object.assign(reviewsDeskLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminReviews() {
  return <ReviewsDeskPage />;
}
