CREATE TABLE "health_measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"created_by" uuid,
	"measured_at" timestamp with time zone NOT NULL,
	"systolic" smallint,
	"diastolic" smallint,
	"heart_rate" smallint,
	"blood_sugar" numeric(5, 1),
	"height" numeric(4, 1),
	"weight" numeric(4, 1),
	"bmi" numeric(6, 1),
	"symptoms" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'routine' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_measurements_category" CHECK ("health_measurements"."category" in ('routine', 'fasting', 'after_meal', 'after_exercise', 'before_sleep', 'unwell')),
	CONSTRAINT "health_measurements_blood_pressure_together" CHECK (("health_measurements"."systolic" is null and "health_measurements"."diastolic" is null and "health_measurements"."heart_rate" is null) or ("health_measurements"."systolic" is not null and "health_measurements"."diastolic" is not null and "health_measurements"."heart_rate" is not null and "health_measurements"."diastolic" < "health_measurements"."systolic")),
	CONSTRAINT "health_measurements_positive" CHECK (coalesce("health_measurements"."systolic", 1) between 1 and 300 and coalesce("health_measurements"."diastolic", 1) between 1 and 200 and coalesce("health_measurements"."heart_rate", 1) between 1 and 300 and coalesce("health_measurements"."blood_sugar", 1) > 0 and coalesce("health_measurements"."height", 20) >= 20 and coalesce("health_measurements"."weight", 1) > 0 and coalesce("health_measurements"."bmi", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "health_measurements" ADD CONSTRAINT "health_measurements_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_measurements" ADD CONSTRAINT "health_measurements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_measurements_profile_measured" ON "health_measurements" USING btree ("profile_id","measured_at" DESC NULLS LAST);