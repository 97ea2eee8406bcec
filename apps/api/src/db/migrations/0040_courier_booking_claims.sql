CREATE TABLE "courier_booking_claims" (
	"reference" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
