CREATE TABLE "two_step_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "two_step_devices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "two_step_logins" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_step_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "two_step_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ticket_hash" text NOT NULL,
	"verification_id" uuid,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "two_step_tickets_ticket_hash_unique" UNIQUE("ticket_hash")
);
--> statement-breakpoint
ALTER TABLE "otp_verifications" DROP CONSTRAINT "otp_purpose";--> statement-breakpoint
ALTER TABLE "two_step_devices" ADD CONSTRAINT "two_step_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_logins" ADD CONSTRAINT "two_step_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_recovery_codes" ADD CONSTRAINT "two_step_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_tickets" ADD CONSTRAINT "two_step_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_tickets" ADD CONSTRAINT "two_step_tickets_verification_id_otp_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."otp_verifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "two_step_devices_user" ON "two_step_devices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "two_step_recovery_codes_user" ON "two_step_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_step_tickets_user" ON "two_step_tickets" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "otp_verifications" ADD CONSTRAINT "otp_purpose" CHECK ("otp_verifications"."purpose" in ('signup', 'reset', 'link', 'phone', 'step-up', 'login'));