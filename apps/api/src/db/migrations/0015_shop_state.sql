CREATE TABLE "shop_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A shop that already has a catalogue was seeded (or stocked by its owner): never seed it again.
INSERT INTO "shop_state" ("key", "value") SELECT 'demo_seeded_at', now()::text WHERE EXISTS (SELECT 1 FROM "categories");
