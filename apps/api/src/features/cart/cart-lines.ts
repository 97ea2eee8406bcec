/**
 * A cart's lines beside today's catalogue facts: finding a line's colour and size, the issues
 * that keep it from being ordered as it is, and the lines as discounts and the wishlist read them.
 */
import type { CartIssue, CartValidation, ProductSummary } from '@shop/contracts/cart';
import {
  lineIssues,
  lineTotalPaise,
  sameColorName,
  sameSize,
  type CartLineIssue,
} from '@shop/domain/cart';
import type { DiscountLine } from '@shop/domain/discounts';
import { applyOffers, codeLinesAfterOffers, type OfferLine } from '@shop/domain/offers';
import type { LiveOffers } from '../offers/offers.service.ts';
import { formatMoney, paiseToRupees } from '@shop/domain/money';
import type { ProductFacts } from '../catalogue/catalogue.service.ts';
import type { CartItemRow, CartRow } from './cart.repository.ts';

export type ProductColor = ProductFacts['colors'][number];

/** A cart line with today's catalogue facts beside it. */
export interface LoadedLine {
  row: CartItemRow;
  product: ProductFacts;
  color: ProductColor | undefined;
  stockEntry: { size: string; stock: number } | undefined;
}

export interface LoadedCart {
  cart: CartRow | undefined;
  lines: LoadedLine[];
}

const rupees = (paise: number) => paiseToRupees(paise);

/** The shopper's stock message, with the size as the catalogue writes it ('34C', 'M'). */
export function stockMessage(available: number, size: string, alreadyInCart = 0): string {
  const base = `Only ${available} items available in size ${size.toUpperCase()}`;
  return alreadyInCart > 0 ? `${base} (${alreadyInCart} already in your cart)` : base;
}

export function summarizeProduct(product: ProductFacts): ProductSummary {
  return {
    _id: product.id,
    name: product.name,
    brand: product.brand,
    price: rupees(product.price_paise),
    originalPrice:
      product.original_price_paise === null ? null : rupees(product.original_price_paise),
    images: product.colors.flatMap((color) => color.images).slice(0, 8),
    colors: product.colors.map(({ colorName, colorHex, images, sizeStock }) => ({
      colorName,
      colorHex,
      images,
      sizeStock,
    })),
    category: product.category_id,
    categoryName: product.category_name,
    subcategory: product.subcategory_id,
    subcategoryName: product.subcategory_name,
    isActive: product.is_active,
  };
}

export function findColor(product: ProductFacts, colorName: string) {
  return product.colors.find((color) => sameColorName(color.colorName, colorName));
}

export function findSize(color: ProductColor | undefined, size: string) {
  return color?.sizeStock.find((entry) => sameSize(entry.size, size));
}

/** The image a line shows: the one chosen if it belongs to the colour, else the colour's first. */
export function lineImage(color: ProductColor, chosen: string | undefined): string {
  if (chosen && color.images.includes(chosen)) return chosen;
  return color.images[0] ?? chosen ?? '';
}

export const unitPrice = (line: LoadedLine) => line.product.price_paise;

function issuesOf(line: LoadedLine): CartLineIssue[] {
  return lineIssues({
    quantity: line.row.quantity,
    pricePaiseWhenAdded: line.row.unitPricePaise,
    exists: line.stockEntry !== undefined,
    isActive: line.product.is_active,
    currentPricePaise: unitPrice(line),
    stock: line.stockEntry?.stock ?? 0,
  });
}

function issueMessage(line: LoadedLine, issue: CartLineIssue): string {
  const name = line.product.name;
  const size = line.row.size.toUpperCase();
  switch (issue.kind) {
    case 'unavailable':
      return `${name} (${line.row.colorName}, size ${size}) is no longer available`;
    case 'price_changed':
      return `The price of ${name} changed from ${formatMoney(issue.oldPricePaise ?? 0)} to ${formatMoney(issue.newPricePaise ?? 0)}`;
    case 'insufficient_stock':
      return issue.available === 0
        ? `${name} (${line.row.colorName}, size ${size}) is out of stock`
        : `${stockMessage(issue.available ?? 0, line.stockEntry?.size ?? size)} for ${name}`;
  }
}

export function validationOf(lines: LoadedLine[]): CartValidation {
  const issues: CartIssue[] = lines.flatMap((line) =>
    issuesOf(line).map((issue) => ({
      itemId: line.row.id,
      productId: line.row.productId,
      name: line.product.name,
      size: line.row.size,
      colorName: line.row.colorName,
      type: issue.kind,
      message: issueMessage(line, issue),
      ...(issue.available !== undefined ? { available: issue.available } : {}),
      ...(issue.oldPricePaise !== undefined ? { oldPrice: rupees(issue.oldPricePaise) } : {}),
      ...(issue.newPricePaise !== undefined ? { newPrice: rupees(issue.newPricePaise) } : {}),
    })),
  );
  return { valid: issues.length === 0, issues };
}

/** The lines as offers group them: product, category, subcategory, tags, price and units. */
export function offerLinesOf(lines: LoadedLine[]): OfferLine[] {
  return lines.map((line) => ({
    lineId: line.row.id,
    productId: line.row.productId,
    categoryId: line.product.category_id,
    subcategoryId: line.product.subcategory_id,
    tags: line.product.tags ?? [],
    unitPricePaise: unitPrice(line),
    quantity: line.row.quantity,
  }));
}

/**
 * The lines as a code reads them after the live offers: each at what the offers leave, the units
 * of an offer that refuses the code apart (codes apply after offers, only where allowed).
 */
export async function codeLinesOf(
  offers: LiveOffers,
  lines: LoadedLine[],
): Promise<(code: string) => DiscountLine[]> {
  const offerLines = offerLinesOf(lines);
  const live = await offers.current();
  const application = applyOffers(live, offerLines, new Date());
  return (code) => codeLinesAfterOffers(live, offerLines, application, code);
}

/** The lines as a discount's rules read them: product, category and the line's total. */
export function discountLines(lines: LoadedLine[]): DiscountLine[] {
  return lines.map((line) => ({
    productId: line.row.productId,
    categoryId: line.product.category_id,
    lineTotalPaise: lineTotalPaise({
      unitPricePaise: unitPrice(line),
      quantity: line.row.quantity,
    }),
  }));
}
