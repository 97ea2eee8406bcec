CREATE TABLE "message_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_key" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"user_id" uuid,
	"purpose" text NOT NULL,
	"template" text NOT NULL,
	"variables" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"provider_message_id" text,
	"error" text,
	"fallback_of" uuid,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_outbox_channel_check" CHECK ("message_outbox"."channel" in ('whatsapp', 'sms')),
	CONSTRAINT "message_outbox_status_check" CHECK ("message_outbox"."status" in ('queued', 'sending', 'unconfirmed', 'sent', 'delivered', 'read', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"salt" text NOT NULL,
	"code_hash" text NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_email_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_event_key" ON "message_outbox" USING btree ("event_key","channel","recipient");--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_provider_id_key" ON "message_outbox" USING btree ("channel","provider_message_id");--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" USING btree ("next_attempt_at") WHERE "message_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "message_outbox_user_idx" ON "message_outbox" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "phone_codes_expires_idx" ON "phone_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_key" ON "users" USING btree ("phone") WHERE "users"."phone_verified";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email") WHERE "users"."email" <> '';