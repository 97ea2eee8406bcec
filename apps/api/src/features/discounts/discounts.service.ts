/**
 * What other features may ask of discounts: a discount's rule as the domain reads it, and the
 * readings an order is priced with (a discount with the shopper's side of its rules, read in the
 * caller's transaction under the discounts' locks). Orders are handed the readings, never the
 * discounts' tables.
 */
export {
  toDiscountRule,
  type DiscountReading,
  type DiscountRow,
  type ShopperHistory,
} from './discounts.repository.ts';
import type { DiscountsRepository } from './discounts.repository.ts';

/** The discounts' readings, as placing an order asks for them. */
export type DiscountReadings = Pick<DiscountsRepository, 'readingsFor'>;
