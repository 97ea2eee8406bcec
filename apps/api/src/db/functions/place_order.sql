-- place_order(p jsonb): takes the stock of every line (refusing a line short of stock or at a
-- changed price), inserts the order and its lines, counts the uses of the discounts it was priced
-- with, and answers the order and its lines; in one call. The caller has already, in the same
-- transaction, locked the shopper's cart and the discounts' rows and checked the discounts with
-- the domain's rules: nothing here decides whether a discount applies.
-- Errors: SH001 stock short (DETAIL: the line's position), SH002 price changed.
CREATE OR REPLACE FUNCTION "place_order"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	line jsonb;
	charged integer;
	shopper uuid := (p->'order'->>'user_id')::uuid;
	discount_ids uuid[] := ARRAY(SELECT jsonb_array_elements_text(coalesce(p->'discount_ids', '[]'::jsonb)))::uuid[];
	placed "orders";
	placed_items jsonb;
BEGIN
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

	INSERT INTO "orders" ("order_number", "user_id", "subtotal_paise", "discount_paise", "total_paise",
		"discount_id", "discount_code", "discounts", "notes", "shipping_address", "billing_address",
		"idempotency_key", "request_hash", "payment_due_at", "payment_method", "payment_status",
		"cod_fee_paise", "cod_code_hash")
	SELECT r."order_number", r."user_id", r."subtotal_paise", coalesce(r."discount_paise", 0), r."total_paise",
		r."discount_id", r."discount_code", coalesce(r."discounts", '[]'::jsonb), coalesce(r."notes", ''), r."shipping_address", r."billing_address",
		r."idempotency_key", r."request_hash", r."payment_due_at", coalesce(r."payment_method", 'razorpay'),
		coalesce(r."payment_status", 'pending'), coalesce(r."cod_fee_paise", 0), r."cod_code_hash"
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
