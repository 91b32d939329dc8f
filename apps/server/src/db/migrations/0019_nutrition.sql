CREATE TABLE "nutrition_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"examined_on" date NOT NULL,
	"height_cm" numeric(4, 1) NOT NULL,
	"weight_kg" numeric(4, 1) NOT NULL,
	"weight_three_months_ago_kg" numeric(4, 1),
	"answers" jsonb NOT NULL,
	"assessment" jsonb NOT NULL,
	"conclusion" text NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nutrition_assessments_day" CHECK ("nutrition_assessments"."examined_on" >= '1900-01-01'),
	CONSTRAINT "nutrition_assessments_conclusion" CHECK ("nutrition_assessments"."conclusion" in ('malnourished.none', 'notMalnourished.none', 'malnourished.moderate', 'notMalnourished.moderate', 'malnourished.high', 'notMalnourished.high', 'malnourished.veryHigh', 'notMalnourished.veryHigh')),
	CONSTRAINT "nutrition_assessments_measures" CHECK ("nutrition_assessments"."height_cm" >= 20 and "nutrition_assessments"."weight_kg" > 0 and coalesce("nutrition_assessments"."weight_three_months_ago_kg", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "nutrition_assessments" ADD CONSTRAINT "nutrition_assessments_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nutrition_assessments" ADD CONSTRAINT "nutrition_assessments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nutrition_assessments" ADD CONSTRAINT "nutrition_assessments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nutrition_assessments_profile_day" ON "nutrition_assessments" USING btree ("profile_id","examined_on" DESC NULLS LAST,"created_at" DESC NULLS LAST);