CREATE TABLE "throttle_counters" (
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hits" integer NOT NULL,
	"blocked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"allowed" boolean NOT NULL,
	CONSTRAINT "throttle_counters_action_subject_pk" PRIMARY KEY("action","subject")
);
--> statement-breakpoint
CREATE INDEX "throttle_counters_expires_idx" ON "throttle_counters" USING btree ("expires_at");