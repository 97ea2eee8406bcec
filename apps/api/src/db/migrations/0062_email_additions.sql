-- The address a verification link adds to an account made with a phone number.
ALTER TABLE "one_time_tokens" ADD COLUMN "email" text;