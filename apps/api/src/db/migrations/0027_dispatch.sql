ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "awb" text;--> statement-breakpoint
CREATE INDEX "orders_dispatch_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" in ('confirmed', 'processing') and "orders"."payment_status" in ('paid');