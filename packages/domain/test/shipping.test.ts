import { describe, expect, it } from 'vitest';
import { transition } from '../src/orders.ts';
import {
  awaitsNdrAnswer,
  canRequestShipment,
  canShipByHand,
  nextSimulatedEvent,
  orderMoveFor,
  shopperSeesShipment,
  shipmentRetryDelayMs,
  shipmentStateAfter,
} from '../src/shipping.ts';

describe('shipment states', () => {
  it('moves along the courier events and ignores ones that do not fit', () => {
    expect(shipmentStateAfter('booked', 'picked_up')).toBe('picked_up');
    expect(shipmentStateAfter('in_transit', 'out_for_delivery')).toBe('out_for_delivery');
    expect(shipmentStateAfter('out_for_delivery', 'undelivered')).toBe('undelivered');
    expect(shipmentStateAfter('undelivered', 'out_for_delivery')).toBe('out_for_delivery');
    expect(shipmentStateAfter('rto_initiated', 'rto_delivered')).toBe('rto_delivered');
    // Late or repeated scans move nothing.
    expect(shipmentStateAfter('out_for_delivery', 'in_transit')).toBeUndefined();
    expect(shipmentStateAfter('delivered', 'delivered')).toBeUndefined();
    expect(shipmentStateAfter('rto_delivered', 'rto_delivered')).toBeUndefined();
    expect(shipmentStateAfter('rto_initiated', 'delivered')).toBeUndefined();
    expect(shipmentStateAfter('requested', 'picked_up')).toBeUndefined();
  });

  it('moves the order only for a delivery or a parcel back at the shop', () => {
    expect(orderMoveFor('delivered')).toBe('delivered');
    expect(orderMoveFor('rto_delivered')).toBe('cancelled');
    expect(orderMoveFor('undelivered')).toBeUndefined();
    expect(orderMoveFor('in_transit')).toBeUndefined();
  });

  it('lets only the system cancel a shipped order (the courier brought it back)', () => {
    expect(transition('shipped', 'cancelled', 'system').ok).toBe(true);
    expect(transition('shipped', 'cancelled', 'shop').ok).toBe(false);
    expect(transition('shipped', 'cancelled', 'shopper').ok).toBe(false);
  });

  it('walks the happy path in the simulator and stops at the end', () => {
    expect(nextSimulatedEvent('booked')).toBe('picked_up');
    expect(nextSimulatedEvent('out_for_delivery')).toBe('delivered');
    expect(nextSimulatedEvent('undelivered')).toBe('out_for_delivery');
    expect(nextSimulatedEvent('rto_initiated')).toBe('rto_delivered');
    expect(nextSimulatedEvent('delivered')).toBeUndefined();
    expect(nextSimulatedEvent('requested')).toBeUndefined();
  });

  it('waits longer after each failed booking, at most an hour', () => {
    expect(shipmentRetryDelayMs(1, 30_000)).toBe(30_000);
    expect(shipmentRetryDelayMs(3, 30_000)).toBe(120_000);
    expect(shipmentRetryDelayMs(20, 30_000)).toBe(3_600_000);
  });
});

describe('asking for a shipment', () => {
  const paid = (status: 'confirmed' | 'processing' | 'pending' | 'shipped') => ({
    status,
    paymentStatus: 'paid',
  });

  it('is open for a paid order that is confirmed or processing with no open shipment', () => {
    expect(canRequestShipment(paid('confirmed'), null)).toBe(true);
    expect(canRequestShipment(paid('processing'), { state: 'failed' })).toBe(true);
    expect(canRequestShipment(paid('processing'), { state: 'cancelled' })).toBe(true);
  });

  it('is closed while unpaid, too early, already shipping or shipped', () => {
    expect(canRequestShipment({ status: 'confirmed', paymentStatus: 'pending' }, null)).toBe(false);
    expect(canRequestShipment(paid('pending'), null)).toBe(false);
    expect(canRequestShipment(paid('shipped'), null)).toBe(false);
    expect(canRequestShipment(paid('processing'), { state: 'requested' })).toBe(false);
    expect(canRequestShipment(paid('processing'), { state: 'booked' })).toBe(false);
  });

  it('takes a parcel typed by hand for an order ready to pack with no open shipment', () => {
    expect(canShipByHand({ status: 'confirmed', paymentStatus: 'paid' }, null)).toBe(true);
    // Confirmed cash on delivery leaves the shelves too; the courier collects at the door.
    expect(canShipByHand({ status: 'processing', paymentStatus: 'cod_pending' }, null)).toBe(true);
    expect(
      canShipByHand({ status: 'processing', paymentStatus: 'paid' }, { state: 'failed' }),
    ).toBe(true);
    expect(canShipByHand({ status: 'confirmed', paymentStatus: 'pending' }, null)).toBe(false);
    expect(canShipByHand({ status: 'pending', paymentStatus: 'paid' }, null)).toBe(false);
    expect(canShipByHand({ status: 'shipped', paymentStatus: 'paid' }, null)).toBe(false);
    expect(
      canShipByHand({ status: 'processing', paymentStatus: 'paid' }, { state: 'requested' }),
    ).toBe(false);
  });

  it('shows the shopper only a parcel that was booked or is being booked', () => {
    expect(shopperSeesShipment('requested')).toBe(true);
    expect(shopperSeesShipment('rto_delivered')).toBe(true);
    expect(shopperSeesShipment('failed')).toBe(false);
    expect(shopperSeesShipment('cancelled')).toBe(false);
  });

  it('asks the shop to answer a failed delivery once', () => {
    const deadline = new Date();
    expect(awaitsNdrAnswer({ state: 'undelivered', ndrDeadline: deadline })).toBe(true);
    expect(awaitsNdrAnswer({ state: 'undelivered', ndrDeadline: null })).toBe(false);
    expect(awaitsNdrAnswer({ state: 'out_for_delivery', ndrDeadline: null })).toBe(false);
    expect(awaitsNdrAnswer({ state: 'rto_initiated', ndrDeadline: null })).toBe(false);
  });
});
