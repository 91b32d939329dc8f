CREATE TABLE "account_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"erase_after" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"language" text NOT NULL,
	CONSTRAINT "account_deletions_order" CHECK ("account_deletions"."requested_at" < "account_deletions"."erase_after"),
	CONSTRAINT "account_deletions_one_end" CHECK ("account_deletions"."cancelled_at" is null or "account_deletions"."erased_at" is null),
	CONSTRAINT "account_deletions_language" CHECK ("account_deletions"."language" in ('vi', 'en', 'zh'))
);
--> statement-breakpoint
ALTER TABLE "otp_verifications" DROP CONSTRAINT "otp_purpose";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_phone_format";--> statement-breakpoint
ALTER TABLE "otp_verifications" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "proved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_open" ON "account_deletions" USING btree ("user_id") WHERE "account_deletions"."cancelled_at" is null and "account_deletions"."erased_at" is null;--> statement-breakpoint
CREATE INDEX "account_deletions_due" ON "account_deletions" USING btree ("erase_after") WHERE "account_deletions"."cancelled_at" is null and "account_deletions"."erased_at" is null;--> statement-breakpoint
ALTER TABLE "otp_verifications" ADD CONSTRAINT "otp_verifications_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_session" ON "otp_verifications" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "otp_verifications" ADD CONSTRAINT "otp_purpose" CHECK ("otp_verifications"."purpose" in ('signup', 'reset', 'link', 'phone', 'step-up'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_format" CHECK ("users"."phone" ~ '^0[35789][0-9]{8}$' or "users"."deleted_at" is not null);