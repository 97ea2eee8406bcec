// The rules a product must keep to be saved by the back office: prices that can be taxed and
// shown honestly, a unique web address, each size once per colour, and what "delete" means for a
// product that shoppers have already bought.
import { formatMoney, type Paise } from './money.ts';
import { slugify } from './catalogue.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD } from './stock.ts';

/**
 * Clothing's GST in India follows the price of a piece before tax: 5% up to ₹2,500, 18% above.
 * A price including GST up to ₹2,625 splits as at most ₹2,500 + 5%; one of ₹2,950 or more as
 * ₹2,500 or more + 18%. A price in between fits neither: at 5% its price before tax is above
 * ₹2,500 (so it owes 18%), at 18% it is below ₹2,500 (so it owes 5%). The shop cannot print an
 * invoice for it, so such a price is refused (docs/decisions/0044).
 */
export const GST_SLAB_LIMIT_PAISE: Paise = 250_000;
/** ₹2,500 + 5%: the highest price including GST that is taxed at 5%. */
export const GST_LOW_SLAB_TOP_PAISE: Paise = 262_500;
/** ₹2,500 + 18%: the lowest price including GST of the 18% slab. */
export const GST_HIGH_SLAB_BOTTOM_PAISE: Paise = 295_000;

export const productRuleMessages = {
  mrpBelowPrice: 'The MRP (original price) must be at least the selling price.',
  gstGap:
    `A price between ${formatMoney(GST_LOW_SLAB_TOP_PAISE, { trimZeroPaise: true })} and ` +
    `${formatMoney(GST_HIGH_SLAB_BOTTOM_PAISE, { trimZeroPaise: true })} including GST cannot ` +
    'be invoiced: clothing up to ₹2,500 before tax pays 5% GST (at most ₹2,625 with it) and ' +
    'above ₹2,500 pays 18% (at least ₹2,950 with it), so a price in between fits neither slab. ' +
    'Choose ₹2,625 or less, or ₹2,950 or more.',
  slugFormat: 'The web address may hold only lower-case letters, digits and single hyphens.',
  slugTaken: (slug: string, otherName: string) =>
    `The web address "${slug}" is already used by "${otherName}". Choose another.`,
  sizeTwice: (size: string, colorName: string) =>
    `Size ${size} is listed twice for ${colorName || 'this colour'}.`,
  colorTwice: (colorName: string) => `The colour ${colorName} is listed twice.`,
  subcategoryElsewhere: 'This subcategory belongs to another category.',
  categoryUnknown: 'Choose a category.',
  subcategoryUnknown: 'This subcategory no longer exists.',
  notFound: 'Product not found',
  deactivatedInstead:
    'This product is in past orders, so it was deactivated instead of deleted: it is gone ' +
    'from the storefront and stays in those orders.',
  deleted: 'Product deleted',
} as const;

/** Whether a price including GST falls in the gap between the 5% and 18% slabs. */
export function inGstGap(pricePaise: Paise): boolean {
  return pricePaise > GST_LOW_SLAB_TOP_PAISE && pricePaise < GST_HIGH_SLAB_BOTTOM_PAISE;
}

/** A broken rule and the form field it belongs to (dotted path, as the form names fields). */
export interface ProductIssue {
  path: (string | number)[];
  message: string;
}

export interface ProductRulesInput {
  pricePaise: Paise;
  /** The MRP; null when the product is sold at it. */
  originalPricePaise: Paise | null;
  colors: readonly { colorName: string; sizeStock: readonly { size: string }[] }[];
}

/**
 * Every rule a product's own fields must keep, each with the field it belongs to, so the form
 * shows it there and the server refuses the same save with the same words.
 */
export function productIssues(product: ProductRulesInput): ProductIssue[] {
  const issues: ProductIssue[] = [];
  if (inGstGap(product.pricePaise)) {
    issues.push({ path: ['price'], message: productRuleMessages.gstGap });
  }
  if (product.originalPricePaise !== null && product.originalPricePaise < product.pricePaise) {
    issues.push({ path: ['originalPrice'], message: productRuleMessages.mrpBelowPrice });
  }
  // Colour names and sizes are compared in any case, as the storefront and the database do.
  const colorsSeen = new Set<string>();
  product.colors.forEach((color, colorIndex) => {
    const colorKey = color.colorName.trim().toLowerCase();
    if (colorKey !== '' && colorsSeen.has(colorKey)) {
      issues.push({
        path: ['colors', colorIndex, 'colorName'],
        message: productRuleMessages.colorTwice(color.colorName.trim()),
      });
    }
    colorsSeen.add(colorKey);
    const sizesSeen = new Set<string>();
    color.sizeStock.forEach((entry, sizeIndex) => {
      const sizeKey = entry.size.trim().toLowerCase();
      if (sizeKey !== '' && sizesSeen.has(sizeKey)) {
        issues.push({
          path: ['colors', colorIndex, 'sizeStock', sizeIndex, 'size'],
          message: productRuleMessages.sizeTwice(entry.size.trim(), color.colorName.trim()),
        });
      }
      sizesSeen.add(sizeKey);
    });
  });
  return issues;
}

/** Lower-case letters and digits in words joined by single hyphens: 'padded-t-shirt-bra'. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The product's web address: the one the owner typed (trimmed, lower-cased), else one derived
 * from the name as every catalogue slug is (`slugify`).
 */
export function productSlug(name: string, typed: string | undefined | null): string {
  const own = typed?.trim().toLowerCase() ?? '';
  return own !== '' ? own : slugify(name);
}

/**
 * What deleting a product does. One in past orders is deactivated instead: it leaves the
 * storefront at once, and the orders that hold it still show it (they keep their own copy of its
 * name, image, colour and price, and point at the product row, which must stay).
 */
export function productDeletion(inPastOrders: boolean): 'delete' | 'deactivate' {
  return inPastOrders ? 'deactivate' : 'delete';
}

/** A product's stock state as the back office filters it. */
export const stockStates = ['in-stock', 'low', 'sold-out'] as const;
export type StockState = (typeof stockStates)[number];

/**
 * Sold out: no size of any colour has stock. Low: some size is in stock but at least one size is
 * at or below the product's low-stock threshold (a popular size running out is what the owner
 * must see). In stock: every size above it.
 */
export function stockStateOf(
  stocks: readonly number[],
  threshold: number = DEFAULT_LOW_STOCK_THRESHOLD,
): StockState {
  if (!stocks.some((stock) => stock > 0)) return 'sold-out';
  if (stocks.some((stock) => stock <= threshold)) return 'low';
  return 'in-stock';
}

/**
 * A product's common (generic) name when the owner gave none, as a package would declare it: its
 * subcategory's or category's name in the singular ('Sports Bras' → 'Sports Bra', 'Panties' →
 * 'Panty', 'Nightdresses' → 'Nightdress'); names that are not plurals stay as they are.
 */
export function genericNameOfGroup(group: string): string {
  const name = group.trim();
  if (/ies$/i.test(name)) return name.replace(/ies$/i, 'y');
  if (/(ss|sh|ch|x)es$/i.test(name)) return name.slice(0, -2);
  if (/[^su]s$/i.test(name)) return name.slice(0, -1);
  return name;
}
