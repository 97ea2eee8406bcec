import {
  and,
  asc,
  eq,
  getTableColumns,
  isNotNull,
  lt,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { GUEST_CART_TTL_DAYS, MAX_UNITS_PER_SIZE } from '@shop/domain/cart';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { preparedStatements } from '../../db/prepared.ts';
import { cartItems, carts } from '../../db/schema.ts';
import { awaitingPaymentSql } from '../../db/order-conditions.ts';
import type { TodaysStock } from './product-facts.ts';

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

/** Whose cart: a signed-in shopper's, or a guest's keyed by her browser's session id. */
export type CartOwner = { userId: string } | { guestSessionId: string };

export interface NewCartLine {
  productId: string;
  colorName: string;
  colorHex: string;
  size: string;
  quantity: number;
  selectedImage: string;
  unitPricePaise: number;
}

/** A line's new quantity, and its new colour, size, picture or price where they change. */
export interface LineUpdate {
  id: string;
  quantity: number;
  colorName?: string;
  colorHex?: string;
  size?: string;
  selectedImage?: string;
  unitPricePaise?: number;
}

/** What one statement does to a cart's lines (`changeLines`). */
export interface LineChanges {
  remove?: string[];
  update?: LineUpdate[];
  /** Lines copied in from another cart; a line of the same product, colour and size wins. */
  insert?: CartItemRow[];
  /** Another cart deleted in the same statement (a guest cart merged into this one). */
  dropCart?: string;
}

/** A line as the JSON of a statement spells it (`lineJson`). */
type CartItemJson = Omit<CartItemRow, 'addedAt'> & { addedAt: string };

/** The JSON of cart line `i`, in CartItemRow's field names. */
const lineJson = (i: SQL) => sql`json_build_object(
    'id', ${i}.id, 'cartId', ${i}.cart_id, 'productId', ${i}.product_id,
    'colorName', ${i}.color_name, 'colorHex', ${i}.color_hex, 'size', ${i}.size,
    'quantity', ${i}.quantity, 'selectedImage', ${i}.selected_image,
    'unitPricePaise', ${i}.unit_price_paise, 'addedAt', ${i}.added_at
  )`;

const itemRow = (item: CartItemJson): CartItemRow => ({ ...item, addedAt: new Date(item.addedAt) });

/** A guest's cart by her session id (a value or a placeholder of a prepared query). */
function guestCondition(guestSessionId: string | Placeholder) {
  return and(
    eq(carts.guestSessionId, guestSessionId),
    // A guest cart untouched for GUEST_CART_TTL_DAYS is gone, even before the sweep deletes it.
    sql`${carts.updatedAt} > now() - make_interval(days => ${GUEST_CART_TTL_DAYS})`,
  )!;
}

function ownerCondition(owner: CartOwner) {
  return 'userId' in owner ? eq(carts.userId, owner.userId) : guestCondition(owner.guestSessionId);
}

/** Today's stock of the line's colour and size (colour names and sizes in any case). */
function stockOf(line: NewCartLine) {
  return sql`(select s.stock from product_size_stock s
      join product_colors c on c.id = s.color_id
      where c.product_id = ${line.productId} and lower(c.color_name) = lower(${line.colorName})
        and lower(s.size) = ${line.size})`;
}

/**
 * The upsert of a line whose rows come from `source` (a select giving the cart id first): adds
 * to the quantity of the same product, colour and size, and only while the combined quantity
 * stays within the stock as the database has it in this very statement, and within
 * MAX_UNITS_PER_SIZE (so two adds at once cannot pass it either).
 */
function upsertLine(line: NewCartLine, source: ReturnType<typeof sql>) {
  const allowed = sql`least(coalesce(${stockOf(line)}, 0), ${MAX_UNITS_PER_SIZE}::int)`;
  return sql`insert into cart_items
        (cart_id, product_id, color_name, color_hex, size, quantity, selected_image, unit_price_paise)
      ${source}
        and ${line.quantity}::int <= ${allowed}
      on conflict (cart_id, product_id, lower(color_name), size) do update
        set quantity = cart_items.quantity + excluded.quantity,
            selected_image = excluded.selected_image,
            color_hex = excluded.color_hex,
            unit_price_paise = excluded.unit_price_paise
        where cart_items.quantity + excluded.quantity <= ${allowed}
      returning *`;
}

const lineValues = (line: NewCartLine) =>
  sql`${line.productId}, ${line.colorName}, ${line.colorHex}, ${line.size},
      ${line.quantity}, ${line.selectedImage}, ${line.unitPricePaise}`;

/** The key of `heldByOpenOrders`: product, colour and size, case aside. */
export function heldKey(productId: string, colorName: string, size: string): string {
  return `${productId}|${colorName.toLowerCase()}|${size.toLowerCase()}`;
}

/** Units one product, colour and size has in a shopper's unpaid orders. */
interface HeldUnits {
  product_id: string;
  color: string;
  size: string;
  units: number;
}

/** The units a shopper's own orders awaiting payment hold (the shopper named by `userId`). */
const heldUnitsQuery = (userId: SQL) =>
  sql`select i.product_id, lower(i.color_name) as color, lower(i.size) as size,
        sum(i.quantity)::int as units
      from orders o join order_items i on i.order_id = o.id
      where o.user_id = ${userId} and ${awaitingPaymentSql('o')}
      group by 1, 2, 3`;

const heldMap = (rows: HeldUnits[]) =>
  new Map(rows.map((row) => [heldKey(row.product_id, row.color, row.size), row.units]));

export function createCartRepository(db: Database) {
  /** Empties a cart and drops its discounts: a guest cart found expired starts afresh. */
  async function startAfresh(tx: Executor, cartId: string) {
    await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
    await tx
      .update(carts)
      .set({ appliedCouponId: null, appliedVoucherId: null })
      .where(eq(carts.id, cartId));
  }

  async function findCart(tx: Executor, owner: CartOwner) {
    const [row] = await tx.select().from(carts).where(ownerCondition(owner));
    return row;
  }

  // Every cart call reads the cart with its lines: prepared once per owner kind.
  const cartWithLines = () =>
    db
      .select({
        cart: carts,
        items: sql<CartItemJson[]>`coalesce((
          select json_agg(${lineJson(sql`i`)} order by i.added_at, i.id)
          from cart_items i where i.cart_id = "carts"."id"), '[]'::json)`,
      })
      .from(carts);
  const loadByUser = cartWithLines()
    .where(eq(carts.userId, sql.placeholder('userId')))
    .prepare('cart_with_lines_by_user');
  const loadByGuest = cartWithLines()
    .where(guestCondition(sql.placeholder('guestSessionId')))
    .prepare('cart_with_lines_by_guest');

  /**
   * Empties the cart of `owner` (a placeholder condition) and drops its discounts in one
   * statement, marking it used now; answers the cart as it is afterwards. The cart row is locked
   * first, then its lines, in the order adding to a cart takes them.
   */
  const clearWhere = (owner: SQL, name: string) => {
    const cleared = db.$with('cleared').as(
      db
        .update(carts)
        .set({ appliedCouponId: null, appliedVoucherId: null, updatedAt: sql`now()` })
        .where(owner)
        .returning(),
    );
    const emptied = db
      .$with('emptied')
      .as(
        db
          .delete(cartItems)
          .where(sql`${cartItems.cartId} in (select ${cleared.id} from ${cleared})`),
      );
    return db.with(cleared, emptied).select().from(cleared).prepare(name);
  };
  const clearByUser = clearWhere(eq(carts.userId, sql.placeholder('userId')), 'clear_cart_by_user');
  const clearByGuest = clearWhere(
    guestCondition(sql.placeholder('guestSessionId')),
    'clear_cart_by_guest',
  );

  return {
    findCart,

    /**
     * The owner's cart, made on first use, marked as used now. A guest cart found expired
     * (GUEST_CART_TTL_DAYS untouched; reads already ignore it) is emptied first, so the guest
     * starts afresh.
     */
    async ensureCart(tx: Executor, owner: CartOwner): Promise<CartRow> {
      const guest = 'guestSessionId' in owner;
      const [row] = await tx
        .insert(carts)
        .values(guest ? { guestSessionId: owner.guestSessionId } : { userId: owner.userId })
        .onConflictDoUpdate({
          target: guest ? carts.guestSessionId : carts.userId,
          set: { updatedAt: sql`now()` },
        })
        // A subquery in RETURNING sees the table as it was before this statement.
        .returning({
          ...getTableColumns(carts),
          expired: sql<boolean>`coalesce((select c.updated_at < now() - make_interval(days => ${GUEST_CART_TTL_DAYS})
            from carts c where c.id = "carts"."id"), false)`,
        });
      const { expired, ...cart } = row!;
      if (guest && expired) await startAfresh(tx, cart.id);
      return cart;
    },

    /**
     * `ensureCart` and `addLine` in one statement, the common case of adding to a cart: answers
     * the cart and the line's new quantity (undefined when the stock does not allow it). A guest
     * cart found expired is emptied first and the line then added on its own.
     */
    async addToCart(
      owner: CartOwner,
      line: NewCartLine,
    ): Promise<{
      cart: CartRow;
      quantity: number | undefined;
      items?: CartItemRow[];
      /** Units the shopper's own unpaid orders hold (see heldByOpenOrders), read alongside. */
      held?: Map<string, number>;
      /** Every colour's stock of the cart's products, read by the same statement. */
      stock?: TodaysStock[];
    }> {
      const guest = 'guestSessionId' in owner;
      const ownerColumn = guest ? sql`guest_session_id` : sql`user_id`;
      const ownerValue = guest ? owner.guestSessionId : owner.userId;
      const [row] = await preparedStatements(db).rows<{
        id: string;
        user_id: string | null;
        guest_session_id: string | null;
        applied_coupon_id: string | null;
        applied_voucher_id: string | null;
        created_at: string | Date;
        updated_at: string | Date;
        expired: boolean;
        quantity: number | null;
        items: CartItemJson[];
        held: HeldUnits[];
        stock: TodaysStock[];
      }>(
        db,
        'add_to_cart',
        sql`with cart as (
              insert into carts (${ownerColumn}) values (${ownerValue})
              on conflict (${ownerColumn}) do update set updated_at = now()
              -- A subquery in RETURNING sees the table as it was before this statement.
              returning carts.*, ${guest}::boolean and coalesce((
                select c.updated_at < now() - make_interval(days => ${GUEST_CART_TTL_DAYS})
                from carts c where c.id = carts.id), false) as expired
            ),
            added as (${upsertLine(
              line,
              sql`select cart.id, ${lineValues(line)} from cart where not cart.expired`,
            )})
            -- The statement's snapshot holds the lines as they were: the added or grown line
            -- comes from RETURNING instead.
            select cart.*, (select quantity from added) as quantity,
              coalesce((select json_agg(h) from (${heldUnitsQuery(sql`cart.user_id`)}) h),
                '[]'::json) as held,
              coalesce((select json_agg(${lineJson(sql`i`)} order by i.added_at, i.id)
                from (select * from cart_items c
                        where c.cart_id = cart.id and c.id not in (select id from added)
                      union all select * from added) i), '[]'::json) as items,
              -- Today's stock of every colour of the cart's products: the cart is shown with it,
              -- without reading the products again after every order changed their stock.
              coalesce((select json_agg(json_build_object(
                  'productId', pc.product_id, 'colorName', pc.color_name,
                  'sizeStock', coalesce((select json_agg(json_build_object(
                      'size', s.size, 'stock', s.stock) order by s.position)
                    from product_size_stock s where s.color_id = pc.id), '[]'::json)))
                from product_colors pc
                where not cart.expired
                  and pc.product_id in (select c.product_id from cart_items c
                                          where c.cart_id = cart.id
                                        union all select product_id from added)), '[]'::json)
                as stock
            from cart`,
      );
      const cart: CartRow = {
        id: row!.id,
        userId: row!.user_id,
        guestSessionId: row!.guest_session_id,
        appliedCouponId: row!.applied_coupon_id,
        appliedVoucherId: row!.applied_voucher_id,
        createdAt: new Date(row!.created_at),
        updatedAt: new Date(row!.updated_at),
      };
      if (!row!.expired) {
        const items = row!.items.map(itemRow);
        return {
          cart,
          quantity: row!.quantity ?? undefined,
          items,
          held: heldMap(row!.held),
          stock: row!.stock,
        };
      }
      await startAfresh(db, cart.id);
      return { cart, quantity: await this.addLine(db, cart.id, line) };
    },

    /** The owner's cart and its lines, oldest first, in one round trip. */
    async loadCart(owner: CartOwner) {
      const [row] =
        'userId' in owner
          ? await loadByUser.execute({ userId: owner.userId })
          : await loadByGuest.execute({ guestSessionId: owner.guestSessionId });
      if (!row) return undefined;
      return { cart: row.cart, items: row.items.map(itemRow) };
    },

    /**
     * Empties the owner's cart and drops its applied discounts in one statement; answers the
     * emptied cart, or undefined when the owner has none.
     */
    async clearCart(owner: CartOwner): Promise<CartRow | undefined> {
      const [row] =
        'userId' in owner
          ? await clearByUser.execute({ userId: owner.userId })
          : await clearByGuest.execute({ guestSessionId: owner.guestSessionId });
      return row;
    },

    /**
     * Removes, changes and copies in lines of one cart, deletes another cart (`dropCart`) and
     * marks this one used now, all in one statement: no transaction is held open across round
     * trips. The cart to drop is locked first, then this cart's row, then its lines, in the order
     * adding to a cart takes them. Answers the cart and its lines as they are afterwards, or
     * undefined when the cart is gone or the cart to drop was gone already (nothing changed).
     */
    async changeLines(
      cartId: string,
      changes: LineChanges,
    ): Promise<{ cart: CartRow; items: CartItemRow[] } | undefined> {
      const update = (changes.update ?? []).map((line) => ({
        id: line.id,
        quantity: line.quantity,
        color_name: line.colorName ?? null,
        color_hex: line.colorHex ?? null,
        size: line.size ?? null,
        selected_image: line.selectedImage ?? null,
        unit_price_paise: line.unitPricePaise ?? null,
      }));
      const insert = (changes.insert ?? []).map((line) => ({
        product_id: line.productId,
        color_name: line.colorName,
        color_hex: line.colorHex,
        size: line.size,
        quantity: line.quantity,
        selected_image: line.selectedImage,
        unit_price_paise: line.unitPricePaise,
        added_at: line.addedAt.toISOString(),
      }));
      const [row] = await queryRows<{
        cart: Omit<CartRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
        items: CartItemJson[];
      }>(
        db,
        sql`with dropped as (
              delete from carts where id = ${changes.dropCart ?? null}::uuid returning id
            ),
            -- A cart to drop that is gone already (a merge of the same guest cart that came
            -- first) leaves this one as it is: its lines were moved once.
            touched as (
              update carts set updated_at = now()
              where id = ${cartId}::uuid
                and (${changes.dropCart ?? null}::uuid is null or exists (select 1 from dropped))
              returning *
            ),
            gone as (
              delete from cart_items
              where cart_id = (select id from touched)
                and id in (select value::uuid
                           from jsonb_array_elements_text(${JSON.stringify(changes.remove ?? [])}::jsonb))
              returning id
            ),
            changed as (
              update cart_items i set
                quantity = u.quantity,
                color_name = coalesce(u.color_name, i.color_name),
                color_hex = coalesce(u.color_hex, i.color_hex),
                size = coalesce(u.size, i.size),
                selected_image = coalesce(u.selected_image, i.selected_image),
                unit_price_paise = coalesce(u.unit_price_paise, i.unit_price_paise)
              from jsonb_to_recordset(${JSON.stringify(update)}::jsonb) as u(
                id uuid, quantity int, color_name text, color_hex text, size text,
                selected_image text, unit_price_paise int)
              where i.cart_id = (select id from touched) and i.id = u.id
              returning i.*
            ),
            added as (
              insert into cart_items (cart_id, product_id, color_name, color_hex, size, quantity,
                selected_image, unit_price_paise, added_at)
              select (select id from touched), n.product_id, n.color_name, n.color_hex, n.size,
                n.quantity, n.selected_image, n.unit_price_paise, n.added_at
              from jsonb_to_recordset(${JSON.stringify(insert)}::jsonb) as n(
                product_id uuid, color_name text, color_hex text, size text, quantity int,
                selected_image text, unit_price_paise int, added_at timestamptz)
              where exists (select 1 from touched)
              on conflict do nothing
              returning *
            )
            -- The statement's snapshot holds the lines as they were: changed and added lines
            -- come from RETURNING instead, and removed ones are left out.
            select json_build_object(
                'id', t.id, 'userId', t.user_id, 'guestSessionId', t.guest_session_id,
                'appliedCouponId', t.applied_coupon_id, 'appliedVoucherId', t.applied_voucher_id,
                'createdAt', t.created_at, 'updatedAt', t.updated_at) as cart,
              coalesce((select json_agg(${lineJson(sql`i`)} order by i.added_at, i.id)
                from (select * from cart_items c
                        where c.cart_id = t.id
                          and c.id not in (select id from gone)
                          and c.id not in (select id from changed)
                      union all select * from changed
                      union all select * from added) i), '[]'::json) as items
            from touched t`,
      );
      if (!row) return undefined;
      return {
        cart: {
          ...row.cart,
          createdAt: new Date(row.cart.createdAt),
          updatedAt: new Date(row.cart.updatedAt),
        },
        items: row.items.map(itemRow),
      };
    },

    async items(tx: Executor, cartId: string) {
      return tx
        .select()
        .from(cartItems)
        .where(eq(cartItems.cartId, cartId))
        .orderBy(asc(cartItems.addedAt), asc(cartItems.id));
    },

    async findItem(tx: Executor, cartId: string, itemId: string) {
      const [row] = await tx
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)));
      return row;
    },

    /**
     * Adds a line, or adds to the quantity of the same product, colour and size. The combined
     * quantity must stay within the stock of that colour and size as the database has it at
     * this moment: the stock is read inside the same statement that writes, so no cached copy
     * and no concurrent add can slip past it. Answers the line's new quantity, or undefined when
     * the stock does not allow it.
     */
    async addLine(tx: Executor, cartId: string, line: NewCartLine): Promise<number | undefined> {
      const rows = await queryRows<{ quantity: number }>(
        tx,
        upsertLine(line, sql`select ${cartId}::uuid, ${lineValues(line)} where true`),
      );
      return rows[0]?.quantity;
    },

    async setDiscounts(
      tx: Executor,
      cartId: string,
      discounts: { appliedCouponId?: string | null; appliedVoucherId?: string | null },
    ) {
      await tx
        .update(carts)
        .set({ ...discounts, updatedAt: sql`now()` })
        .where(eq(carts.id, cartId));
    },

    async deleteCart(tx: Executor, cartId: string) {
      await tx.delete(carts).where(eq(carts.id, cartId));
    },

    /**
     * Deletes a guest cart that holds no line (an add the stock refused made it): a guest cart is
     * kept only once something is in it. The row is locked first, so an add to the same cart at
     * the same moment either lands first (and the cart stays) or waits and makes the cart anew.
     */
    async deleteGuestCartIfEmpty(cartId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for('update');
        await tx
          .delete(carts)
          .where(
            and(
              eq(carts.id, cartId),
              isNotNull(carts.guestSessionId),
              sql`not exists (select 1 from cart_items i where i.cart_id = ${cartId})`,
            ),
          );
      });
    },

    /** Deletes guest carts untouched for GUEST_CART_TTL_DAYS; answers how many went. */
    /**
     * Units the shopper's own orders awaiting payment hold, by product, colour and size (keyed
     * by `heldKey`). Placing her cart again replaces such an order, so to her they are in stock.
     */
    async heldByOpenOrders(userId: string): Promise<Map<string, number>> {
      const rows = await queryRows<HeldUnits>(db, heldUnitsQuery(sql`${userId}`));
      return heldMap(rows);
    },

    async deleteExpiredGuestCarts(): Promise<number> {
      const rows = await db
        .delete(carts)
        .where(
          and(
            sql`${carts.guestSessionId} is not null`,
            lt(carts.updatedAt, sql`now() - make_interval(days => ${GUEST_CART_TTL_DAYS})`),
          ),
        )
        .returning({ id: carts.id });
      return rows.length;
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
