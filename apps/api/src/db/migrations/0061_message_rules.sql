CREATE TABLE "whatsapp_template_categories" (
	"template_name" text NOT NULL,
	"language" text NOT NULL,
	"meta_template_id" text,
	"category" text NOT NULL,
	"previous_category" text,
	"changed_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_template_categories_template_name_language_pk" PRIMARY KEY("template_name","language"),
	CONSTRAINT "whatsapp_template_categories_category_check" CHECK ("whatsapp_template_categories"."category" in ('authentication', 'utility', 'marketing'))
);
--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_return_lines_pickup_awb_idx" ON "order_return_lines" USING btree ("pickup_awb") WHERE "order_return_lines"."pickup_awb" is not null;