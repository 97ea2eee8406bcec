/**
 * The courier simulator's rate card: where a parcel goes, relative to the shop's pickup, decides
 * its zone, and the zone decides the days in transit and whether cash on delivery is taken. The
 * days are in transit (after pickup); with the shop's dispatch day added, the rest of India comes
 * to the policy's 5-7 business days and metro to metro to its 2-3 day express.
 */
import type { TransitDays } from './delivery-estimate.ts';

/** A place as the PIN directory names it. */
export interface DeliveryPlace {
  pinCode: string;
  city: string;
  state: string;
}

export const deliveryZones = [
  'same_city',
  'same_state',
  'metro',
  'rest_of_india',
  'north_east_and_islands',
] as const;
export type DeliveryZone = (typeof deliveryZones)[number];

/** The cities with express service between them (the directory's city names). */
export const METRO_CITIES: readonly string[] = [
  'Delhi',
  'Mumbai',
  'Bengaluru',
  'Chennai',
  'Kolkata',
  'Hyderabad',
  'Pune',
  'Ahmedabad',
];

/** Reached by air or long mountain roads: longer transit, and couriers take no cash there. */
export const NORTH_EAST_AND_ISLANDS: readonly string[] = [
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
];

/**
 * PIN prefixes no courier serves: the Nicobar islands (7443xx; entry needs a tribal-area permit)
 * and Lakshadweep (6825xx; reached by ship only). Andaman's PINs around Port Blair are served.
 */
export const UNSERVED_PIN_PREFIXES: readonly string[] = ['7443', '6825'];

export const ZONE_TERMS: Record<DeliveryZone, { transit: TransitDays; cod: boolean }> = {
  same_city: { transit: { min: 1, max: 2 }, cod: true },
  same_state: { transit: { min: 2, max: 3 }, cod: true },
  metro: { transit: { min: 1, max: 2 }, cod: true },
  rest_of_india: { transit: { min: 4, max: 6 }, cod: true },
  north_east_and_islands: { transit: { min: 6, max: 9 }, cod: false },
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The zone of a parcel from `pickup` to `delivery`. */
export function deliveryZone(pickup: DeliveryPlace, delivery: DeliveryPlace): DeliveryZone {
  if (NORTH_EAST_AND_ISLANDS.includes(delivery.state)) return 'north_east_and_islands';
  if (same(pickup.state, delivery.state) && same(pickup.city, delivery.city)) return 'same_city';
  if (same(pickup.state, delivery.state)) return 'same_state';
  if (METRO_CITIES.includes(pickup.city) && METRO_CITIES.includes(delivery.city)) return 'metro';
  return 'rest_of_india';
}

export type ZoneServiceability =
  | { serviceable: false; cod: false }
  | { serviceable: true; cod: boolean; zone: DeliveryZone; transit: TransitDays };

/** Whether the simulated courier carries a parcel there, in how many days, and for cash. */
export function zoneServiceability(
  pickup: DeliveryPlace,
  delivery: DeliveryPlace,
): ZoneServiceability {
  if (UNSERVED_PIN_PREFIXES.some((prefix) => delivery.pinCode.startsWith(prefix))) {
    return { serviceable: false, cod: false };
  }
  const zone = deliveryZone(pickup, delivery);
  const terms = ZONE_TERMS[zone];
  return { serviceable: true, cod: terms.cod, zone, transit: { ...terms.transit } };
}

/**
 * The PIN directory's own answer, for when the courier cannot give one in time: every PIN it
 * lists is served, bar the unserved prefixes, in its zone's days, and without cash: doubt about
 * cash says no, since a parcel refused at the door comes back at the shop's cost.
 */
export function directoryServiceability(
  pickup: DeliveryPlace,
  delivery: DeliveryPlace,
): ZoneServiceability {
  const answer = zoneServiceability(pickup, delivery);
  return answer.serviceable ? { ...answer, cod: false } : answer;
}
