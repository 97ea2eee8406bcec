CREATE TABLE "shipment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"awb" text,
	"status" text,
	"payload" jsonb,
	"handled_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"courier" text,
	"awb" text,
	"tracking_url" text,
	"courier_ref" jsonb,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_by" uuid,
	"requested_by_email" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ndr_deadline" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_state_check" CHECK ("shipments"."state" in ('requested', 'booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'undelivered', 'rto_initiated', 'rto_delivered', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "simulator_shipments" (
	"reference" text PRIMARY KEY NOT NULL,
	"awb" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulator_shipments_awb_unique" UNIQUE("awb")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_awb_key" ON "shipments" USING btree ("awb");--> statement-breakpoint
CREATE INDEX "shipments_due_idx" ON "shipments" USING btree ("next_attempt_at") WHERE "shipments"."state" = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_open_order_key" ON "shipments" USING btree ("order_id") WHERE "shipments"."state" not in ('failed', 'cancelled', 'rto_delivered');