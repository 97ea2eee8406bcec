ALTER TABLE "discounts" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The welcome code is for a first order.
UPDATE "discounts" SET "first_order_only" = true WHERE "code" = 'NEW10';--> statement-breakpoint
-- Orders placed with one code keep it, with its amount, in the per-code list.
UPDATE "orders" o SET "discounts" = jsonb_build_array(jsonb_build_object(
	'code', o."discount_code", 'type', coalesce(d."type", 'coupon'), 'amountPaise', o."discount_paise"))
FROM "discounts" d
WHERE o."discount_code" IS NOT NULL AND position('+' in o."discount_code") = 0 AND d."code" = o."discount_code";
