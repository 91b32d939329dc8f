CREATE TABLE "doctor_licences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"licence_number" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drugs" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"strength" text NOT NULL,
	"form" text NOT NULL,
	CONSTRAINT "drugs_form" CHECK ("drugs"."form" in ('tablet', 'capsule', 'sachet', 'bottle', 'tube', 'ampoule', 'vial', 'ml', 'drop', 'spray', 'patch', 'suppository', 'box', 'blister', 'other'))
);
--> statement-breakpoint
CREATE TABLE "examinations" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"doctor_id" uuid NOT NULL,
	"diagnostic" text NOT NULL,
	"medical_history" text NOT NULL,
	"re_exam_date" date NOT NULL,
	"advice" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescription_lines" (
	"prescription_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"drug_name" text NOT NULL,
	"quantity" numeric(9, 2) NOT NULL,
	"unit" text NOT NULL,
	"unit_name" text,
	"dose" text NOT NULL,
	"times_per_day" smallint NOT NULL,
	"days" smallint NOT NULL,
	"meal_timing" text NOT NULL,
	"note" text,
	CONSTRAINT "prescription_lines_prescription_id_position_pk" PRIMARY KEY("prescription_id","position"),
	CONSTRAINT "prescription_lines_quantity" CHECK ("prescription_lines"."quantity" > 0),
	CONSTRAINT "prescription_lines_unit" CHECK ("prescription_lines"."unit" in ('tablet', 'capsule', 'sachet', 'bottle', 'tube', 'ampoule', 'vial', 'ml', 'drop', 'spray', 'patch', 'suppository', 'box', 'blister', 'other')),
	CONSTRAINT "prescription_lines_other_named" CHECK ("prescription_lines"."unit" <> 'other' or length(btrim(coalesce("prescription_lines"."unit_name", ''))) > 0),
	CONSTRAINT "prescription_lines_meal" CHECK ("prescription_lines"."meal_timing" in ('before', 'after', 'with', 'any')),
	CONSTRAINT "prescription_lines_usage" CHECK ("prescription_lines"."times_per_day" > 0 and "prescription_lines"."days" > 0)
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"licence_number" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone,
	"superseded_by" uuid,
	"replaced_by" uuid,
	CONSTRAINT "prescriptions_superseded_whole" CHECK (("prescriptions"."superseded_at" is null) = ("prescriptions"."superseded_by" is null) and ("prescriptions"."superseded_at" is null) = ("prescriptions"."replaced_by" is null))
);
--> statement-breakpoint
ALTER TABLE "doctor_licences" ADD CONSTRAINT "doctor_licences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinations" ADD CONSTRAINT "examinations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinations" ADD CONSTRAINT "examinations_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_lines" ADD CONSTRAINT "prescription_lines_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_superseded_by_users_id_fk" FOREIGN KEY ("superseded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drugs_name_strength" ON "drugs" USING btree ("name","strength");--> statement-breakpoint
CREATE INDEX "examinations_doctor" ON "examinations" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "prescriptions_order" ON "prescriptions" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_one_current" ON "prescriptions" USING btree ("order_id") WHERE "prescriptions"."superseded_at" is null;--> statement-breakpoint
-- A created prescription cannot be changed (spec §4, decision 026): its lines refuse every UPDATE, and a prescription
-- row only ever gains its superseded mark (once, whole); a delete comes only with its order's.
CREATE FUNCTION prescription_lines_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'prescription lines cannot be changed' USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER prescription_lines_no_update BEFORE UPDATE ON "prescription_lines"
  FOR EACH ROW EXECUTE FUNCTION prescription_lines_immutable();
--> statement-breakpoint
CREATE FUNCTION prescriptions_only_superseded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.superseded_at IS NOT NULL
    OR NEW.id <> OLD.id OR NEW.order_id <> OLD.order_id OR NEW.doctor_id <> OLD.doctor_id
    OR NEW.licence_number <> OLD.licence_number OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'a prescription cannot be changed, only superseded once' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER prescriptions_no_change BEFORE UPDATE ON "prescriptions"
  FOR EACH ROW EXECUTE FUNCTION prescriptions_only_superseded();
