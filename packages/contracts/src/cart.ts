// The cart, the wishlist and discounts. Request schemas serve the storefront's forms and the API's
// routes alike, with the messages shoppers read; zod/mini because they ship to the browser.
import { isUuid } from '@shop/domain/ids';
import * as z from 'zod/mini';
import {
  GUEST_SESSION_RANDOM_LENGTH,
  guestSessionIdProblem,
  isGuestSessionId,
  MAX_UNITS_PER_SIZE,
  unitsPerSizeMessage,
} from '@shop/domain/cart';
import { discountMessages, discountTypes } from '@shop/domain/discounts';
import { plainText, requiredText, successEnvelope } from './common-mini.ts';
import { appliedOffer, lineOfferFields, offerSuggestion } from './offer-answers.ts';

/** Fields made optional for answers written before offers (and for readers that ignore them). */
function optionalFields<Shape extends Record<string, z.ZodMiniType>>(shape: Shape) {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [key, z.optional(schema)]),
  ) as { [Key in keyof Shape]: z.ZodMiniOptional<Shape[Key]> };
}

export const cartMessages = {
  productRequired: 'Product ID is required',
  productInvalid: 'Invalid product id',
  sizeRequired: 'Size is required',
  colorRequired: 'Color information is required',
  imageRequired: 'Product image is required',
  quantityInvalid: 'Quantity must be a whole number of at least 1',
  quantityRequired: 'Quantity must be a whole number',
  itemRequired: 'Item ID is required',
  itemNotFound: 'Item not found in cart',
  sessionInvalid: 'Invalid guest session id',
  sessionTooShort: `Invalid guest session id: its random part must be at least ${GUEST_SESSION_RANDOM_LENGTH} letters or digits`,
  discountCodeRequired: 'Valid discount code is required',
  discountTypeInvalid: "Discount type must be 'coupon' or 'voucher'",
  wishlistLogin: 'Please login to use wishlist',
  discountLogin: 'Please login to apply discounts',
  noGuestCart: 'No guest cart to merge',
  guestValidation: 'Validation not available for guest users',
  tooManyOfOneSize: unitsPerSizeMessage,
  sizeInvalid: 'Invalid size',
  colorNameInvalid: 'Invalid colorName',
  wishlistNameInvalid: 'Invalid wishlist name',
} as const;

const productId = (message: string = cartMessages.productRequired) =>
  requiredText(message, 64).check(z.refine(isUuid, { error: cartMessages.productInvalid }));

/** At most MAX_UNITS_PER_SIZE of one size: nobody holds a size's whole stock in her cart. */
const withinUnitsPerSize = z.refine<number>((value) => value <= MAX_UNITS_PER_SIZE, {
  error: cartMessages.tooManyOfOneSize,
});

/** A whole number from 1 to MAX_UNITS_PER_SIZE; '2' from a form counts as 2. */
const quantity = z._default(
  z
    .pipe(
      z.union([z.number(), z.string()], { error: cartMessages.quantityInvalid }),
      z.transform((value) => Number(value)),
    )
    .check(
      z.refine((value: number) => Number.isInteger(value) && value >= 1, {
        error: cartMessages.quantityInvalid,
        abort: true,
      }),
      withinUnitsPerSize,
    ),
  1,
);

const color = z.object(
  {
    colorName: requiredText(cartMessages.colorRequired, 60),
    colorHex: requiredText(cartMessages.colorRequired, 20),
  },
  { error: cartMessages.colorRequired },
);

/**
 * Adding to a guest cart, checked in this order: size, colour (name and hex), image; then the
 * quantity. Prices are never taken from the browser: any price sent is ignored.
 */
export const guestAddToCartSchema = z.object({
  size: requiredText(cartMessages.sizeRequired, 30),
  color,
  selectedImage: requiredText(cartMessages.imageRequired, 500),
  quantity,
});

/** Adding to a signed-in cart: the product comes first. */
export const addToCartSchema = z.object({
  product: productId(),
  size: requiredText(cartMessages.sizeRequired, 30),
  color,
  selectedImage: requiredText(cartMessages.imageRequired, 500),
  quantity,
  fromWishlist: z.optional(z.boolean()),
});
export type AddToCartInput = z.input<typeof addToCartSchema>;

/** Changing a line: a quantity of 0 or less removes it; size, colour and image may change too. */
export const updateCartItemSchema = z.object({
  quantity: z
    .pipe(
      z.union([z.number(), z.string()], { error: cartMessages.quantityRequired }),
      z.transform((value) => Number(value)),
    )
    .check(
      z.refine((value: number) => Number.isInteger(value), {
        error: cartMessages.quantityRequired,
        abort: true,
      }),
      withinUnitsPerSize,
    ),
  size: z.optional(requiredText(cartMessages.sizeRequired, 30)),
  color: z.optional(color),
  selectedImage: z.optional(requiredText(cartMessages.imageRequired, 500)),
});
export type UpdateCartItemInput = z.input<typeof updateCartItemSchema>;

