import { LRUCache } from 'lru-cache';
import type { PincodeAnswer } from '@shop/contracts/pincodes';
import { PIN_CODE_PATTERN } from '@shop/contracts/pincodes';
import { deliveryEstimate, deliveryMessages } from '@shop/domain/delivery-estimate';
import { invalidField, notFound, unavailable } from '@shop/domain/errors';
import type { Courier, Serviceability } from '../../adapters/shipping/courier.ts';
import type { PincodePlace, PincodesRepository } from './pincodes.repository.ts';

/**
 * Where parcels leave from when the shop's registered address names no PIN: Ashok Nagar,
 * Bengaluru, the shop's published address.
 */
export const DEFAULT_PICKUP_PIN = '560025';

/** A parcel of lingerie in a padded mailer, as booked (see shiprocket-courier's PARCEL). */
const PARCEL_WEIGHT_KG = 0.5;

/** A courier's answer for a PIN is kept this long: serviceability changes rarely. */
const SERVICEABILITY_TTL_MS = 60 * 60_000;

/** The PIN at the end of a one-line Indian address ('..., Bengaluru 560025'). */
export function pickupPinOf(address: string): string {
  const match = /(?:^|\D)([1-9]\d{5})\s*$/.exec(address.trim());
  return match?.[1] ?? DEFAULT_PICKUP_PIN;
}

export interface PincodeServiceDeps {
  repository: PincodesRepository;
  courier: Courier;
  /** The shop's registered address; parcels are picked up at its PIN. */
  shopAddress: () => Promise<string>;
  /** Whether the shop offers cash on delivery at all (the owner's setting). */
  codOffered: () => Promise<boolean>;
  now?: () => Date;
  log: (error: unknown, message: string) => void;
}

/**
 * The PIN check of the product page and checkout, and the delivery rule of placing an order.
 * Places come from the directory; serviceability from the courier, kept in memory per pickup and
 * PIN for an hour (so a busy product page does not ask Shiprocket for every view); the dates are
 * worked out on every call, as they move with the clock.
 */
export function createPincodeService(deps: PincodeServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const places = new LRUCache<string, PincodePlace | false>({ max: 25_000 });
  const answers = new LRUCache<string, Serviceability>({
    max: 25_000,
    ttl: SERVICEABILITY_TTL_MS,
  });

  async function place(pinCode: string): Promise<PincodePlace | undefined> {
    const cached = places.get(pinCode);
    if (cached !== undefined) return cached || undefined;
    const found = await deps.repository.find(pinCode);
    places.set(pinCode, found ?? false);
    return found;
  }

  async function pickup(): Promise<PincodePlace> {
    const pin = pickupPinOf(await deps.shopAddress());
    return (
      (await place(pin)) ??
      (await place(DEFAULT_PICKUP_PIN)) ?? {
        pinCode: DEFAULT_PICKUP_PIN,
        city: 'Bengaluru',
        district: 'Bangalore',
        state: 'Karnataka',
      }
    );
  }

  async function serviceability(delivery: PincodePlace): Promise<Serviceability> {
    const from = await pickup();
    const key = `${from.pinCode}:${delivery.pinCode}`;
    const cached = answers.get(key);
    if (cached) return cached;
    const answer = await deps.courier.serviceability({
      pickup: from,
      delivery,
      weightKg: PARCEL_WEIGHT_KG,
    });
    answers.set(key, answer);
    return answer;
  }

  return {
    /** `GET /pincode/{pin}`: the place, whether it is served, for cash, and by when. */
    async check(pinCode: string): Promise<PincodeAnswer> {
      const found = PIN_CODE_PATTERN.test(pinCode) ? await place(pinCode) : undefined;
      if (!found) throw notFound(deliveryMessages.invalidPin);
      let answer: Serviceability;
      try {
        answer = await serviceability(found);
      } catch (error) {
        deps.log(error, 'The courier could not answer a serviceability check');
        throw unavailable('We could not check delivery just now. Please try again.');
      }
      return {
        ...found,
        serviceable: answer.serviceable,
        // Cash is on offer where the courier collects it and the shop takes it.
        cod: answer.serviceable && answer.cod && (await deps.codOffered()),
        estimate: answer.serviceable ? deliveryEstimate(now(), answer.transit) : null,
      };
    },

    /**
     * Refuses an order to a PIN the courier does not serve (the server decides, whatever the
     * page showed). A PIN missing from the directory passes: India Post opens new PINs before a
     * directory release lists them, and the courier still takes the booking. A courier that
     * cannot answer does not stop a sale either; dispatch finds out at booking.
     */
    async requireDeliverable(pinCode: string, field: string): Promise<void> {
      const found = await place(pinCode);
      if (!found) return;
      let answer: Serviceability;
      try {
        answer = await serviceability(found);
      } catch (error) {
        deps.log(error, 'The courier could not answer a serviceability check at checkout');
        return;
      }
      if (!answer.serviceable) throw invalidField(field, deliveryMessages.notDeliverable);
    },

    /**
     * Whether the courier collects cash at this PIN. Unlike delivery, doubt says no: a PIN
     * missing from the directory, or a courier that cannot answer, leaves online payment.
     */
    async takesCash(pinCode: string): Promise<boolean> {
      const found = PIN_CODE_PATTERN.test(pinCode) ? await place(pinCode) : undefined;
      if (!found) return false;
      try {
        const answer = await serviceability(found);
        return answer.serviceable && answer.cod;
      } catch (error) {
        deps.log(error, 'The courier could not say whether it collects cash at a PIN code');
        return false;
      }
    },
  };
}
export type PincodeService = ReturnType<typeof createPincodeService>;
