CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"lexemes" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "search_words"."word")) STORED
);
--> statement-breakpoint
ALTER TABLE "products" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "products"."name"), 'A') || to_tsvector('english', "products"."search_text")) STORED;--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_lexemes_idx" ON "search_words" USING gin ("lexemes");--> statement-breakpoint
-- Dropping the column dropped its full-text index: the same index on the weighted vector.
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
-- The words of the products' search text that search may correct a misspelt term to: lower case,
-- 3 letters or more, no digits, not an English stop word. Words are only ever added.
CREATE FUNCTION "search_words_from_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" ("word")
	SELECT DISTINCT w.word
	FROM "changed_products" p,
		unnest(tsvector_to_array(to_tsvector('simple', p."search_text"))) AS w(word)
	WHERE length(w.word) >= 3 AND w.word !~ '[0-9]' AND to_tsvector('english', w.word) <> ''::tsvector
	ON CONFLICT ("word") DO NOTHING;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS "changed_products"
	FOR EACH STATEMENT EXECUTE FUNCTION "search_words_from_products"();--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE ON "products"
	REFERENCING NEW TABLE AS "changed_products"
	FOR EACH STATEMENT EXECUTE FUNCTION "search_words_from_products"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT w.word
FROM "products" p, unnest(tsvector_to_array(to_tsvector('simple', p."search_text"))) AS w(word)
WHERE length(w.word) >= 3 AND w.word !~ '[0-9]' AND to_tsvector('english', w.word) <> ''::tsvector
ON CONFLICT ("word") DO NOTHING;
