CREATE TABLE "sales_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_day_items" (
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"category_slug" text NOT NULL,
	"size" text NOT NULL,
	"units" integer NOT NULL,
	"revenue_paise" bigint NOT NULL,
	CONSTRAINT "sales_day_items_day_product_id_size_pk" PRIMARY KEY("day","product_id","size")
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"paid_paise" bigint NOT NULL,
	"refunded_paise" bigint NOT NULL,
	"prepaid" integer NOT NULL,
	"cod" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"returned" integer NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "orders_payment_review_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_status" = 'payment_review';--> statement-breakpoint
CREATE INDEX "refunds_failed_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."state" = 'failed';--> statement-breakpoint
-- Every day that already has orders is computed once by the next rollup run.
INSERT INTO "sales_changes" ("day") SELECT DISTINCT ("created_at" AT TIME ZONE 'Asia/Kolkata')::date FROM "orders";
