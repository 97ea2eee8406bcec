-- place_cart_order(p jsonb): place_order for a cart read without a lock, in one statement. The
-- caller read the shopper's cart with its cart_stamp, found that it holds exactly the order's
-- lines and no discount code, and priced it. This takes the cart's lock (placements from one cart
-- take turns, as in the locking way) and places the order only if that reading still holds and
-- the shopper has no order awaiting its money (a cart has one payable order at a time); otherwise
-- it raises SH003 having taken nothing, and the caller places the cart the locking way, which
-- replaces an earlier order. Each check runs after the lock is granted, on what is committed then.
-- p: place_order's argument, plus 'cart_id', 'cart_stamp', and 'open_status' and 'awaiting' (the
-- order status and payment statuses of an order still awaiting its money, as the domain says).
-- Errors: SH003 the reading no longer holds; place_order's SH001 and SH002.
CREATE OR REPLACE FUNCTION "place_cart_order"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	cart uuid := (p->>'cart_id')::uuid;
	shopper uuid := (p->'order'->>'user_id')::uuid;
BEGIN
	PERFORM 1 FROM "carts" c
	WHERE c."id" = cart AND c."user_id" = shopper
		AND c."applied_coupon_id" IS NULL AND c."applied_voucher_id" IS NULL
	FOR UPDATE;
	IF NOT FOUND OR cart_stamp(cart) IS DISTINCT FROM p->'cart_stamp' THEN
		RAISE EXCEPTION USING ERRCODE = 'SH003', MESSAGE = 'the cart changed since it was read';
	END IF;
	IF EXISTS (
		SELECT 1 FROM "orders" o
		WHERE o."user_id" = shopper AND o."status" = p->>'open_status'
			AND o."payment_status" = ANY(ARRAY(SELECT jsonb_array_elements_text(p->'awaiting')))
	) THEN
		RAISE EXCEPTION USING ERRCODE = 'SH003', MESSAGE = 'an order of this cart awaits payment';
	END IF;
	RETURN place_order(p);
END;
$$;
