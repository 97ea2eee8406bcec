import { createHash, randomInt } from 'node:crypto';
import {
  cartTotals,
  lineTotalPaise,
  normalizeSize,
  sameColorName,
  sameSize,
} from '@shop/domain/cart';
import { evaluateDiscount } from '@shop/domain/discounts';
import { invalid, ShopError } from '@shop/domain/errors';
import { applyOffers, codeLinesAfterOffers, type Offer, type OfferLine } from '@shop/domain/offers';
import type { OrderAddress, OrderDiscount, OrderOffer } from '../../db/schema.ts';
import type { ProductFactsSource } from '../cart/product-facts.ts';
import { toDiscountRule, type DiscountReading } from '../discounts/discounts.service.ts';
import type { NewOrderItem } from './orders.repository.ts';

/** Parsed `POST /order` body (see createOrderSchema). */
export type CreateOrderCommand = {
  items: { product: string; quantity: number; size: string; color: { colorName: string } }[];
  shippingAddress: OrderAddress;
  /** Checked by the route's schema as a checkout address. */
  billingAddress?: OrderAddress | null | undefined;
  sameAsShipping?: boolean | undefined;
  paymentMethod: string;
  notes: string;
};

/** A cart's discount the domain refuses as the order is priced (409 with the rule's message). */
export class DiscountRefused extends ShopError {
  constructor(message: string) {
    super('conflict', message);
  }
}

/** What an Idempotency-Key's first request asked, to tell a repeat from a different request. */
export function requestHash(command: CreateOrderCommand): string {
  const canonical = JSON.stringify({
    items: command.items.map((item) => [
      item.product,
      item.quantity,
      normalizeSize(item.size),
      item.color.colorName.toLowerCase(),
    ]),
    shipping: command.shippingAddress,
    billing: command.billingAddress ?? null,
    same: command.sameAsShipping ?? null,
    method: command.paymentMethod,
    notes: command.notes,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** LB + yymmdd + 8 random digits: readable on the phone, unguessable, unique in practice. */
export function newOrderNumber(now = new Date()): string {
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `LB${date}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export function billingOf(command: CreateOrderCommand): OrderAddress {
  if (!command.billingAddress || command.sameAsShipping === true) return command.shippingAddress;
  return command.billingAddress;
}

export type DescribedLines = Awaited<ReturnType<typeof describeLines>>;

/**
 * Each line checked against the catalogue (a line that cannot be bought is a 400 naming it) and
 * priced at the catalogue's price. Taking the stock refuses a price that changed since, and the
 * order is then described again from `fresh` facts.
 */
export async function describeLines(
  facts: ProductFactsSource,
  command: CreateOrderCommand,
  source: 'cachedIgnoringStock' | 'fresh',
) {
  const byId = await facts[source](command.items.map((item) => item.product));
  return command.items.map((item, position) => {
    const product = byId.get(item.product);
    if (!product || !product.is_active)
      throw invalid('A product in your order is no longer available');
    const color = product.colors.find((c) => sameColorName(c.colorName, item.color.colorName));
    if (!color) throw invalid(`${product.name} is not available in ${item.color.colorName}`);
    const stock = color.sizeStock.find((entry) => sameSize(entry.size, item.size));
    if (!stock)
      throw invalid(`${product.name} is not available in size ${item.size.toUpperCase()}`);
    const line: NewOrderItem = {
      productId: product.id,
      productName: product.name,
      productImage: color.images[0] ?? '',
      colorName: color.colorName,
      colorHex: color.colorHex,
      size: normalizeSize(stock.size),
      quantity: item.quantity,
      pricePaise: product.price_paise,
      itemTotalPaise: lineTotalPaise({
        unitPricePaise: product.price_paise,
        quantity: item.quantity,
      }),
      categorySlug: product.category_slug,
      subcategorySlug: product.subcategory_slug,
      position,
    };
    return {
      line,
      categoryId: product.category_id,
      subcategoryId: product.subcategory_id,
      tags: product.tags ?? [],
    };
  });
}

export type PricedOrder = ReturnType<typeof priceOrder>;

/**
 * Totals of described lines under the live offers, then with the cart's discounts (read with the
 * shopper's side of their rules under their locks), each code on what the offers leave and only
 * where an offer lets it stack. Whether each applies is the domain's rule alone. The order's
 * discount is the offers' and the codes' together; each line carries its offer share as placed.
 */
export function priceOrder(
  described: DescribedLines,
  readings: DiscountReading[],
  offers: readonly Offer[],
  now = new Date(),
) {
  const offerLines: OfferLine[] = described.map(({ line, categoryId, subcategoryId, tags }) => ({
    lineId: String(line.position),
    productId: line.productId,
    categoryId,
    subcategoryId,
    tags,
    unitPricePaise: line.pricePaise,
    quantity: line.quantity,
  }));
  const grouping = applyOffers(offers, offerLines, now);
  const applied: (OrderDiscount & { id: string })[] = [];
  for (const { discount, history } of readings) {
    const check = evaluateDiscount(toDiscountRule(discount), {
      lines: codeLinesAfterOffers(offers, offerLines, grouping, discount.code),
      now: new Date(),
      timesUsed: discount.timesUsed,
      ...history,
    });
    if (!check.ok) throw new DiscountRefused(check.message);
    applied.push({
      id: discount.id,
      code: discount.code,
      type: discount.type === 'voucher' ? 'voucher' : 'coupon',
      amountPaise: check.amountPaise,
    });
  }
  // A coupon is listed before a voucher, as the cart shows them.
  applied.sort((a, b) => (a.type === b.type ? 0 : a.type === 'coupon' ? -1 : 1));
  const totals = cartTotals(
    described.map(({ line }) => ({ unitPricePaise: line.pricePaise, quantity: line.quantity })),
    grouping.discountPaise + applied.reduce((sum, discount) => sum + discount.amountPaise, 0),
  );
  // Each line as the order keeps it: its units' offer shares and the offer they were grouped
  // under, with its label then (the offer may change or end; the order never does).
  const items: NewOrderItem[] = described.map(({ line }, index) => {
    const offered = grouping.lines[index]!;
    return {
      ...line,
      offerDiscountPaise: offered.offerDiscountPaise,
      offerId: offered.offerId,
      offerLabel: offered.offerLabel,
    };
  });
  const orderOffers: OrderOffer[] = grouping.applied.map((offer) => ({
    offerId: offer.offerId,
    label: offer.label,
    units: offer.units,
    discountPaise: offer.discountPaise,
  }));
  return {
    totals,
    applied,
    items,
    offers: orderOffers,
    offerDiscountPaise: grouping.discountPaise,
  };
}
