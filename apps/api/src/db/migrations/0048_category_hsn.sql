ALTER TABLE "categories" ADD COLUMN "hsn_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A shop that already has the demo's categories gets their headings, as a new seed would.
UPDATE "categories" SET "hsn_code" = CASE "slug"
  WHEN 'bras' THEN '6212'
  WHEN 'panties' THEN '6108'
  WHEN 'sleep-lingerie' THEN '6108'
  WHEN 'apparel' THEN '6104'
  WHEN 'beauty' THEN '3304'
  WHEN 'clearance' THEN '6212'
  ELSE '' END;
