DROP INDEX "blogs_active_created_idx";--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "blogs_status_published_idx" ON "blogs" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "blogs_updated_idx" ON "blogs" USING btree ("updated_at","id");--> statement-breakpoint
-- The articles written before drafts existed: the shown ones become published on the day they
-- were written, the hidden ones drafts.
UPDATE "blogs" SET "status" = CASE WHEN "is_active" THEN 'published' ELSE 'draft' END, "published_at" = CASE WHEN "is_active" THEN "created_at" END;--> statement-breakpoint
ALTER TABLE "blogs" DROP COLUMN "is_active";--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_status_check" CHECK ("blogs"."status" in ('draft', 'published'));--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_published_has_date" CHECK ("blogs"."status" <> 'published' or "blogs"."published_at" is not null);
