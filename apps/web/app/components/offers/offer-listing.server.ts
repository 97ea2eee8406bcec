import { data } from 'react-router';
import { ApiError, lazyContract, type ApiClient } from '../../lib/api-client';
import { listingAnswer, listOptions, type ListingScope } from '../listing/listing-loader.server';
import { parseListingQuery } from '../listing/listing-query';

const publicOffer = lazyContract(
  () => import('@shop/contracts/offers'),
  (contracts) => contracts.publicOfferResponse,
);

/**
 * /offers/{slug}: the live offer and, with the listing's sort, filters and pages, the products it
 * applies to (the catalogue's own list, asked for `offer={slug}`). An offer that is unknown, not
 * started, past its end or ended is not found: its page is a 404, not an empty listing.
 */
export async function loadOfferListing(api: ApiClient, request: Request, slug: string) {
  const url = new URL(request.url);
  const query = parseListingQuery(url.searchParams);
  let offer;
  try {
    offer = (
      await api.call(
        `/offers/${encodeURIComponent(slug)}`,
        'Failed to fetch the offer',
        {},
        publicOffer,
      )
    ).data.offer;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
  const list = await api.listProducts({ ...listOptions(query), offer: offer.slug });
  const scope: ListingScope = {
    category: null,
    subcategory: null,
    search: null,
    offer: { label: offer.label, name: offer.name, endsAt: offer.endsAt },
  };
  return { scope, ...listingAnswer(url, query, list) };
}
