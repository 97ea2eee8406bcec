import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offerSlugParams, publicOfferResponse } from '@shop/contracts/offers';
import { notFound } from '@shop/domain/errors';
import { offerMessages } from '@shop/domain/offers';
import { ok } from '../../http/envelope.ts';
import type { LiveOffers } from './offers.service.ts';

/** `GET /offers/{slug}`: a live offer's page; its products come from the listing's `offer` filter. */
export function offersRoutes(offers: LiveOffers): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/offers/:slug',
      {
        schema: {
          tags: ['offers'],
          params: offerSlugParams,
          response: { 200: publicOfferResponse },
        },
      },
      async (request) => {
        const offer = await offers.activeBySlug(request.params.slug);
        if (!offer) throw notFound(offerMessages.notFound);
        return ok(
          {
            offer: {
              id: offer.id,
              label: offer.label,
              name: offer.name,
              slug: offer.slug,
              endsAt: offer.endsAt?.toISOString() ?? null,
            },
          },
          'Offer fetched',
        );
      },
    );
  };
}
