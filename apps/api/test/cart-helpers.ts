import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { newGuestSessionId } from '@shop/domain/cart';
import { stockedChoicesIn } from './stocked-choices.ts';
import { getJson } from './test-app.ts';

export interface StockedChoice {
  productId: string;
  name: string;
  price: number;
  originalPrice: number | null;
  categoryId: string;
  colorName: string;
  colorHex: string;
  size: string;
  stock: number;
  image: string;
}

/** Products of the seeded catalogue with a colour and size in stock (at least `minStock`). */
export async function stockedChoices(app: FastifyInstance, minStock = 1): Promise<StockedChoice[]> {
  const { body } = await getJson(app, '/api/product/products?limit=100');
  return stockedChoicesIn(body.data.products, minStock);
}

/** The body Add To Cart sends for a choice (sizes travel in lower case). */
export function addBody(choice: StockedChoice, quantity = 1) {
  return {
    product: choice.productId,
    quantity,
    size: choice.size.toLowerCase(),
    color: { colorName: choice.colorName, colorHex: choice.colorHex },
    selectedImage: choice.image,
  };
}

/** A guest session id the way the browser makes one. */
export function guestSessionId(): string {
  return newGuestSessionId(randomUUID);
}
