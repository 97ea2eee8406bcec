-- place_order(p jsonb): takes the stock of every line (refusing a line short of stock or at a
-- changed price), counts the uses of the cart's discounts under their row locks, inserts the order
-- and its lines, and answers them; in one call, so no transaction stays open between round trips.
-- When the order was priced with discounts other than those applied to the shopper's cart, it
-- writes nothing and answers the cart's discounts, each with the shopper's uses of it.
-- Errors: SH001 stock short (DETAIL: the line's position), SH002 price or discount changed.
CREATE OR REPLACE FUNCTION "place_order"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	line jsonb;
	charged integer;
	discount record;
	shopper uuid := (p->'order'->>'user_id')::uuid;
	discount_ids uuid[] := ARRAY(SELECT jsonb_array_elements_text(coalesce(p->'discount_ids', '[]'::jsonb)))::uuid[];
	locked_discounts integer := 0;
	uses_by_shopper integer;
	placed "orders";
	placed_items jsonb;
	applied uuid[];
BEGIN
	-- The order is priced with the discounts applied to the shopper's cart. The caller passes the
	-- ones it priced with (none, the first time: most orders have none); when they are not the
	-- cart's, nothing is written and the cart's discounts come back, each with the shopper's uses
	-- of it, to be priced with.
	SELECT ARRAY(
		SELECT d FROM unnest(ARRAY[c."applied_coupon_id", c."applied_voucher_id"]) d
		WHERE d IS NOT NULL ORDER BY d
	) INTO applied
	FROM "carts" c WHERE c."user_id" = shopper;
	applied := coalesce(applied, '{}');
	IF applied <> ARRAY(SELECT d FROM unnest(discount_ids) d ORDER BY d) THEN
		RETURN jsonb_build_object('discounts', coalesce((
			SELECT jsonb_agg(jsonb_build_object(
				'discount', to_jsonb(x),
				'uses_by_shopper', (SELECT count(*) FROM "discount_uses" u
					WHERE u."discount_id" = x."id" AND u."user_id" = shopper)
			) ORDER BY x."id")
			FROM "discounts" x WHERE x."id" = ANY(applied)
		), '[]'::jsonb));
	END IF;

	FOR line IN
		SELECT value FROM jsonb_array_elements(p->'items')
		ORDER BY value->>'product_id', lower(value->>'color_name') COLLATE "C", lower(value->>'size') COLLATE "C"
	LOOP
		UPDATE "product_size_stock" s SET "stock" = s."stock" - (line->>'quantity')::integer
		FROM "product_colors" c, "products" pr
		WHERE s."color_id" = c."id" AND c."product_id" = pr."id" AND pr."id" = (line->>'product_id')::uuid
			AND pr."is_active"
			AND lower(c."color_name") = lower(line->>'color_name') AND lower(s."size") = lower(line->>'size')
			AND s."stock" >= (line->>'quantity')::integer
		RETURNING pr."price_paise" INTO charged;
		IF NOT FOUND THEN
			RAISE EXCEPTION USING ERRCODE = 'SH001', MESSAGE = 'stock short', DETAIL = line->>'position';
		END IF;
		IF charged <> (line->>'price_paise')::integer THEN
			RAISE EXCEPTION USING ERRCODE = 'SH002', MESSAGE = 'price changed';
		END IF;
	END LOOP;

	-- Each discount locked, so concurrent orders count its uses one at a time (most orders have
	-- none: then nothing here runs).
	IF cardinality(discount_ids) > 0 THEN
		FOR discount IN
			SELECT d."id", d."is_active", d."starts_at", d."expires_at", d."times_used", d."usage_limit",
				d."per_user_limit"
			FROM "discounts" d
			WHERE d."id" = ANY(discount_ids) ORDER BY d."id" FOR UPDATE
		LOOP
			locked_discounts := locked_discounts + 1;
			SELECT count(*) INTO uses_by_shopper FROM "discount_uses" u
			WHERE u."discount_id" = discount."id" AND u."user_id" = shopper;
			IF NOT discount."is_active"
				OR (discount."starts_at" IS NOT NULL AND now() < discount."starts_at")
				OR (discount."expires_at" IS NOT NULL AND now() >= discount."expires_at")
				OR (discount."usage_limit" IS NOT NULL AND discount."times_used" >= discount."usage_limit")
				OR (discount."per_user_limit" IS NOT NULL AND uses_by_shopper >= discount."per_user_limit") THEN
				RAISE EXCEPTION USING ERRCODE = 'SH002', MESSAGE = 'discount limit reached';
			END IF;
		END LOOP;
		IF locked_discounts <> coalesce(array_length(discount_ids, 1), 0) THEN
			RAISE EXCEPTION USING ERRCODE = 'SH002', MESSAGE = 'discount gone';
		END IF;
	END IF;

	INSERT INTO "orders" ("order_number", "user_id", "subtotal_paise", "discount_paise", "total_paise",
		"discount_id", "discount_code", "notes", "shipping_address", "billing_address",
		"idempotency_key", "request_hash", "payment_due_at")
	SELECT r."order_number", r."user_id", r."subtotal_paise", coalesce(r."discount_paise", 0), r."total_paise",
		r."discount_id", r."discount_code", coalesce(r."notes", ''), r."shipping_address", r."billing_address",
		r."idempotency_key", r."request_hash", r."payment_due_at"
	FROM jsonb_populate_record(NULL::"orders", p->'order') r
	RETURNING * INTO placed;

	-- The lines as inserted are the answer's: no second read of them.
	WITH inserted AS (
		INSERT INTO "order_items" ("order_id", "product_id", "product_name", "product_image", "color_name",
			"color_hex", "size", "quantity", "price_paise", "item_total_paise", "category_slug",
			"subcategory_slug", "position")
		SELECT placed."id", r."product_id", r."product_name", r."product_image", r."color_name",
			r."color_hex", r."size", r."quantity", r."price_paise", r."item_total_paise", r."category_slug",
			r."subcategory_slug", coalesce(r."position", 0)
		FROM jsonb_populate_recordset(NULL::"order_items", p->'items') r
		RETURNING *
	)
	SELECT jsonb_agg(to_jsonb(inserted) ORDER BY inserted."position") INTO placed_items FROM inserted;

	IF cardinality(discount_ids) > 0 THEN
		INSERT INTO "discount_uses" ("discount_id", "user_id", "order_id")
		SELECT id, shopper, placed."id" FROM unnest(discount_ids) AS id;
		UPDATE "discounts" SET "times_used" = "times_used" + 1 WHERE "id" = ANY(discount_ids);
	END IF;
	IF p->'notice' IS NOT NULL AND jsonb_typeof(p->'notice') = 'object' THEN
		PERFORM pg_notify(p->'notice'->>'channel', p->'notice'->>'payload');
	END IF;

	RETURN jsonb_build_object('order', to_jsonb(placed), 'items', placed_items);
END;
$$;
