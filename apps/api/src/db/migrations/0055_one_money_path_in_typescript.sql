-- Orders are placed and payments settled by one TypeScript workflow each, in one transaction:
-- the one-statement paths and the functions only they called go. Their digests go from shop_state
-- too. Being newer than 0054, this migration also makes an older release refuse the database, so
-- none puts its own copies of these functions back.
DROP FUNCTION IF EXISTS "place_cart_order"(jsonb);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "place_order"(jsonb);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "settle_paid_payment"(jsonb);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "discount_reading"(uuid, uuid, text, text[]);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "discount_reading_basis"(jsonb);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "ordered_lines_leave_cart"(uuid, uuid);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "cart_stamp"(uuid);
--> statement-breakpoint
DELETE FROM "shop_state" WHERE "key" IN ('function:place_cart_order', 'function:place_order',
	'function:settle_paid_payment', 'function:discount_reading', 'function:discount_reading_basis',
	'function:ordered_lines_leave_cart', 'function:cart_stamp');
