-- Who decided each refund (staff or an owner; null for the shop's own rules), so staff's refunds
-- of an order count together against STAFF_REFUND_LIMIT_RUPEES whatever their reason.
ALTER TABLE "refunds" ADD COLUMN "decided_by_role" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_decided_by_role_check" CHECK ("refunds"."decided_by_role" in ('staff', 'owner'));--> statement-breakpoint
-- Refunds by hand from before counted against the staff limit whoever gave them; they still do
-- (who gave them was not recorded), so the limit is never looser than it was.
UPDATE "refunds" SET "decided_by_role" = 'staff' WHERE "reason" = 'shop';
