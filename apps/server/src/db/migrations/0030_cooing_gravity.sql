ALTER TABLE "otp_verifications" DROP CONSTRAINT "otp_purpose";--> statement-breakpoint
ALTER TABLE "otp_verifications" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "proved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "otp_verifications" ADD CONSTRAINT "otp_verifications_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_session" ON "otp_verifications" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "otp_verifications" ADD CONSTRAINT "otp_purpose" CHECK ("otp_verifications"."purpose" in ('signup', 'reset', 'link', 'phone', 'step-up'));