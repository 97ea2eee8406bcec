/** The cart as the shopper sees it: its lines priced from today's catalogue, discounts and tax. */
import type { AppliedDiscount, Cart, CartItem } from '@shop/contracts/cart';
import { cartTotals, lineTotalPaise, mrpPaise } from '@shop/domain/cart';
import { gstIncludedIn, GstRuleError, hsnOf, indianDayOf } from '@shop/domain/gst';
import { paiseToRupees } from '@shop/domain/money';
import type { DiscountChecks } from '../discounts/discounts.service.ts';
import { applyOffers, codeLinesAfterOffers } from '@shop/domain/offers';
import type { LiveOffers } from '../offers/offers.service.ts';
import {
  offerLinesOf,
  summarizeProduct,
  unitPrice,
  validationOf,
  type LoadedCart,
  type LoadedLine,
} from './cart-lines.ts';

/**
 * The GST in the cart's total, by the invoice's own rules (the same module prices the invoice).
 * The split between CGST/SGST and IGST waits for the address; the amount does not depend on it.
 */
function gstIncludedOf(
  lines: LoadedLine[],
  offerShares: readonly number[],
  discountPaise: number,
): number | null {
  // An empty cart (every cart right after it is cleared or ordered) includes no tax.
  if (lines.length === 0) return 0;
  try {
    return gstIncludedIn({
      lines: lines.map((line, index) => ({
        description: line.product.name,
        hsn: hsnOf({
          name: line.product.name,
          hsnCode: line.product.hsn_code ?? '',
          categoryHsnCode: line.product.category_hsn_code ?? '',
        }),
        quantity: line.row.quantity,
        unitPricePaise: unitPrice(line),
        offerDiscountPaise: offerShares[index] ?? 0,
      })),
      discountPaise,
      shippingPaise: 0,
      day: indianDayOf(new Date()),
      shopStateCode: '',
      placeOfSupplyCode: '',
    });
  } catch (error) {
    if (error instanceof GstRuleError) return null;
    throw error;
  }
}

/** The cart as the shopper sees it, priced from today's catalogue and discounts. */
export async function renderCart(
  discounts: Pick<DiscountChecks, 'byIds' | 'check'>,
  offers: Pick<LiveOffers, 'current'>,
  loaded: LoadedCart,
  userId?: string,
): Promise<Cart> {
  const { cart, lines } = loaded;
  // Grouped afresh on every answer from the lines as they are now: a grouping is never kept, so
  // a burst of adds and removes cannot leave the cart priced on an old one.
  const live = await offers.current();
  const offerLines = offerLinesOf(lines);
  const grouping = applyOffers(live, offerLines, new Date());
  const items: CartItem[] = lines.map((line, index) => {
    const price = unitPrice(line);
    const offered = grouping.lines[index]!;
    return {
      _id: line.row.id,
      product: summarizeProduct(line.product),
      productId: line.row.productId,
      name: line.product.name,
      image: line.row.selectedImage,
      selectedImage: line.row.selectedImage,
      size: line.row.size,
      quantity: line.row.quantity,
      color: { colorName: line.row.colorName, colorHex: line.row.colorHex },
      price: paiseToRupees(price),
      originalPrice: paiseToRupees(mrpPaise(price, line.product.original_price_paise)),
      itemTotal: paiseToRupees(
        lineTotalPaise({ unitPricePaise: price, quantity: line.row.quantity }),
      ),
      stock: line.stockEntry?.stock ?? 0,
      addedAt: line.row.addedAt.toISOString(),
      offerDiscount: paiseToRupees(offered.offerDiscountPaise),
      offer:
        offered.offerId === null ? null : { id: offered.offerId, label: offered.offerLabel ?? '' },
      offerNote: offered.explanation,
    };
  });

  const applied: { coupon: AppliedDiscount | null; voucher: AppliedDiscount | null } = {
    coupon: null,
    voucher: null,
  };
  let discountPaise = 0;
  const appliedIds = [cart?.appliedCouponId, cart?.appliedVoucherId].filter(
    (id): id is string => typeof id === 'string',
  );
  if (userId && appliedIds.length > 0) {
    for (const row of await discounts.byIds(appliedIds)) {
      const forLines = codeLinesAfterOffers(live, offerLines, grouping, row.code);
      const check = await discounts.check(row, forLines, userId);
      const amount = check.ok ? check.amountPaise : 0;
      discountPaise += amount;
      const type = row.id === cart?.appliedVoucherId ? 'voucher' : 'coupon';
      applied[type] = {
        code: row.code,
        type,
        description: row.description,
        discountAmount: paiseToRupees(amount),
        valid: check.ok,
        message: check.ok ? 'Discount applied' : check.message,
      };
    }
  }
  // Codes apply to what the offers leave, so together they never exceed the subtotal.
  const totals = cartTotals(
    lines.map((line) => ({ unitPricePaise: unitPrice(line), quantity: line.row.quantity })),
    grouping.discountPaise + discountPaise,
  );
  const codesPaise = totals.discountAmount - grouping.discountPaise;
  const hasDiscount = codesPaise > 0;
  const gstIncluded = gstIncludedOf(
    lines,
    grouping.lines.map((line) => line.offerDiscountPaise),
    totals.discountAmount,
  );
  return {
    _id: cart?.id ?? null,
    items,
    appliedCoupon: applied.coupon,
    appliedVoucher: applied.voucher,
    hasDiscount,
    appliedDiscount: applied.coupon ?? applied.voucher,
    cartValidation: validationOf(lines),
    subtotal: paiseToRupees(totals.subtotal),
    offers: grouping.applied.map((offer) => ({
      id: offer.offerId,
      label: offer.label,
      units: offer.units,
      discountAmount: paiseToRupees(offer.discountPaise),
    })),
    offerSuggestions: grouping.suggestions.map((suggestion) => ({
      id: suggestion.offerId,
      label: suggestion.label,
      missingUnits: suggestion.missingUnits,
      message: suggestion.message,
    })),
    offerDiscount: paiseToRupees(grouping.discountPaise),
    discountAmount: paiseToRupees(codesPaise),
    total: paiseToRupees(totals.total),
    gstIncluded: gstIncluded === null ? null : paiseToRupees(gstIncluded),
    itemCount: totals.itemCount,
    updatedAt: cart?.updatedAt.toISOString() ?? null,
  };
}
