ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_check";--> statement-breakpoint
DROP INDEX "orders_dispatch_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_code_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_cod_unconfirmed_due_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."status" = 'pending' and "orders"."payment_status" = 'cod_pending' and "orders"."cod_confirmed_at" is null;--> statement-breakpoint
CREATE INDEX "orders_dispatch_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" in ('confirmed', 'processing') and "orders"."payment_status" in ('paid', 'cod_pending');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('pending', 'paid', 'failed', 'refund_pending', 'refunded', 'partially_refunded', 'payment_review', 'cod_pending', 'cod_refused'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_check" CHECK ("orders"."total_paise" >= 0 and "orders"."total_paise" = "orders"."subtotal_paise" - "orders"."discount_paise" + "orders"."shipping_paise" + "orders"."tax_paise" + "orders"."cod_fee_paise");