CREATE TABLE "pincodes" (
	"pin_code" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"district" text NOT NULL,
	"state" text NOT NULL,
	"offices" text[] NOT NULL
);
