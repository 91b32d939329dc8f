CREATE TABLE "doctor_specialties" (
	"doctor_id" uuid NOT NULL,
	"specialty_id" smallint NOT NULL,
	CONSTRAINT "doctor_specialties_doctor_id_specialty_id_pk" PRIMARY KEY("doctor_id","specialty_id")
);
--> statement-breakpoint
CREATE TABLE "exam_time_slots" (
	"id" smallint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "exam_time_slots_kind" CHECK ("exam_time_slots"."kind" in ('exam', 'imaging')),
	CONSTRAINT "exam_time_slots_range" CHECK (0 <= "exam_time_slots"."start_minute" and "exam_time_slots"."start_minute" < "exam_time_slots"."end_minute" and "exam_time_slots"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "exam_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"mode" text NOT NULL,
	"slot_minutes" smallint NOT NULL,
	CONSTRAINT "exam_types_code_unique" UNIQUE("code"),
	CONSTRAINT "exam_types_mode" CHECK ("exam_types"."mode" in ('direct', 'online')),
	CONSTRAINT "exam_types_slot_minutes" CHECK ("exam_types"."slot_minutes" between 5 and 240)
);
--> statement-breakpoint
CREATE TABLE "specialties" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	CONSTRAINT "specialties_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "doctor_holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holidays_range" CHECK ("doctor_holidays"."start_date" <= "doctor_holidays"."end_date")
);
--> statement-breakpoint
CREATE TABLE "doctor_work_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"first_day" date NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"recurrence_type" text DEFAULT 'none' NOT NULL,
	"recurrence_interval" smallint DEFAULT 1 NOT NULL,
	"weekdays" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"until_day" date,
	"work_unit_id" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_times_mode" CHECK ("doctor_work_times"."mode" in ('direct', 'online')),
	CONSTRAINT "work_times_range" CHECK (0 <= "doctor_work_times"."start_minute" and "doctor_work_times"."start_minute" < "doctor_work_times"."end_minute" and "doctor_work_times"."end_minute" <= 1440),
	CONSTRAINT "work_times_recurrence" CHECK ("doctor_work_times"."recurrence_type" in ('none', 'day', 'week', 'month', 'year')),
	CONSTRAINT "work_times_interval" CHECK ("doctor_work_times"."recurrence_interval" between 1 and 365),
	CONSTRAINT "work_times_until" CHECK (("doctor_work_times"."recurrence_type" = 'none' and "doctor_work_times"."until_day" is null) or ("doctor_work_times"."recurrence_type" <> 'none' and "doctor_work_times"."until_day" >= "doctor_work_times"."first_day")),
	CONSTRAINT "work_times_place" CHECK ("doctor_work_times"."mode" = 'online' or "doctor_work_times"."work_unit_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_details" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"specialty_id" smallint,
	"exam_type_id" smallint,
	"work_unit_id" smallint,
	"check_day" date NOT NULL,
	"check_hour" text NOT NULL,
	"time_custom" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"meeting_link" text,
	"cancel_reason" text,
	"patient_name" text NOT NULL,
	"patient_phone" text NOT NULL,
	"calling_code" text DEFAULT '+84' NOT NULL,
	"country_name" text DEFAULT 'Việt Nam' NOT NULL,
	"patient_gender" text DEFAULT 'male' NOT NULL,
	"patient_birthday" date NOT NULL,
	"patient_email" text,
	"patient_address" text DEFAULT '' NOT NULL,
	CONSTRAINT "order_details_gender" CHECK ("order_details"."patient_gender" in ('male', 'female', 'other'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"secure_code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"category" text NOT NULL,
	"mode" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"doctor_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" uuid NOT NULL,
	"updated_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_code_unique" UNIQUE("code"),
	CONSTRAINT "orders_secure_code_unique" UNIQUE("secure_code"),
	CONSTRAINT "orders_kind" CHECK ("orders"."kind" in (0, 1, 2)),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in (0, 1, 2, 3, 4)),
	CONSTRAINT "orders_category" CHECK ("orders"."category" in ('exam', 'lab', 'imaging', 'vaccine')),
	CONSTRAINT "orders_mode" CHECK ("orders"."mode" in ('direct', 'online')),
	CONSTRAINT "orders_time" CHECK ("orders"."starts_at" < "orders"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "doctor_specialties" ADD CONSTRAINT "doctor_specialties_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_specialties" ADD CONSTRAINT "doctor_specialties_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_holidays" ADD CONSTRAINT "doctor_holidays_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_work_times" ADD CONSTRAINT "doctor_work_times_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_work_times" ADD CONSTRAINT "doctor_work_times_work_unit_id_work_units_id_fk" FOREIGN KEY ("work_unit_id") REFERENCES "public"."work_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_exam_type_id_exam_types_id_fk" FOREIGN KEY ("exam_type_id") REFERENCES "public"."exam_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_work_unit_id_work_units_id_fk" FOREIGN KEY ("work_unit_id") REFERENCES "public"."work_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holidays_doctor" ON "doctor_holidays" USING btree ("doctor_id","start_date");--> statement-breakpoint
CREATE INDEX "work_times_doctor" ON "doctor_work_times" USING btree ("doctor_id","first_day");--> statement-breakpoint
CREATE INDEX "idempotency_created" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_user_starts" ON "orders" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "orders_doctor_starts" ON "orders" USING btree ("doctor_id","starts_at");