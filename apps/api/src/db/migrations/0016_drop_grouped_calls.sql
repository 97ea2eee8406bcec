-- Orders and payments reach the database one call each on both databases: the grouping functions
-- of 0013 have no caller.
DROP FUNCTION IF EXISTS "place_orders"(jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS "settle_payments"(jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS "grouped_call_error"(text, text, text, text);
