import {
  adminReviewResponse,
  adminReviewsResponse,
  type AdminReviewsQuery,
  type ReviewDecisionBody,
} from '@shop/contracts/reviews';
import { queryString, type ApiClient } from '../../../lib/api-client';

/** The moderation desk's calls, over the signed-in client `authed` hands out. Back office only. */
export function reviewsDeskApi({ call }: ApiClient) {
  return {
    list: (query: AdminReviewsQuery) =>
      call(
        `/admin/reviews${queryString({ ...query })}`,
        'Failed to fetch reviews',
        {},
        adminReviewsResponse,
      ).then((answer) => answer.data),
    decide: (id: string, body: ReviewDecisionBody) =>
      call(
        `/admin/reviews/${encodeURIComponent(id)}`,
        'Failed to save the decision',
        { method: 'PATCH', body: JSON.stringify(body) },
        adminReviewResponse,
      ).then((answer) => answer.data),
  };
}