export const removeFromCartQuery = z.object({
  size: z.optional(
    z
      .string()
      .check(z.trim(), z.maxLength(30), plainText(`${cartMessages.sizeInvalid}: must be text`)),
  ),
  colorName: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(60),
        plainText(`${cartMessages.colorNameInvalid}: must be text`),
      ),
  ),
});

/** A guest session id; one whose random part is too short to be unguessable is refused as such. */
const guestSessionId = () =>
  z.string({ error: cartMessages.sessionInvalid }).check(
    z.refine(isGuestSessionId, {
      error: (issue) =>
        guestSessionIdProblem(issue.input) === 'too-short'
          ? cartMessages.sessionTooShort
          : cartMessages.sessionInvalid,
    }),
  );

export const guestSessionParams = z.object({ sessionId: guestSessionId() });

export const mergeCartSchema = z.object({ sessionId: guestSessionId() });

export const discountCodeSchema = requiredText(cartMessages.discountCodeRequired, 40);

/** `GET /discount/code/{code}`: a code in the path that cannot be one is not found. */
export const discountCodeParams = z.object({
  code: requiredText(discountMessages.invalid, 40),
});

export const applyDiscountSchema = z.object({
  code: discountCodeSchema,
  type: z._default(z.enum(discountTypes, { error: cartMessages.discountTypeInvalid }), 'coupon'),
});
export type ApplyDiscountInput = z.input<typeof applyDiscountSchema>;

export const removeDiscountSchema = z.nullish(
  z.object({
    type: z._default(
      z.enum([...discountTypes, 'all'], { error: cartMessages.discountTypeInvalid }),
      'all',
    ),
  }),
);

export const validateDiscountSchema = z.object({
  code: discountCodeSchema,
  productIds: z._default(
    z
      .array(z.string().check(z.maxLength(64), plainText(cartMessages.productInvalid)))
      .check(z.maxLength(200)),
    [],
  ),
});

// ---------- wishlist requests ----------

export const createWishlistSchema = z.nullish(
  z.object({
    name: z._default(
      z.string().check(z.trim(), z.maxLength(60), plainText(cartMessages.wishlistNameInvalid)),
      'My Wishlist',
    ),
    isPublic: z._default(z.boolean(), false),
  }),
);

/** `priceWhenAdded` is accepted if sent, then ignored: the catalogue price is kept. */
export const wishlistAddSchema = z.object({
  productId: productId(),
  priceWhenAdded: z.optional(z.unknown()),
});

export const moveToCartSchema = z.nullish(
  z.object({
    quantity,
    size: z.optional(
      z.string().check(z.trim(), z.maxLength(30), plainText(cartMessages.sizeRequired)),
    ),
    colorName: z.optional(
      z.string().check(z.trim(), z.maxLength(60), plainText(cartMessages.colorRequired)),
    ),
    colorHex: z.optional(
      z.string().check(z.trim(), z.maxLength(20), plainText(cartMessages.colorRequired)),
    ),
    selectedImage: z.optional(
      z.string().check(z.trim(), z.maxLength(500), plainText(cartMessages.imageRequired)),
    ),
  }),
);

// ---------- answers ----------

const sizeStock = z.object({ size: z.string(), stock: z.number() });
const productColor = z.object({
  colorName: z.string(),
  colorHex: z.string(),
  images: z.array(z.string()),
  sizeStock: z.array(sizeStock),
});

/** What a cart line or wishlist entry shows of its product, as the catalogue has it now. */
export const productSummary = z.object({
  _id: z.string(),
  name: z.string(),
  brand: z.string(),
  price: z.number(),
  originalPrice: z.nullable(z.number()),
  images: z.array(z.string()),
  colors: z.array(productColor),
  category: z.string(),
  categoryName: z.string(),
  subcategory: z.nullable(z.string()),
  subcategoryName: z.nullable(z.string()),
  isActive: z.boolean(),
});
export type ProductSummary = z.infer<typeof productSummary>;

export const cartItem = z.object({
  _id: z.string(),
  product: productSummary,
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  selectedImage: z.string(),
  size: z.string(),
  quantity: z.number(),
  color: z.object({ colorName: z.string(), colorHex: z.string() }),
  /** Today's unit price, in rupees. */
  price: z.number(),
  /** The M.R.P.: the original price, or 1.2 × price when there is none. */
  originalPrice: z.number(),
  itemTotal: z.number(),
  /** Units of this colour and size in stock now. */
  stock: z.number(),
  addedAt: z.string(),
  ...optionalFields(lineOfferFields),
});
export type CartItem = z.infer<typeof cartItem>;

