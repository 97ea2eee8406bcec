ALTER TABLE "banners" DROP CONSTRAINT "banners_placement_check";--> statement-breakpoint
DROP INDEX "banners_placement_idx";--> statement-breakpoint
ALTER TABLE "banners" ALTER COLUMN "image" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "mobile_image" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
-- A banner now carries both pictures; the rows made for the mobile width keep theirs as the mobile one.
UPDATE "banners" SET "mobile_image" = "image", "image" = NULL WHERE "placement" = 'mobile';--> statement-breakpoint
ALTER TABLE "banners" DROP COLUMN "placement";--> statement-breakpoint
CREATE INDEX "banners_showing_idx" ON "banners" USING btree ("is_active","position");--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_image_check" CHECK ("banners"."image" is not null or "banners"."mobile_image" is not null);--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_schedule_check" CHECK ("banners"."starts_at" is null or "banners"."ends_at" is null or "banners"."ends_at" > "banners"."starts_at");