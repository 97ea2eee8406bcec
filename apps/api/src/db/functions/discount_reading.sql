-- discount_reading(discount, shopper, open_status, awaiting): what a discount's rules need to
-- price an order of `shopper`, as it will stand once her orders still awaiting their money are
-- replaced (an order in status open_status with a payment status in awaiting gives its code uses
-- back when she places again): 'discount' is the discount's row (as to_jsonb writes it) with
-- 'times_used' less those uses, 'shopper_uses' her uses of it less those, and 'has_paid_order'
-- whether she has an order that was paid and not cancelled. With no awaiting statuses the uses
-- read as they stand. Null when the discount does not exist.
CREATE OR REPLACE FUNCTION "discount_reading"(discount uuid, shopper uuid, open_status text, awaiting text[])
RETURNS jsonb LANGUAGE sql STABLE AS $$
	SELECT jsonb_build_object(
		'discount', to_jsonb(d) || jsonb_build_object('times_used', greatest(d."times_used" - unpaid.uses, 0)),
		'shopper_uses', greatest(mine.uses - unpaid.uses, 0),
		'has_paid_order', EXISTS (
			SELECT 1 FROM "orders" o
			WHERE o."user_id" = shopper AND o."paid_at" IS NOT NULL AND o."status" <> 'cancelled'))
	FROM "discounts" d,
		LATERAL (
			SELECT count(*)::int AS uses FROM "discount_uses" u
			WHERE u."discount_id" = d."id" AND u."user_id" = shopper
		) AS mine,
		LATERAL (
			SELECT count(*)::int AS uses FROM "discount_uses" u JOIN "orders" o ON o."id" = u."order_id"
			WHERE u."discount_id" = d."id" AND u."user_id" = shopper
				AND o."status" = open_status AND o."payment_status" = ANY(awaiting)
		) AS unpaid
	WHERE d."id" = discount
$$;
