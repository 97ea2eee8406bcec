-- Settles a provider's payment against its order, exactly once however often it is told (verify,
-- success, webhooks, all at once), in one call and one transaction. The order row is locked first
-- and then the payment, as everywhere else that changes both.
--
-- Answers { outcome } and, when the payment was recorded now, its rows:
--   'unknown'  no payment (or order) for this provider order id
--   'already'  the payment was already paid or refunded: nothing changes
--   'taken'    the provider's payment id is already on another payment: nothing changes
--   'refund'   recorded as paid, but the order was cancelled meanwhile: the caller refunds it
--   'paid'     the payment and the order are paid; `mail` (if given) joins the mail outbox
-- with `order` (the orders row), `items` (its order_items by position) and `payment`.
CREATE FUNCTION "settle_payment"(
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
		'items', (SELECT jsonb_agg(to_jsonb(i) ORDER BY i."position") FROM "order_items" i WHERE i."order_id" = locked_order."id"),
		'payment', to_jsonb(paid_payment)
	);
END;
$$;
