ALTER TABLE "size_charts" ADD COLUMN "kind" text DEFAULT 'bra' NOT NULL;--> statement-breakpoint
ALTER TABLE "size_charts" ADD COLUMN "rows" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "size_charts" ADD COLUMN "is_default_bra" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "my_size" text;--> statement-breakpoint
UPDATE "size_charts" SET "kind" = 'letter' WHERE "image" LIKE '%/apparel-size-guide%';--> statement-breakpoint
CREATE UNIQUE INDEX "size_charts_default_bra_key" ON "size_charts" USING btree ("is_default_bra") WHERE "size_charts"."is_default_bra";--> statement-breakpoint
ALTER TABLE "size_charts" ADD CONSTRAINT "size_charts_kind_check" CHECK ("size_charts"."kind" in ('bra', 'letter'));--> statement-breakpoint
ALTER TABLE "size_charts" ADD CONSTRAINT "size_charts_default_is_bra_check" CHECK (not "size_charts"."is_default_bra" or "size_charts"."kind" = 'bra');