CREATE TABLE "order_return_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"action" text NOT NULL,
	"exchange_color_name" text,
	"exchange_size" text,
	"state" text DEFAULT 'requested' NOT NULL,
	"refund_id" uuid,
	"refund_paise" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_return_lines_action_check" CHECK ("order_return_lines"."action" in ('exchange', 'return')),
	CONSTRAINT "order_return_lines_state_check" CHECK ("order_return_lines"."state" in ('requested', 'declined', 'received', 'replacement_queued', 'replacement_shipped')),
	CONSTRAINT "order_return_lines_quantity_check" CHECK ("order_return_lines"."quantity" > 0),
	CONSTRAINT "order_return_lines_exchange_check" CHECK (("order_return_lines"."action" = 'exchange') = ("order_return_lines"."exchange_color_name" is not null and "order_return_lines"."exchange_size" is not null))
);
--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_return_lines_order_idx" ON "order_return_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_return_lines_item_key" ON "order_return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_return_lines_replacements_idx" ON "order_return_lines" USING btree ("received_at") WHERE "order_return_lines"."state" = 'replacement_queued';--> statement-breakpoint
-- Returns asked before lines could be chosen took the whole order back for a refund.
INSERT INTO "order_return_lines" ("order_id", "order_item_id", "quantity", "action", "state", "requested_at")
SELECT i."order_id", i."id", i."quantity", 'return', 'requested', coalesce(o."return_requested_at", now())
FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
WHERE o."status" = 'return_requested';
