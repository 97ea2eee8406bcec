import { data } from 'react-router';
import { trackingResponse } from '@shop/contracts/shipping';
import type { Route } from './+types/track';
import { TrackingTimeline } from '../components/orders/tracking-timeline';
import { ApiError, serverApi } from '../lib/api-client';

/** The courier simulator's tracking link: a parcel's scans by its AWB, as a courier's page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const answer = await serverApi(context).call(
      `/shipping/track/${encodeURIComponent(params.awb)}`,
      'Failed to fetch tracking',
      {},
      trackingResponse,
    );
    return { state: 'found' as const, tracking: answer.data };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return data({ state: 'not-found' as const }, { status: 404 });
    }
    return data({ state: 'error' as const }, { status: 500 });
  }
}

export function meta() {
  return [{ title: 'Track your parcel | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function TrackPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10">
      <h1 className="font-serif text-3xl">Track your parcel</h1>
      {loaderData.state === 'found' ? (
        <>
          <h2 className="sr-only">Parcel {loaderData.tracking.awb}</h2>
          <TrackingTimeline tracking={loaderData.tracking} linkToCourier={false} />
        </>
      ) : (
        <p className="mt-4 text-muted">
          {loaderData.state === 'not-found'
            ? 'We could not find a parcel with this AWB.'
            : 'Tracking could not be loaded. Please try again.'}
        </p>
      )}
    </div>
  );
}
