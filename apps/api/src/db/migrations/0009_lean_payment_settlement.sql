-- settle_payment as in 0007, without the order's lines in its answer: they never change after an
-- order is placed, and every caller has read them already (the confirmation mail is made from them).
-- Answers { outcome } and, when the payment was recorded now, `order` (the orders row) and `payment`.
CREATE OR REPLACE FUNCTION "settle_payment"(
	p_provider_order_id text,
	p_provider_payment_id text,
	p_method text,
	p_mail jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	found_payment "payments";
	locked_order "orders";
	locked_payment "payments";
	paid_payment "payments";
BEGIN
	SELECT * INTO found_payment FROM "payments" WHERE "provider_order_id" = p_provider_order_id;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('outcome', 'unknown');
	END IF;
	SELECT * INTO locked_order FROM "orders" WHERE "id" = found_payment."order_id" FOR UPDATE;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('outcome', 'unknown');
	END IF;
	SELECT * INTO locked_payment FROM "payments" WHERE "provider_order_id" = p_provider_order_id FOR UPDATE;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('outcome', 'unknown');
	END IF;
	IF locked_payment."status" IN ('paid', 'refunded') THEN
		RETURN jsonb_build_object('outcome', 'already');
	END IF;
	-- A provider's payment pays one order: its id already on another payment is no payment here.
	IF EXISTS (SELECT 1 FROM "payments" WHERE "provider_payment_id" = p_provider_payment_id AND "id" <> locked_payment."id") THEN
		RETURN jsonb_build_object('outcome', 'taken');
	END IF;

	UPDATE "payments" SET "status" = 'paid', "provider_payment_id" = p_provider_payment_id,
		"method" = p_method, "paid_at" = now(), "failure_reason" = NULL, "updated_at" = now()
	WHERE "id" = locked_payment."id"
	RETURNING * INTO paid_payment;
	IF locked_order."status" = 'cancelled' THEN
		RETURN jsonb_build_object('outcome', 'refund');
	END IF;

	UPDATE "orders" SET "payment_status" = 'paid', "paid_at" = now(), "updated_at" = now()
	WHERE "id" = locked_order."id"
	RETURNING * INTO locked_order;
	IF p_mail IS NOT NULL THEN
		INSERT INTO "mail_outbox" ("recipient", "subject", "text", "html")
		VALUES (p_mail->>'recipient', p_mail->>'subject', p_mail->>'text', p_mail->>'html');
	END IF;
	RETURN jsonb_build_object(
		'outcome', 'paid',
		'order', to_jsonb(locked_order),
		'payment', to_jsonb(paid_payment)
	);
END;
$$;
