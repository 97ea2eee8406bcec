-- ordered_lines_leave_cart(order_id uuid, user_id uuid): what an order bought leaves its shopper's
-- cart, whichever tab or device it was paid from: each product, colour and size (colour and size
-- in any case) loses the units ordered, and a line with no units left goes; lines added since
-- stay. The lines that go are deleted first, so a line lowered here is never looked at twice.
-- PL/pgSQL rather than SQL: it keeps each statement's plan for the session, where a SQL function
-- of two statements is planned again on every call.
CREATE OR REPLACE FUNCTION "ordered_lines_leave_cart"(order_id uuid, user_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	WITH ordered AS (
		SELECT i."product_id", lower(i."color_name") AS color, lower(i."size") AS size,
			sum(i."quantity")::int AS units
		FROM "order_items" i WHERE i."order_id" = ordered_lines_leave_cart.order_id
		GROUP BY 1, 2, 3
	)
	DELETE FROM "cart_items" i USING ordered o, "carts" c
	WHERE c."user_id" = ordered_lines_leave_cart.user_id AND i."cart_id" = c."id"
		AND i."product_id" = o."product_id" AND lower(i."color_name") = o.color
		AND lower(i."size") = o.size AND i."quantity" <= o.units;

	WITH ordered AS (
		SELECT i."product_id", lower(i."color_name") AS color, lower(i."size") AS size,
			sum(i."quantity")::int AS units
		FROM "order_items" i WHERE i."order_id" = ordered_lines_leave_cart.order_id
		GROUP BY 1, 2, 3
	)
	UPDATE "cart_items" i SET "quantity" = i."quantity" - o.units
	FROM ordered o, "carts" c
	WHERE c."user_id" = ordered_lines_leave_cart.user_id AND i."cart_id" = c."id"
		AND i."product_id" = o."product_id" AND lower(i."color_name") = o.color
		AND lower(i."size") = o.size AND i."quantity" > o.units;
END;
$$;
