import { TaskCancelledError, TimeoutStrategy, timeout } from 'cockatiel';
import { LRUCache } from 'lru-cache';
import type { PincodeAnswer } from '@shop/contracts/pincodes';
import { PIN_CODE_PATTERN } from '@shop/contracts/pincodes';
import { deliveryEstimate, deliveryMessages } from '@shop/domain/delivery-estimate';
import { directoryServiceability } from '@shop/domain/delivery-zones';
import { invalidField, notFound } from '@shop/domain/errors';
import { DEFAULT_OUTBOUND_SETTINGS, OutboundUnavailableError } from '../../adapters/outbound.ts';
import type { Courier, Serviceability } from '../../adapters/shipping/courier.ts';
import type { Throttle, WindowRule } from '../throttle/throttle.ts';
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
  /**
   * The longest a PIN check, checkout or order waits for the courier's answer (OUTBOUND_TIMEOUT_MS),
   * sign-in included; past it the directory answers.
   */
  courierTimeoutMs?: number;
  /** Counts a directory answer given in the courier's place (the operators' metrics). */
  onFallback?: (reason: 'timeout' | 'open' | 'failed') => void;
  /** `GET /pincode/{pin}` per client network (PINCODE_LOOKUPS_PER_MINUTE), before any lookup. */
  lookups?: { throttle: Throttle; rule: WindowRule };
}

/** Why the courier gave no answer, for the log and the metrics. */
function fallbackReason(error: unknown): 'timeout' | 'open' | 'failed' {
  if (error instanceof OutboundUnavailableError) return error.reason;
  return error instanceof TaskCancelledError ? 'timeout' : 'failed';
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
  /** Courier questions in flight: identical ones asked meanwhile wait for the same answer. */
  const asking = new Map<string, Promise<Serviceability>>();
  const courierDeadline = timeout(
    deps.courierTimeoutMs ?? DEFAULT_OUTBOUND_SETTINGS.timeoutMs,
    TimeoutStrategy.Aggressive,
  );

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

  async function askCourier(from: PincodePlace, delivery: PincodePlace, key: string) {
    // The courier's own calls end at their timeouts; this bounds the whole question (a sign-in
    // and the lookup) by one.
    const answer = await courierDeadline.execute(
      () => deps.courier.serviceability({ pickup: from, delivery, weightKg: PARCEL_WEIGHT_KG }),
      // Its own signal: cockatiel's default is shared, and would gather a listener per call.
      new AbortController().signal,
    );
    answers.set(key, answer);
    return answer;
  }

  /**
   * The courier's answer, from memory when it gave one within the hour; when it cannot answer
   * (slow, failing, or its breaker open), the directory's own, logged and counted, and not kept:
   * the next check asks the courier again.
   */
  async function serviceability(
    delivery: PincodePlace,
    context: string,
  ): Promise<Serviceability & { fromDirectory?: true }> {
    const from = await pickup();
    const key = `${from.pinCode}:${delivery.pinCode}`;
    const cached = answers.get(key);
    if (cached) return cached;
    let question = asking.get(key);
    if (!question) {
      question = askCourier(from, delivery, key).finally(() => asking.delete(key));
      asking.set(key, question);
    }
    try {
      return await question;
    } catch (error) {
      const reason = fallbackReason(error);
      deps.log(error, `The courier could not answer ${context} (${reason}); the PIN directory did`);
      deps.onFallback?.(reason);
      const fallback = directoryServiceability(from, delivery);
      return fallback.serviceable
        ? { serviceable: true, cod: fallback.cod, transit: fallback.transit, fromDirectory: true }
        : { serviceable: false, cod: false, fromDirectory: true };
    }
  }

  return {
    /**
     * `GET /pincode/{pin}`: the place, whether it is served, for cash, and by when. Counted per
     * client network first, so lookups past the limit cost no query and no courier call.
     * `provisional` when the directory answered for a courier that could not: such an answer is
     * not to be kept by browsers, so the next look asks the courier again.
     */
    async check(
      pinCode: string,
      clientAddress?: string,
    ): Promise<{ answer: PincodeAnswer; provisional: boolean }> {
      if (deps.lookups && clientAddress !== undefined) {
        await deps.lookups.throttle.take(deps.lookups.rule, clientAddress);
      }
      const found = PIN_CODE_PATTERN.test(pinCode) ? await place(pinCode) : undefined;
      if (!found) throw notFound(deliveryMessages.invalidPin);
      const answer = await serviceability(found, 'a PIN check');
      return {
        answer: {
          ...found,
          serviceable: answer.serviceable,
          // Cash is on offer where the courier collects it and the shop takes it.
          cod: answer.serviceable && answer.cod && (await deps.codOffered()),
          estimate: answer.serviceable ? deliveryEstimate(now(), answer.transit) : null,
        },
        provisional: answer.fromDirectory === true,
      };
    },

    /**
     * Refuses an order to a PIN the courier does not serve (the server decides, whatever the
     * page showed). A PIN missing from the directory passes: India Post opens new PINs before a
     * directory release lists them, and the courier still takes the booking. A courier that
     * cannot answer within the timeout does not stop a sale either: the directory decides, and
     * dispatch finds out at booking.
     */
    async requireDeliverable(pinCode: string, field: string): Promise<void> {
      const found = await place(pinCode);
      if (!found) return;
      const answer = await serviceability(found, 'a serviceability check at checkout');
      if (!answer.serviceable) throw invalidField(field, deliveryMessages.notDeliverable);
    },

    /**
     * Whether the courier collects cash at this PIN. Unlike delivery, doubt says no: a PIN
     * missing from the directory, or a courier that cannot answer (the directory's answer never
     * takes cash), leaves online payment.
     */
    async takesCash(pinCode: string): Promise<boolean> {
      const found = PIN_CODE_PATTERN.test(pinCode) ? await place(pinCode) : undefined;
      if (!found) return false;
      const answer = await serviceability(found, 'whether it collects cash at a PIN code');
      return answer.serviceable && answer.cod;
    },
  };
}
export type PincodeService = ReturnType<typeof createPincodeService>;
