/**
 * How the back office writes a product's colours, their photos and their sizes' stock: a new
 * product's in a few statements, an existing one's colour by colour, keeping the rows (and the
 * stock orders took meanwhile) of what the form left as it was.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { productColorImages, productColors, productSizeStock } from '../../db/schema.ts';

export interface ColorWrite {
  id: string | undefined;
  colorName: string;
  colorHex: string;
  photos: { mediaId: string | null; url: string; alt: string; focalX: number; focalY: number }[];
  sizeStock: { size: string; stock: number; stockWas?: number | null | undefined }[];
}

/** A colour's photos as rows, in their order. */
function photoRows(
  colorId: string,
  photos: { url: string; alt: string; mediaId: string | null; focalX: number; focalY: number }[],
) {
  return photos.map((photo, position) => ({
    colorId,
    url: photo.url,
    alt: photo.alt,
    mediaId: photo.mediaId,
    focalX: photo.focalX,
    focalY: photo.focalY,
    position,
  }));
}

/**
 * The colours of a product that has none yet (a new one): colours, photos and sizes in three
 * statements whatever their number, the colours' ids chosen here so each photo and size names
 * its colour without reading the colours back.
 */
async function insertColors(tx: Executor, productId: string, colors: ColorWrite[]) {
  const withIds = colors.map((color) => ({ ...color, id: randomUUID() }));
  await tx.insert(productColors).values(
    withIds.map((color, position) => ({
      id: color.id,
      productId,
      colorName: color.colorName,
      colorHex: color.colorHex,
      position,
    })),
  );
  const photos = withIds.flatMap((color) => photoRows(color.id, color.photos));
  if (photos.length > 0) await tx.insert(productColorImages).values(photos);
  await tx.insert(productSizeStock).values(
    withIds.flatMap((color) =>
      color.sizeStock.map((entry, position) => ({
        colorId: color.id,
        size: entry.size,
        stock: entry.stock,
        position,
      })),
    ),
  );
}

/**
 * Makes the product's colours, photos and sizes those given, in order. A colour sent with its
 * id keeps it; a size keeps its row (matched in any case, as the unique key does). A size
 * whose stock was left as the form showed it keeps the stock it has now: orders taken while
 * the form was open are not undone.
 */
export async function writeColors(
  tx: Executor,
  productId: string,
  colors: ColorWrite[],
): Promise<void> {
  const existing = await queryRows<{ id: string }>(
    tx,
    sql`select id from product_colors where product_id = ${productId}::uuid`,
  );
  if (existing.length === 0) {
    await insertColors(tx, productId, colors);
    return;
  }
  const existingIds = new Set(existing.map((row) => row.id));
  const kept = colors.flatMap((color) => (color.id && existingIds.has(color.id) ? [color.id] : []));
  await tx
    .delete(productColors)
    .where(
      kept.length > 0
        ? and(eq(productColors.productId, productId), notInArray(productColors.id, kept))
        : eq(productColors.productId, productId),
    );
  // Names are unique per product in any case: park the kept colours' names first, so two
  // colours may swap names in one save.
  if (kept.length > 0) {
    await tx
      .update(productColors)
      .set({ colorName: sql`'~' || ${productColors.id}::text` })
      .where(inArray(productColors.id, kept));
  }
  for (const [position, color] of colors.entries()) {
    let colorId: string;
    if (color.id && existingIds.has(color.id)) {
      colorId = color.id;
      await tx
        .update(productColors)
        .set({ colorName: color.colorName, colorHex: color.colorHex, position })
        .where(eq(productColors.id, colorId));
    } else {
      const [row] = await tx
        .insert(productColors)
        .values({ productId, colorName: color.colorName, colorHex: color.colorHex, position })
        .returning({ id: productColors.id });
      colorId = row!.id;
    }
    const isNew = colorId !== color.id;
    if (!isNew) {
      await tx.delete(productColorImages).where(eq(productColorImages.colorId, colorId));
    }
    if (color.photos.length > 0) {
      await tx.insert(productColorImages).values(photoRows(colorId, color.photos));
    }
    if (isNew) {
      // A new colour has no sizes yet: all of them in one statement (a product saved with
      // many colours and sizes, as the seed and an import do, costs one insert a colour).
      await tx.insert(productSizeStock).values(
        color.sizeStock.map((entry, sizePosition) => ({
          colorId,
          size: entry.size,
          stock: entry.stock,
          position: sizePosition,
        })),
      );
      continue;
    }
    const sizes = await queryRows<{ id: string; key: string }>(
      tx,
      sql`select id, lower(size) as key from product_size_stock where color_id = ${colorId}::uuid`,
    );
    const sizeIds = new Map(sizes.map((row) => [row.key, row.id]));
    const wanted = new Set(color.sizeStock.map((entry) => entry.size.toLowerCase()));
    const gone = sizes.filter((row) => !wanted.has(row.key)).map((row) => row.id);
    if (gone.length > 0)
      await tx.delete(productSizeStock).where(inArray(productSizeStock.id, gone));
    for (const [sizePosition, entry] of color.sizeStock.entries()) {
      const sizeId = sizeIds.get(entry.size.toLowerCase());
      if (!sizeId) {
        await tx
          .insert(productSizeStock)
          .values({ colorId, size: entry.size, stock: entry.stock, position: sizePosition });
        continue;
      }
      const unchanged = entry.stockWas !== undefined && entry.stockWas === entry.stock;
      await tx
        .update(productSizeStock)
        .set(
          unchanged
            ? { size: entry.size, position: sizePosition }
            : { size: entry.size, position: sizePosition, stock: entry.stock },
        )
        .where(eq(productSizeStock.id, sizeId));
    }
  }
}
