import { isUuid } from '@shop/domain/ids';
import type { Cart, Wishlist, WishlistItem } from '@shop/contracts/cart';
import { firstInStockSize, stockOf } from '@shop/domain/product-selection';
import { sameColorName } from '@shop/domain/cart';
import { invalid, notFound } from '@shop/domain/errors';
import { paiseToRupees, percentOff } from '@shop/domain/money';
import type { ProductFactsSource } from '../cart/product-facts.ts';
import { stockMessage, summarizeProduct, type CartService } from '../cart/cart.service.ts';
import type { Database } from '../../db/client.ts';
import type { WishlistRepository, WishlistRow } from './wishlist.repository.ts';

export const wishlistText = {
  notInWishlist: 'Item not found in wishlist',
  noColor: 'No color information available for this product',
  noSizes: 'No sizes available for this product',
  noImage: 'Product image is required',
  defaultName: 'My Wishlist',
} as const;

export interface MoveToCartCommand {
  quantity: number;
  size?: string | undefined;
  colorName?: string | undefined;
  colorHex?: string | undefined;
  selectedImage?: string | undefined;
}

export function createWishlistService(deps: {
  db: Database;
  wishlists: WishlistRepository;
  facts: ProductFactsSource;
  cart: CartService;
}) {
  const { db, wishlists, facts, cart } = deps;

  async function render(row: WishlistRow | undefined): Promise<Wishlist> {
    if (!row) {
      return {
        _id: null,
        name: wishlistText.defaultName,
        isPublic: false,
        items: [],
        total: 0,
        count: 0,
      };
    }
    const entries = await wishlists.items(row.id);
    const byId = await facts.cached(entries.map((entry) => entry.productId));
    const items: WishlistItem[] = entries.flatMap((entry) => {
      const product = byId.get(entry.productId);
      if (!product) return [];
      const summary = summarizeProduct(product);
      return [
        {
          _id: entry.id,
          id: entry.id,
          product: summary,
          productId: product.id,
          name: product.name,
          brand: product.brand,
          priceWhenAdded: paiseToRupees(entry.priceWhenAddedPaise),
          price: summary.price,
          originalPrice: summary.originalPrice,
          discount: percentOff(summary.price, summary.originalPrice),
          images: summary.images,
          addedAt: entry.addedAt.toISOString(),
        },
      ];
    });
    return {
      _id: row.id,
      name: row.name,
      isPublic: row.isPublic,
      items,
      total: items.reduce((sum, item) => sum + item.price, 0),
      count: items.length,
    };
  }

  async function activeProduct(productId: string) {
    const product = (await facts.fresh([productId])).get(productId);
    if (!product || !product.is_active) throw notFound('Product not found');
    return product;
  }

  const current = async (userId: string) => render(await wishlists.find(db, userId));

  async function add(userId: string, productId: string) {
    const product = await activeProduct(productId);
    const row = await wishlists.ensure(db, userId);
    // The price kept is the catalogue's, whatever the browser says it was.
    const added = await wishlists.add(row.id, product.id, product.price_paise);
    return { added, name: product.name, wishlist: await render(row) };
  }

  async function remove(userId: string, productId: string) {
    const row = await wishlists.find(db, userId);
    if (!row || !isUuid(productId) || !(await wishlists.remove(row.id, productId))) {
      throw notFound(wishlistText.notInWishlist);
    }
    return render(row);
  }

  return {
    current,
    add,
    remove,

    async create(userId: string, values: { name: string; isPublic: boolean }) {
      const row = await wishlists.ensure(db, userId);
      await wishlists.rename(row.id, {
        name: values.name || wishlistText.defaultName,
        isPublic: values.isPublic,
      });
      return current(userId);
    },

    async toggle(userId: string, productId: string) {
      if (isUuid(productId) && (await wishlists.contains(userId, productId))) {
        return { action: 'removed' as const, wishlist: await remove(userId, productId) };
      }
      const { wishlist } = await add(userId, productId);
      return { action: 'added' as const, wishlist };
    },

    count: (userId: string) => wishlists.count(userId),
    contains: (userId: string, productId: string) =>
      isUuid(productId) ? wishlists.contains(userId, productId) : Promise.resolve(false),

    async clear(userId: string) {
      const row = await wishlists.find(db, userId);
      const removed = row ? await wishlists.clear(row.id) : 0;
      return { removed, wishlist: await render(row) };
    },

    /**
     * Moves a wishlist entry into the cart, then off the wishlist. Defaults: quantity 1, the
     * first colour, size M when the colour has it in stock else its first in-stock size.
     */
    async moveToCart(
      userId: string,
      productId: string,
      command: MoveToCartCommand,
    ): Promise<{ name: string; cart: Cart; wishlist: Wishlist }> {
      if (!isUuid(productId) || !(await wishlists.contains(userId, productId))) {
        throw notFound(wishlistText.notInWishlist);
      }
      const product = await activeProduct(productId);
      const color = command.colorName
        ? product.colors.find((entry) => sameColorName(entry.colorName, command.colorName!))
        : product.colors[0];
      if (!color) throw invalid(wishlistText.noColor);
      if (color.sizeStock.length === 0) throw invalid(wishlistText.noSizes);
      const size =
        command.size ||
        (stockOf(color, 'M') > 0 ? 'M' : (firstInStockSize(color) ?? color.sizeStock[0]!.size));
      const image = command.selectedImage || color.images[0];
      if (!image) throw invalid(wishlistText.noImage);
      const stock = stockOf(color, size);
      if (command.quantity > stock) throw invalid(stockMessage(stock, size));

      const updatedCart = await cart.addItem(
        { userId },
        {
          productId,
          size,
          color: {
            colorName: color.colorName,
            colorHex: command.colorHex || color.colorHex || '#000000',
          },
          selectedImage: image,
          quantity: command.quantity,
        },
      );
      const wishlist = await remove(userId, productId);
      return { name: product.name, cart: updatedCart, wishlist };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
