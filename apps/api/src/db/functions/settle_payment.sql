-- settle_payment(provider order id, provider payment id, method, user id or null): marks the
-- payment and its order paid and queues the confirmation mail, in one call. Answers the outcome:
-- 'unknown' (no such payment, or another shopper's), 'already' (paid before: order, lines and
-- payment), 'taken' (the provider's payment id pays another order), 'refund' (the order was
-- cancelled meanwhile: the payment is paid and must be refunded) or 'paid' (order, lines, payment).
CREATE OR REPLACE FUNCTION "settle_payment"(
	p_provider_order_id text,
	p_provider_payment_id text,
	p_method text,
	p_user_id uuid
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	locked_order "orders";
	locked_payment "payments";
	paid_payment "payments";
	order_lines jsonb;
BEGIN
	-- The order first, then its payment: the order every writer of both locks them in.
	SELECT o.* INTO locked_order FROM "orders" o
	WHERE o."id" = (SELECT p."order_id" FROM "payments" p WHERE p."provider_order_id" = p_provider_order_id)
	FOR UPDATE;
	IF NOT FOUND OR (p_user_id IS NOT NULL AND locked_order."user_id" <> p_user_id) THEN
		RETURN jsonb_build_object('outcome', 'unknown');
	END IF;
	SELECT * INTO locked_payment FROM "payments" WHERE "provider_order_id" = p_provider_order_id FOR UPDATE;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('outcome', 'unknown');
	END IF;
	IF locked_payment."status" IN ('paid', 'refunded') THEN
		SELECT coalesce(jsonb_agg(to_jsonb(i) ORDER BY i."position"), '[]'::jsonb) INTO order_lines
		FROM "order_items" i WHERE i."order_id" = locked_order."id";
		RETURN jsonb_build_object(
			'outcome', 'already',
			'order', to_jsonb(locked_order),
			'items', order_lines,
			'payment', to_jsonb(locked_payment)
		);
	END IF;

	-- A provider's payment pays one order: its id already on another payment is no payment here.
	UPDATE "payments" SET "status" = 'paid', "provider_payment_id" = p_provider_payment_id,
		"method" = p_method, "paid_at" = now(), "failure_reason" = NULL, "updated_at" = now()
	WHERE "id" = locked_payment."id"
		AND NOT EXISTS (SELECT 1 FROM "payments" q
			WHERE q."provider_payment_id" = p_provider_payment_id AND q."id" <> locked_payment."id")
	RETURNING * INTO paid_payment;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('outcome', 'taken');
	END IF;
	IF locked_order."status" = 'cancelled' THEN
		RETURN jsonb_build_object('outcome', 'refund', 'payment', to_jsonb(paid_payment));
	END IF;

	UPDATE "orders" SET "payment_status" = 'paid', "paid_at" = now(), "updated_at" = now()
	WHERE "id" = locked_order."id"
	RETURNING * INTO locked_order;
	SELECT coalesce(jsonb_agg(to_jsonb(i) ORDER BY i."position"), '[]'::jsonb) INTO order_lines
	FROM "order_items" i WHERE i."order_id" = locked_order."id";
	INSERT INTO "mail_outbox" ("template", "data")
	SELECT 'order_confirmation', jsonb_build_object(
		'recipient', jsonb_build_object('email', u."email", 'firstName', u."first_name"),
		'order', to_jsonb(locked_order),
		'items', order_lines
	)
	FROM "users" u WHERE u."id" = locked_order."user_id";
	RETURN jsonb_build_object(
		'outcome', 'paid',
		'order', to_jsonb(locked_order),
		'items', order_lines,
		'payment', to_jsonb(paid_payment)
	);
END;
$$;
