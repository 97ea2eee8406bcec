import { describe, expect, it } from 'vitest';
import {
  deliveryZone,
  directoryServiceability,
  zoneServiceability,
  type DeliveryPlace,
} from '../src/delivery-zones.ts';

const bengaluru: DeliveryPlace = { pinCode: '560025', city: 'Bengaluru', state: 'Karnataka' };
const place = (pinCode: string, city: string, state: string) => ({ pinCode, city, state });

describe('delivery zones from a Bengaluru pickup', () => {
  it.each([
    [place('560001', 'Bengaluru', 'Karnataka'), 'same_city'],
    [place('570001', 'Mysuru', 'Karnataka'), 'same_state'],
    [place('400001', 'Mumbai', 'Maharashtra'), 'metro'],
    [place('110001', 'Delhi', 'Delhi'), 'metro'],
    [place('302001', 'Jaipur', 'Rajasthan'), 'rest_of_india'],
    [place('190001', 'Srinagar', 'Jammu and Kashmir'), 'north_east_and_islands'],
    [place('194101', 'Leh', 'Ladakh'), 'north_east_and_islands'],
    [place('781001', 'Kamrup', 'Assam'), 'north_east_and_islands'],
    [place('744101', 'South Andaman', 'Andaman and Nicobar Islands'), 'north_east_and_islands'],
  ] as const)('%o is %s', (delivery, zone) => {
    expect(deliveryZone(bengaluru, delivery)).toBe(zone);
  });

  it('gives the policy’s days and takes cash except in the north-east and the islands', () => {
    expect(zoneServiceability(bengaluru, place('302001', 'Jaipur', 'Rajasthan'))).toEqual({
      serviceable: true,
      cod: true,
      zone: 'rest_of_india',
      transit: { min: 4, max: 6 },
    });
    expect(zoneServiceability(bengaluru, place('400001', 'Mumbai', 'Maharashtra'))).toMatchObject({
      transit: { min: 1, max: 2 },
    });
    expect(
      zoneServiceability(
        bengaluru,
        place('744101', 'South Andaman', 'Andaman and Nicobar Islands'),
      ),
    ).toMatchObject({ serviceable: true, cod: false });
  });

  it('serves neither the Nicobar islands nor Lakshadweep', () => {
    expect(
      zoneServiceability(bengaluru, place('744301', 'Nicobar', 'Andaman and Nicobar Islands')),
    ).toEqual({ serviceable: false, cod: false });
    expect(zoneServiceability(bengaluru, place('682555', 'Lakshadweep', 'Lakshadweep'))).toEqual({
      serviceable: false,
      cod: false,
    });
  });
});

describe("the directory's own answer when the courier cannot give one", () => {
  it('serves a listed PIN in its zone, never for cash', () => {
    expect(directoryServiceability(bengaluru, place('400001', 'Mumbai', 'Maharashtra'))).toEqual({
      serviceable: true,
      cod: false,
      zone: 'metro',
      transit: { min: 1, max: 2 },
    });
  });

  it('still refuses the PINs no courier serves', () => {
    expect(directoryServiceability(bengaluru, place('744301', 'Nicobar', 'Andaman'))).toEqual({
      serviceable: false,
      cod: false,
    });
  });
});
