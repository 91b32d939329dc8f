ALTER TABLE "otp_verifications" DROP CONSTRAINT "otp_purpose";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "otp_verifications" ADD CONSTRAINT "otp_purpose" CHECK ("otp_verifications"."purpose" in ('signup', 'reset', 'link', 'phone'));--> statement-breakpoint
-- Every existing account signed up with an SMS code to its phone (decision 014): verified since it was created.
UPDATE "users" SET "phone_verified_at" = "created_at";
