CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid,
	"provider_payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('cancelled', 'returned', 'late_payment', 'duplicate_payment', 'shop')),
	CONSTRAINT "refunds_state_check" CHECK ("refunds"."state" in ('pending', 'sent', 'processed', 'failed')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "simulator_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"error_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"receipt" text,
	"notes" jsonb,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
DROP INDEX "orders_unpaid_due_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_attempt_at") WHERE "refunds"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_whole_payment_key" ON "refunds" USING btree ("provider_payment_id") WHERE "refunds"."reason" in ('cancelled', 'late_payment', 'duplicate_payment');--> statement-breakpoint
CREATE INDEX "simulator_payments_order_idx" ON "simulator_payments" USING btree ("provider_order_id");--> statement-breakpoint
CREATE INDEX "simulator_refunds_payment_idx" ON "simulator_refunds" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "orders_awaiting_payment_due_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."status" = 'pending' and "orders"."payment_status" in ('pending', 'failed');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('pending', 'paid', 'failed', 'refund_pending', 'refunded', 'partially_refunded', 'payment_review'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('created', 'paid', 'failed', 'refunded', 'review'));--> statement-breakpoint
-- Deliveries stored before this migration were handled when they were stored.
UPDATE "webhook_events" SET "handled_at" = "received_at" WHERE "handled_at" IS NULL;--> statement-breakpoint
-- Refunds made before the refunds table: kept as processed rows, so the books stay whole.
INSERT INTO "refunds" ("order_id", "payment_id", "provider_payment_id", "amount_paise", "reason", "state", "provider_refund_id", "attempts", "sent_at", "processed_at", "created_at", "updated_at")
SELECT p."order_id", p."id", p."provider_payment_id", p."amount_paise",
	CASE o."status" WHEN 'returned' THEN 'returned' WHEN 'cancelled' THEN 'cancelled' ELSE 'shop' END,
	'processed', p."refund_id", 1, p."refunded_at", p."refunded_at", coalesce(p."refunded_at", now()), now()
FROM "payments" p JOIN "orders" o ON o."id" = p."order_id"
WHERE p."status" = 'refunded' AND p."provider_payment_id" IS NOT NULL AND p."amount_paise" > 0;--> statement-breakpoint
-- Settlement is written in TypeScript now (payments.repository.ts), in one transaction.
DROP FUNCTION IF EXISTS "settle_payment"(text, text, text, uuid);--> statement-breakpoint
DELETE FROM "shop_state" WHERE "key" = 'function:settle_payment';
