-- Delivered mails keep no body: a sent row may hold neither text, html nor data (the content check
-- allows it once sent_at is set), keeps the provider's message id, and is found by sent_at for the
-- retention sweep. place_cart_order (db/functions) now queues the 'cod_code' mail with a salt the
-- code is derived from, never the code; this migration also marks the schema as newer, so a release
-- from before it, which would put the code back into the mail's data, refuses the database.
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_content_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_sent_idx" ON "mail_outbox" USING btree ("sent_at") WHERE "mail_outbox"."sent_at" is not null;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_content_check" CHECK ("mail_outbox"."sent_at" is not null or ("mail_outbox"."template" is not null and "mail_outbox"."data" is not null) or ("mail_outbox"."recipient" is not null and "mail_outbox"."subject" is not null and "mail_outbox"."text" is not null and "mail_outbox"."html" is not null));