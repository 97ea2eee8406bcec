// The back office's categories and subcategories: the one schema per input (create, change,
// reorder), shared by the screen and the routes, and the answers. zod/mini because the screen
// ships it to the browser.
import * as z from 'zod/mini';
import { HSN_PATTERN } from '@shop/domain/gst';
import { SLUG_PATTERN } from '@shop/domain/products';
import { optionalText, requiredText, successEnvelope } from './common-mini.ts';

export const categoryFormMessages = {
  name: 'Enter the name.',
  slug: 'A web address is lower-case letters and digits joined by hyphens, e.g. sleep-lingerie.',
  description: 'The description holds a character that cannot be stored.',
  image: 'Upload the picture again.',
  ids: 'List every item exactly once, in the new order.',
  hsn: 'The HSN code has 4, 6 or 8 digits.',
} as const;

const uuid = (message: string) => z.string().check(z.uuid({ error: message }));

/** A picture address: an upload (`/media/...`) or null for none. */
const imageAddress = z.nullable(
  z.string({ error: categoryFormMessages.image }).check(
    z.regex(/^\/media\/[A-Za-z0-9/_.-]+(\?[A-Za-z0-9=&]*)?$/, {
      error: categoryFormMessages.image,
    }),
    z.maxLength(300),
  ),
);

const slugField = z.optional(
  z.string({ error: categoryFormMessages.slug }).check(
    z.trim(),
    z.toLowerCase(),
    z.refine((value) => value === '' || SLUG_PATTERN.test(value), {
      error: categoryFormMessages.slug,
    }),
    z.maxLength(120),
  ),
);

/**
 * The HSN code a category's products are invoiced under when they have none of their own; ''
 * for none (then each product needs its own).
 */
const hsnField = z.optional(
  z.string({ error: categoryFormMessages.hsn }).check(
    z.trim(),
    z.refine((value) => value === '' || HSN_PATTERN.test(value), {
      error: categoryFormMessages.hsn,
    }),
  ),
);

/** A new subcategory: a name, and optionally its own web address and picture. */
export const subcategoryCreateInput = z.object({
  name: requiredText(categoryFormMessages.name, 80),
  slug: slugField,
  description: optionalText(categoryFormMessages.description, 1000, 'multiline'),
  image: z.optional(imageAddress),
});
export type SubcategoryCreateInput = z.infer<typeof subcategoryCreateInput>;

/** A new category: as a subcategory, and the HSN code its products default to. */
export const categoryCreateInput = z.extend(subcategoryCreateInput, { hsnCode: hsnField });
export type CategoryCreateInput = z.infer<typeof categoryCreateInput>;

/** A subcategory's change: any of rename, new address, picture, active flag. */
export const subcategoryPatchInput = z.object({
  name: z.optional(requiredText(categoryFormMessages.name, 80)),
  slug: slugField,
  description: z.optional(optionalText(categoryFormMessages.description, 1000, 'multiline')),
  image: z.optional(imageAddress),
  isActive: z.optional(z.boolean()),
});
export type SubcategoryPatchInput = z.infer<typeof subcategoryPatchInput>;

/** A category's change: as a subcategory's, and its default HSN code. */
export const categoryPatchInput = z.extend(subcategoryPatchInput, { hsnCode: hsnField });
export type CategoryPatchInput = z.infer<typeof categoryPatchInput>;

/** The new order: every sibling's id once. */
export const reorderInput = z.object({
  ids: z
    .array(uuid(categoryFormMessages.ids))
    .check(z.minLength(1, { error: categoryFormMessages.ids }), z.maxLength(500)),
});
export type ReorderInput = z.infer<typeof reorderInput>;

export const categoryIdParams = z.object({ id: uuid('Invalid category id') });
export const subcategoryIdParams = z.object({
  id: uuid('Invalid category id'),
  subId: uuid('Invalid subcategory id'),
});

export const adminSubcategory = z.object({
  id: z.string(),
  categoryId: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  position: z.number(),
  isActive: z.boolean(),
  activeProducts: z.number(),
});
export type AdminSubcategory = z.infer<typeof adminSubcategory>;

export const adminCategory = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.nullable(z.string()),
  position: z.number(),
  isActive: z.boolean(),
  hsnCode: z.string(),
  activeProducts: z.number(),
  subcategories: z.array(adminSubcategory),
});
export type AdminCategory = z.infer<typeof adminCategory>;

export const adminCategoryListResponse = successEnvelope(z.array(adminCategory));
export const adminCategoryResponse = successEnvelope(adminCategory);
export const adminSubcategoryResponse = successEnvelope(adminSubcategory);
