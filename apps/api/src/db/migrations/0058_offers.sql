CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"units" smallint NOT NULL,
	"bundle_price_paise" integer,
	"free_units" smallint,
	"percent" smallint,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"subcategory_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"excluded_product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"priority" integer DEFAULT 0 NOT NULL,
	"max_groups_per_order" integer,
	"stacking" text DEFAULT 'none' NOT NULL,
	"stackable_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_kind_check" CHECK ("offers"."kind" in ('bundle_price', 'buy_get', 'nth_percent')),
	CONSTRAINT "offers_stacking_check" CHECK ("offers"."stacking" in ('none', 'any', 'listed')),
	CONSTRAINT "offers_units_check" CHECK ("offers"."units" between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "offer_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "offer_label" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offer_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_slug_key" ON "offers" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "offers_created_idx" ON "offers" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;