export const appliedDiscount = z.object({
  code: z.string(),
  type: z.enum(discountTypes),
  description: z.string(),
  discountAmount: z.number(),
  /** False when the cart changed and the code no longer applies (its amount is then 0). */
  valid: z.boolean(),
  message: z.string(),
});
export type AppliedDiscount = z.infer<typeof appliedDiscount>;

export const cartIssue = z.object({
  itemId: z.string(),
  productId: z.string(),
  name: z.string(),
  size: z.string(),
  colorName: z.string(),
  type: z.enum(['unavailable', 'price_changed', 'insufficient_stock']),
  message: z.string(),
  available: z.optional(z.number()),
  oldPrice: z.optional(z.number()),
  newPrice: z.optional(z.number()),
});
export type CartIssue = z.infer<typeof cartIssue>;

export const cartValidation = z.object({
  valid: z.boolean(),
  issues: z.array(cartIssue),
  message: z.optional(z.string()),
});
export type CartValidation = z.infer<typeof cartValidation>;

export const cartTotals = z.object({
  subtotal: z.number(),
  /** Rupees the offers take off, before codes (total = subtotal − offerDiscount − discountAmount). */
  offerDiscount: z.optional(z.number()),
  /** Rupees the codes take off what the offers leave. */
  discountAmount: z.number(),
  total: z.number(),
  itemCount: z.number(),
});
export type CartTotals = z.infer<typeof cartTotals>;

export const cart = z.object({
  _id: z.nullable(z.string()),
  items: z.array(cartItem),
  appliedCoupon: z.nullable(appliedDiscount),
  appliedVoucher: z.nullable(appliedDiscount),
  hasDiscount: z.boolean(),
  appliedDiscount: z.nullable(appliedDiscount),
  cartValidation,
  subtotal: z.number(),
  /** The offers applied on the server's current grouping, each with what it takes off. */
  offers: z.optional(z.array(appliedOffer)),
  /** What is missing for another group of a live offer. */
  offerSuggestions: z.optional(z.array(offerSuggestion)),
  /** Rupees the offers take off, before codes (total = subtotal − offerDiscount − discountAmount). */
  offerDiscount: z.optional(z.number()),
  discountAmount: z.number(),
  total: z.number(),
  /**
   * The GST included in the total, computed by the server (prices include GST); null when a
   * product's HSN code has no known rate, so no wrong figure is shown.
   */
  gstIncluded: z.nullable(z.number()),
  itemCount: z.number(),
  updatedAt: z.nullable(z.string()),
});
export type Cart = z.infer<typeof cart>;

export const cartDetails = z.object({ cart, items: z.array(cartItem), totals: cartTotals });
export type CartDetails = z.infer<typeof cartDetails>;

export const discountInfo = z.object({
  code: z.string(),
  type: z.enum(discountTypes),
  description: z.string(),
  percentOff: z.nullable(z.number()),
  amountOff: z.nullable(z.number()),
  minSubtotal: z.number(),
  maxDiscount: z.nullable(z.number()),
  expiresAt: z.nullable(z.string()),
});
export type DiscountInfo = z.infer<typeof discountInfo>;

export const discountUsability = z.object({
  canUse: z.boolean(),
  message: z.string(),
  discountAmount: z.number(),
});

export const wishlistItem = z.object({
  _id: z.string(),
  id: z.string(),
  product: productSummary,
  productId: z.string(),
  name: z.string(),
  brand: z.string(),
  priceWhenAdded: z.number(),
  price: z.number(),
  originalPrice: z.nullable(z.number()),
  /** Percent off the original price, rounded. */
  discount: z.number(),
  images: z.array(z.string()),
  addedAt: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItem>;

export const wishlist = z.object({
  _id: z.nullable(z.string()),
  name: z.string(),
  isPublic: z.boolean(),
  items: z.array(wishlistItem),
  total: z.number(),
  count: z.number(),
});
export type Wishlist = z.infer<typeof wishlist>;

export const cartResponse = successEnvelope(cart);
export const cartDetailsResponse = successEnvelope(cartDetails);
export const cartValidationResponse = successEnvelope(cartValidation);
export const discountInfoResponse = successEnvelope(discountInfo);
export const discountUsabilityResponse = successEnvelope(discountUsability);
export const wishlistResponse = successEnvelope(wishlist);
export const wishlistCountResponse = successEnvelope(z.object({ count: z.number() }));
export const wishlistCheckResponse = successEnvelope(z.object({ exists: z.boolean() }));
export const wishlistToggleResponse = successEnvelope(
  z.object({ action: z.enum(['added', 'removed']), wishlist }),
);
export const moveToCartResponse = successEnvelope(z.object({ cart, wishlist }));
