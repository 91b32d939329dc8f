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
CREATE TABLE "record_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"storage_key" text,
	"bytes" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "record_exports_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "record_exports_status" CHECK ("record_exports"."status" in ('preparing', 'ready', 'failed', 'expired')),
	CONSTRAINT "record_exports_language" CHECK ("record_exports"."language" in ('vi', 'en', 'zh')),
	CONSTRAINT "record_exports_progress" CHECK ("record_exports"."progress" between 0 and 100),
	CONSTRAINT "record_exports_ready" CHECK ("record_exports"."status" <> 'ready' or ("record_exports"."storage_key" is not null and "record_exports"."expires_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "otp_verifications" DROP CONSTRAINT "otp_purpose";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_phone_format";--> statement-breakpoint
ALTER TABLE "otp_verifications" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "proved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_exports" ADD CONSTRAINT "record_exports_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_exports" ADD CONSTRAINT "record_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_open" ON "account_deletions" USING btree ("user_id") WHERE "account_deletions"."cancelled_at" is null and "account_deletions"."erased_at" is null;--> statement-breakpoint
CREATE INDEX "account_deletions_due" ON "account_deletions" USING btree ("erase_after") WHERE "account_deletions"."cancelled_at" is null and "account_deletions"."erased_at" is null;--> statement-breakpoint
CREATE INDEX "record_exports_profile" ON "record_exports" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "record_exports_preparing" ON "record_exports" USING btree ("created_at") WHERE "record_exports"."status" = 'preparing';--> statement-breakpoint
CREATE INDEX "record_exports_ready_expiry" ON "record_exports" USING btree ("expires_at") WHERE "record_exports"."status" = 'ready';--> statement-breakpoint
ALTER TABLE "otp_verifications" ADD CONSTRAINT "otp_verifications_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_session" ON "otp_verifications" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "otp_verifications" ADD CONSTRAINT "otp_purpose" CHECK ("otp_verifications"."purpose" in ('signup', 'reset', 'link', 'phone', 'step-up'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_format" CHECK ("users"."phone" ~ '^0[35789][0-9]{8}$' or "users"."deleted_at" is not null);