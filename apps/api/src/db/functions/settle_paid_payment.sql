-- settle_paid_payment(p jsonb): a provider's payment marks its order paid, in one statement. The
-- payment and the order are written paid, what the order bought leaves the shopper's cart, and
-- the confirmation mail is queued, written from the order as it is now paid.
-- The caller decided, by the shop's rules, that this payment pays the order, from the order and
-- payment as it saw them ('seen'). This locks the order and then its payment (the order every
-- writer of both keeps, so two settlements of one order take turns without a deadlock) and writes
-- only if that reading still holds once the locks are granted: the order's status and payment
-- status, the payment's status and provider payment id, and the provider's payment id on no other
-- payment. Otherwise it raises SH004 having written nothing, and the caller settles the locking
-- way, which decides again on the locked rows. Called inside a transaction that holds both locks
-- already, on rows it read under them, the reading holds but for the provider's payment id, which
-- another payment may have taken since (the caller answers that SH004 as the payment id taken).
-- p: 'order_id', 'payment_id', 'provider_payment_id', 'method' (or null), 'amount_paise' (what
-- was captured); 'seen': 'order_status', 'order_payment_status', 'payment_status',
-- 'provider_payment_id' (or null); 'paid': 'payment_status' and 'order_payment_status' to write.
-- Answers 'payment', 'order' (each row by column name) and 'items' (the order's lines by position).
-- Errors: SH004 the reading no longer holds; 23505 the payment id was committed on another
-- payment meanwhile.
CREATE OR REPLACE FUNCTION "settle_paid_payment"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	seen jsonb := p->'seen';
	paid_order "orders"%ROWTYPE;
	paid_payment "payments"%ROWTYPE;
	lines jsonb;
BEGIN
	SELECT * INTO paid_order FROM "orders" o WHERE o."id" = (p->>'order_id')::uuid FOR UPDATE;
	SELECT * INTO paid_payment FROM "payments" pay
	WHERE pay."id" = (p->>'payment_id')::uuid AND pay."order_id" = paid_order."id"
	FOR UPDATE;
	IF paid_payment."id" IS NULL
		OR paid_order."status" IS DISTINCT FROM seen->>'order_status'
		OR paid_order."payment_status" IS DISTINCT FROM seen->>'order_payment_status'
		OR paid_payment."status" IS DISTINCT FROM seen->>'payment_status'
		OR paid_payment."provider_payment_id" IS DISTINCT FROM seen->>'provider_payment_id'
		OR EXISTS (
			SELECT 1 FROM "payments" other
			WHERE other."provider_payment_id" = p->>'provider_payment_id'
				AND other."id" <> paid_payment."id"
		)
	THEN
		RAISE EXCEPTION USING ERRCODE = 'SH004',
			MESSAGE = 'the payment or its order changed since it was read';
	END IF;

	UPDATE "payments" SET "status" = p->'paid'->>'payment_status',
		"provider_payment_id" = p->>'provider_payment_id', "method" = p->>'method',
		"paid_at" = now(), "failure_reason" = NULL, "amount_paise" = (p->>'amount_paise')::int,
		"updated_at" = now()
	WHERE "id" = paid_payment."id"
	RETURNING * INTO paid_payment;
	UPDATE "orders" SET "payment_status" = p->'paid'->>'order_payment_status', "paid_at" = now(),
		"updated_at" = now()
	WHERE "id" = paid_order."id"
	RETURNING * INTO paid_order;

	PERFORM ordered_lines_leave_cart(paid_order."id", paid_order."user_id");

	SELECT coalesce(jsonb_agg(to_jsonb(i) ORDER BY i."position"), '[]'::jsonb) INTO lines
	FROM "order_items" i WHERE i."order_id" = paid_order."id";
	INSERT INTO "mail_outbox" ("template", "data")
	SELECT 'order_confirmation', jsonb_build_object(
		'recipient', jsonb_build_object('email', u."email", 'firstName', u."first_name"),
		'order', to_jsonb(paid_order), 'items', lines)
	FROM "users" u WHERE u."id" = paid_order."user_id";

	RETURN jsonb_build_object('payment', to_jsonb(paid_payment), 'order', to_jsonb(paid_order),
		'items', lines);
END;
$$;
