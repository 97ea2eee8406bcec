import type { Order } from '@shop/contracts/orders';
import { paiseToRupees } from '@shop/domain/money';
import {
  cancelCheck,
  statusLabel,
  type OrderStatus,
  type PaymentStatus,
} from '@shop/domain/orders';
import {
  discountShares,
  lineEligibility,
  planReturn,
  returnLineLabel,
  returnWindowCheck,
  type ReturnAction,
  type ReturnLineState,
} from '@shop/domain/returns';
import type { OrderWithItems } from './orders.repository.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The bought lines as the return rules read them, each marked when it was asked for already. */
export function linesForReturn(row: OrderWithItems) {
  const asked = new Set(row.returns.map((line) => line.orderItemId));
  return row.items.map((item) => ({ ...item, alreadyAsked: asked.has(item.id) }));
}

export function toOrder(row: OrderWithItems, now = new Date()): Order {
  const status = row.status as OrderStatus;
  // Each line's share of the codes, by the same rule refunds and invoices read it with.
  const codeShares = discountShares({
    items: row.items,
    discountPaise: row.discountPaise,
    totalPaise: row.totalPaise,
  });
  const items = row.items.map((item) => {
    const eligibility = lineEligibility(item);
    const offerPaise = item.offerDiscountPaise ?? 0;
    const codePaise = codeShares.get(item.id) ?? 0;
    return {
      _id: item.id,
      product: item.productId,
      productName: item.productName,
      productImage: item.productImage,
      color: { colorName: item.colorName, colorHex: item.colorHex },
      size: item.size,
      quantity: item.quantity,
      priceAtPurchase: paiseToRupees(item.pricePaise),
      itemTotal: paiseToRupees(item.itemTotalPaise),
      returnable: eligibility.eligible,
      returnBlockedReason: eligibility.eligible ? null : eligibility.reason,
      returnCondition: eligibility.eligible ? eligibility.condition : null,
      listTotal: paiseToRupees(item.itemTotalPaise),
      offerDiscount: paiseToRupees(offerPaise),
      codeDiscount: paiseToRupees(codePaise),
      paid: paiseToRupees(item.itemTotalPaise - offerPaise - codePaise),
      offer: item.offerId && item.offerLabel ? { id: item.offerId, label: item.offerLabel } : null,
    };
  });
  const returns = row.returns.map((line) => {
    const action = line.action as ReturnAction;
    const state = line.state as ReturnLineState;
    return {
      _id: line.id,
      itemId: line.orderItemId,
      productName: row.items.find((item) => item.id === line.orderItemId)?.productName ?? '',
      quantity: line.quantity,
      action,
      exchangeFor:
        line.exchangeColorName !== null && line.exchangeSize !== null
          ? { colorName: line.exchangeColorName, size: line.exchangeSize }
          : null,
      state,
      stateLabel: returnLineLabel({ action, state, pickedUpAt: line.pickedUpAt }),
      refundAmount: line.refundPaise === null ? null : paiseToRupees(line.refundPaise),
      requestedAt: new Date(line.requestedAt).toISOString(),
      declineReason: line.declineReason ?? null,
      pickup: line.pickupAwb
        ? { courier: line.pickupCourier, awb: line.pickupAwb, trackingUrl: line.pickupTrackingUrl }
        : null,
      parcel: line.outboundAwb
        ? {
            courier: line.outboundCourier,
            awb: line.outboundAwb,
            trackingUrl: line.outboundTrackingUrl,
          }
        : null,
    };
  });
  const open = returnWindowCheck({ status, deliveredAt: row.deliveredAt, now }).ok;
  return {
    _id: row.id,
    orderId: row.id,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    status,
    statusLabel: statusLabel(status),
    subtotal: paiseToRupees(row.subtotalPaise),
    totalDiscountAmount: paiseToRupees(row.discountPaise),
    offerDiscount: paiseToRupees(row.offerDiscountPaise ?? 0),
    offers: (row.offers ?? []).map((offer) => ({
      id: offer.offerId,
      label: offer.label,
      units: offer.units,
      discountAmount: paiseToRupees(offer.discountPaise),
    })),
    discountCode: row.discountCode,
    discounts: row.discounts.map((applied) => ({
      code: applied.code,
      type: applied.type,
      amount: paiseToRupees(applied.amountPaise),
    })),
    shippingCharge: paiseToRupees(row.shippingPaise),
    taxAmount: paiseToRupees(row.taxPaise),
    total: paiseToRupees(row.totalPaise),
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus as PaymentStatus,
    paymentDueAt: row.paymentDueAt.toISOString(),
    paidAt: iso(row.paidAt),
    codFee: paiseToRupees(row.codFeePaise),
    codConfirmedAt: iso(row.codConfirmedAt),
    notes: row.notes,
    items,
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    deliveredAt: iso(row.deliveredAt),
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    returnReason: row.returnReason,
    returns,
    canCancel: cancelCheck(status).ok,
    canReturn: open && planReturn(linesForReturn(row), undefined).accepted.length > 0,
    tracking: null,
    refunds: [],
  };
}
