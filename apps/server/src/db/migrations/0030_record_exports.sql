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
ALTER TABLE "record_exports" ADD CONSTRAINT "record_exports_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_exports" ADD CONSTRAINT "record_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_exports_profile" ON "record_exports" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "record_exports_preparing" ON "record_exports" USING btree ("created_at") WHERE "record_exports"."status" = 'preparing';--> statement-breakpoint
CREATE INDEX "record_exports_ready_expiry" ON "record_exports" USING btree ("expires_at") WHERE "record_exports"."status" = 'ready';