-- The dashboard's daily figures (sales_days, sales_day_products, sales_day_sizes) are recomputed for the days whose
-- orders changed: a new order, a change of its status or payment status, a cash-on-delivery order
-- confirmed, a refund or a return line
-- marks the day (in India) the order was placed with a row of its own in sales_changes: an insert
-- that never waits on another writer (no shared row is updated), visible when the change commits.
CREATE OR REPLACE FUNCTION "mark_sales_day_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	placed timestamptz;
BEGIN
	IF TG_TABLE_NAME = 'orders' THEN
		placed := NEW."created_at";
	ELSE
		SELECT o."created_at" INTO placed FROM "orders" o WHERE o."id" = NEW."order_id";
	END IF;
	IF placed IS NOT NULL THEN
		INSERT INTO "sales_changes" ("day") VALUES ((placed AT TIME ZONE 'Asia/Kolkata')::date);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "orders_mark_sales_day" AFTER INSERT ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "mark_sales_day_changed"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "orders_mark_sales_day_on_change" AFTER UPDATE OF "status", "payment_status", "total_paise", "cod_confirmed_at" ON "orders"
	FOR EACH ROW
	WHEN (OLD."status" IS DISTINCT FROM NEW."status"
		OR OLD."payment_status" IS DISTINCT FROM NEW."payment_status"
		OR OLD."total_paise" IS DISTINCT FROM NEW."total_paise"
		OR OLD."cod_confirmed_at" IS DISTINCT FROM NEW."cod_confirmed_at")
	EXECUTE FUNCTION "mark_sales_day_changed"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "refunds_mark_sales_day" AFTER INSERT OR UPDATE OF "state", "amount_paise" ON "refunds"
	FOR EACH ROW EXECUTE FUNCTION "mark_sales_day_changed"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "order_return_lines_mark_sales_day" AFTER INSERT OR UPDATE OF "state" ON "order_return_lines"
	FOR EACH ROW EXECUTE FUNCTION "mark_sales_day_changed"();
