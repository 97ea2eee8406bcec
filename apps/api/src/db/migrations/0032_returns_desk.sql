ALTER TABLE "order_return_lines" DROP CONSTRAINT "order_return_lines_state_check";--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD COLUMN "pickup_courier" text;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD COLUMN "pickup_awb" text;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD COLUMN "pickup_tracking_url" text;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD COLUMN "pickup_scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD COLUMN "check_note" text;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD COLUMN "restocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD COLUMN "outbound_courier" text;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD COLUMN "outbound_awb" text;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD COLUMN "outbound_tracking_url" text;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD COLUMN "outbound_shipped_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_return_lines_desk_idx" ON "order_return_lines" USING btree ("requested_at","id");--> statement-breakpoint
-- Returns received by the whole-order move were restocked and their refund owed at once: in the
-- desk's states that is `refunded` (`received` now means "arrived, awaiting its check").
UPDATE "order_return_lines" SET "state" = 'refunded', "restocked_at" = "received_at", "checked_at" = "received_at"
WHERE "state" = 'received';--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_state_check" CHECK ("order_return_lines"."state" in ('requested', 'approved', 'pickup_scheduled', 'received', 'qc_passed', 'qc_failed', 'restocked', 'refunded', 'replacement_queued', 'replacement_shipped', 'sent_back', 'declined'));