CREATE TABLE "document_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"link" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_links_http" CHECK ("document_links"."link" ~ '^https?://')
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"record_id" uuid,
	"order_id" uuid,
	"type_exam" smallint NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"original_name" text NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"media_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "documents_type_exam" CHECK ("documents"."type_exam" in (1, 2, 3, 4)),
	CONSTRAINT "documents_state" CHECK ("documents"."state" in ('pending', 'committed')),
	CONSTRAINT "documents_owner" CHECK ("documents"."state" = 'pending' or (("documents"."record_id" is null) <> ("documents"."order_id" is null))),
	CONSTRAINT "documents_size" CHECK ("documents"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "health_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"test_day" date NOT NULL,
	"doctor_name" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_records_day" CHECK ("health_records"."test_day" >= '1900-01-01')
);
--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_record_id_health_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."health_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_records" ADD CONSTRAINT "health_records_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_records" ADD CONSTRAINT "health_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_records" ADD CONSTRAINT "health_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_links_order" ON "document_links" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "documents_record" ON "documents" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "documents_order" ON "documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "documents_profile" ON "documents" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "documents_pending" ON "documents" USING btree ("created_at") WHERE "documents"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "health_records_profile_day" ON "health_records" USING btree ("profile_id","test_day");