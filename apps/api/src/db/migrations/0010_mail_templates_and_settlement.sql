ALTER TABLE "mail_outbox" ALTER COLUMN "recipient" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_content_check" CHECK (("mail_outbox"."template" is not null and "mail_outbox"."data" is not null) or ("mail_outbox"."recipient" is not null and "mail_outbox"."subject" is not null and "mail_outbox"."text" is not null and "mail_outbox"."html" is not null));--> statement-breakpoint
-- settle_payment: everything a verification or a webhook needs, in one call. It locks the order
-- and then the payment, marks both paid once, and queues the confirmation mail as its template and
-- data (the server writes the mail when it delivers it), so the caller reads nothing first.
-- p_user_id: the shopper verifying (NULL for the provider's webhook); another shopper's order is
-- 'unknown'. Answers { outcome } and, except for 'unknown' and 'taken', `payment`; with 'paid'
-- and 'already' also `order` (the orders row) and `items` (its lines by position).
DROP FUNCTION "settle_payment"(text, text, text, jsonb);--> statement-breakpoint
CREATE FUNCTION "settle_payment"(
	p_provider_order_id text,
	p_provider_payment_id text,
	p_method text,
	p_user_id uuid
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	found_payment "payments";
	locked_order "orders";
	locked_payment "payments";
	paid_payment "payments";
	order_lines jsonb;
	shopper "users";
BEGIN
	SELECT * INTO found_payment FROM "payments" WHERE "provider_order_id" = p_provider_order_id;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('outcome', 'unknown');
	END IF;
	SELECT * INTO locked_order FROM "orders" WHERE "id" = found_payment."order_id" FOR UPDATE;
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
	IF EXISTS (SELECT 1 FROM "payments" WHERE "provider_payment_id" = p_provider_payment_id AND "id" <> locked_payment."id") THEN
		RETURN jsonb_build_object('outcome', 'taken');
	END IF;

	UPDATE "payments" SET "status" = 'paid', "provider_payment_id" = p_provider_payment_id,
		"method" = p_method, "paid_at" = now(), "failure_reason" = NULL, "updated_at" = now()
	WHERE "id" = locked_payment."id"
	RETURNING * INTO paid_payment;
	IF locked_order."status" = 'cancelled' THEN
		RETURN jsonb_build_object('outcome', 'refund', 'payment', to_jsonb(paid_payment));
	END IF;

	UPDATE "orders" SET "payment_status" = 'paid', "paid_at" = now(), "updated_at" = now()
	WHERE "id" = locked_order."id"
	RETURNING * INTO locked_order;
	SELECT coalesce(jsonb_agg(to_jsonb(i) ORDER BY i."position"), '[]'::jsonb) INTO order_lines
	FROM "order_items" i WHERE i."order_id" = locked_order."id";
	SELECT * INTO shopper FROM "users" WHERE "id" = locked_order."user_id";
	INSERT INTO "mail_outbox" ("template", "data")
	VALUES ('order_confirmation', jsonb_build_object(
		'recipient', jsonb_build_object('email', shopper."email", 'firstName', shopper."first_name"),
		'order', to_jsonb(locked_order),
		'items', order_lines
	));
	RETURN jsonb_build_object(
		'outcome', 'paid',
		'order', to_jsonb(locked_order),
		'items', order_lines,
		'payment', to_jsonb(paid_payment)
	);
END;
$$;
