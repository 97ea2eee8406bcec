-- Every change of a size's stock is a row of stock_movements, written in the changing transaction
-- by this trigger, so no path that moves stock (an order placed, cancelled, expired or returned,
-- an exchange, the stock desk) can leave the history short. The stock desk names the reason, note
-- and who in transaction-local settings (shop.stock_reason, shop.stock_note,
-- shop.stock_actor_id, shop.stock_actor_email) before its update; without them a change is an
-- order's: units taken are a `sale`, units given back a `release`. The movement's id is taken
-- while the size's row is locked, so one size's movements are numbered in the order they commit.
CREATE OR REPLACE FUNCTION "record_stock_movement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	reason text := nullif(current_setting('shop.stock_reason', true), '');
BEGIN
	INSERT INTO "stock_movements" ("product_id", "color_name", "size", "delta", "stock_after",
		"reason", "note", "actor_id", "actor_email")
	SELECT c."product_id", c."color_name", NEW."size", NEW."stock" - OLD."stock", NEW."stock",
		coalesce(reason, CASE WHEN NEW."stock" < OLD."stock" THEN 'sale' ELSE 'release' END),
		CASE WHEN reason IS NULL THEN '' ELSE coalesce(current_setting('shop.stock_note', true), '') END,
		CASE WHEN reason IS NULL THEN NULL ELSE nullif(current_setting('shop.stock_actor_id', true), '')::uuid END,
		CASE WHEN reason IS NULL THEN NULL ELSE nullif(current_setting('shop.stock_actor_email', true), '') END
	FROM "product_colors" c WHERE c."id" = NEW."color_id";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "product_size_stock_record_movement" AFTER UPDATE OF "stock" ON "product_size_stock"
	FOR EACH ROW
	WHEN (OLD."stock" IS DISTINCT FROM NEW."stock")
	EXECUTE FUNCTION "record_stock_movement"();
