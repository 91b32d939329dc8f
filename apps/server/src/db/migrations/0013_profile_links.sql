ALTER TABLE "otp_verifications" DROP CONSTRAINT "otp_purpose";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "linked_account_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_linked_account_id_users_id_fk" FOREIGN KEY ("linked_account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_claimable" ON "profiles" USING btree ("calling_code","phone") WHERE "profiles"."manager_id" is not null and "profiles"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "otp_verifications" ADD CONSTRAINT "otp_purpose" CHECK ("otp_verifications"."purpose" in ('signup', 'reset', 'link'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_linked_archived" CHECK ("profiles"."linked_at" is null or "profiles"."archived_at" is not null);