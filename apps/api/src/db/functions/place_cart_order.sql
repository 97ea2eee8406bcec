-- place_cart_order(p jsonb): place_order for a cart read without a lock, in one statement. The
-- caller read the shopper's cart with its cart_stamp, found that it holds exactly the order's
-- lines, read its discount codes with discount_reading (as they will stand once her unpaid order
-- is replaced), and priced it. This takes the cart's lock (placements from one cart take turns,
-- as in the locking way) and places the order only if those readings still hold; otherwise it
-- raises SH003 having taken nothing, and the caller places the cart the locking way.
-- A cart has one payable order at a time: an earlier order of the shopper still awaiting its
-- money is replaced here, as the locking way replaces it (cancelled with the reason given, its
-- stock and its discount codes' uses given back) before the new one takes its stock. Each check
-- runs after the lock is granted, on what is committed then.
-- p: place_order's argument, plus 'cart_id', 'cart_stamp', 'open_status' and 'awaiting' (the
-- order status and payment statuses of an order still awaiting its money, as the domain says),
-- 'replaced_status' and 'replaced_reason' (what a replaced order becomes, and why), and
-- 'discount_readings' (each of 'discount_ids' by id: its discount_reading as the caller read it),
-- and for cash on delivery 'cod_code_salt' (the salt the confirmation code is derived from, queued
-- with the order's data as the 'cod_code' mail to the shopper, which derives the code when it is
-- delivered: the code itself is never stored).
-- Answers place_order's answer plus 'restocked': the product ids whose stock came back.
-- Errors: SH003 the reading no longer holds; place_order's SH001 and SH002.
CREATE OR REPLACE FUNCTION "place_cart_order"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	cart uuid := (p->>'cart_id')::uuid;
	shopper uuid := (p->'order'->>'user_id')::uuid;
	codes uuid[] := ARRAY(SELECT jsonb_array_elements_text(coalesce(p->'discount_ids', '[]'::jsonb)))::uuid[];
	awaiting text[] := ARRAY(SELECT jsonb_array_elements_text(p->'awaiting'));
	applied uuid[];
	replaced uuid[];
	placed jsonb;
	restocked jsonb := '[]'::jsonb;
	line record;
	code record;
BEGIN
	SELECT array_remove(ARRAY[c."applied_coupon_id", c."applied_voucher_id"], NULL) INTO applied
	FROM "carts" c WHERE c."id" = cart AND c."user_id" = shopper
	FOR UPDATE;
	-- The cart holds the lines read, and exactly the codes the order was priced with.
	IF NOT FOUND OR cart_stamp(cart) IS DISTINCT FROM p->'cart_stamp'
		OR NOT (applied @> codes AND codes @> applied) THEN
		RAISE EXCEPTION USING ERRCODE = 'SH003', MESSAGE = 'the cart changed since it was read';
	END IF;
	SELECT coalesce(array_agg(unpaid."id"), '{}') INTO replaced FROM (
		SELECT o."id" FROM "orders" o
		WHERE o."user_id" = shopper AND o."status" = p->>'open_status'
			AND o."payment_status" = ANY(awaiting)
		ORDER BY o."id"
		FOR UPDATE
	) AS unpaid;
	IF cardinality(replaced) > 0 THEN
		-- Stock rows in the order every placement takes them (product, then colour and size
		-- byte-wise), so giving stock back cannot meet a placement holding them the other way.
		FOR line IN
			SELECT i."product_id", i."color_name", i."size", i."quantity" FROM "order_items" i
			WHERE i."order_id" = ANY(replaced)
			ORDER BY i."product_id", lower(i."color_name") COLLATE "C", lower(i."size") COLLATE "C"
		LOOP
			UPDATE "product_size_stock" s SET "stock" = s."stock" + line."quantity"
			FROM "product_colors" c
			WHERE s."color_id" = c."id" AND c."product_id" = line."product_id"
				AND lower(c."color_name") = lower(line."color_name")
				AND lower(s."size") = lower(line."size");
			restocked := restocked || to_jsonb(line."product_id"::text);
		END LOOP;
		-- Every code this statement writes, the replaced order's and the new order's, locked in
		-- one pass in id order, as every placement locks them.
		PERFORM 1 FROM "discounts" d
		WHERE d."id" = ANY(codes)
			OR d."id" IN (SELECT u."discount_id" FROM "discount_uses" u WHERE u."order_id" = ANY(replaced))
		ORDER BY d."id" FOR UPDATE;
		FOR code IN
			SELECT u."discount_id", count(*)::int AS uses FROM "discount_uses" u
			WHERE u."order_id" = ANY(replaced)
			GROUP BY u."discount_id" ORDER BY u."discount_id"
		LOOP
			UPDATE "discounts" SET "times_used" = greatest("times_used" - code.uses, 0)
			WHERE "id" = code."discount_id";
		END LOOP;
		DELETE FROM "discount_uses" WHERE "order_id" = ANY(replaced);
		UPDATE "orders" SET "status" = p->>'replaced_status', "cancelled_at" = now(),
			"cancel_reason" = p->>'replaced_reason', "updated_at" = now()
		WHERE "id" = ANY(replaced);
	END IF;
	IF cardinality(codes) > 0 THEN
		-- The codes in id order, as every placement locks them (held already when an order was
		-- replaced); then each is read again under the lock, the earlier order replaced (so
		-- nothing is left to subtract), and must decide as the reading the caller priced with.
		PERFORM 1 FROM "discounts" d WHERE d."id" = ANY(codes) ORDER BY d."id" FOR UPDATE;
		IF EXISTS (
			SELECT 1 FROM unnest(codes) AS code_id
			CROSS JOIN LATERAL (SELECT
				p->'discount_readings'->(code_id::text) AS was,
				discount_reading(code_id, shopper, p->>'open_status', '{}') AS now) r
			WHERE r.was IS NULL OR r.now IS NULL
				OR discount_reading_basis(r.was) IS DISTINCT FROM discount_reading_basis(r.now)
		) THEN
			RAISE EXCEPTION USING ERRCODE = 'SH003', MESSAGE = 'a discount code changed since it was read';
		END IF;
	END IF;
	placed := place_order(p);
	IF p->>'cod_code_salt' IS NOT NULL THEN
		-- Cash on delivery: nothing is left to pay online, so what was ordered leaves the cart
		-- now, and the code that confirms the order is mailed with it (as the salt it comes from).
		PERFORM ordered_lines_leave_cart((placed->'order'->>'id')::uuid, shopper);
		INSERT INTO "mail_outbox" ("template", "data")
		SELECT 'cod_code', jsonb_build_object(
			'recipient', jsonb_build_object('email', u."email", 'firstName', u."first_name"),
			'order', placed->'order', 'items', placed->'items',
			'code_salt', p->>'cod_code_salt')
		FROM "users" u WHERE u."id" = shopper;
	END IF;
	RETURN placed || jsonb_build_object('restocked', restocked);
END;
$$;
