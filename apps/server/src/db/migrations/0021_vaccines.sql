CREATE TABLE "vaccination_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"info_id" uuid NOT NULL,
	"vaccine_id" text NOT NULL,
	"given_on" date NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"order_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vaccination_history_vaccine" CHECK ("vaccination_history"."vaccine_id" in ('rsv', 'hepatitis_b', 'rotavirus', 'dtap', 'hib', 'pneumococcal', 'polio', 'covid19', 'influenza', 'mmr', 'varicella', 'hepatitis_a', 'hpv', 'tdap', 'td', 'men_acwy', 'men_b', 'mpox', 'dengue', 'zoster', 'bcg', 'dtp_hepb_hib', 'opv', 'measles', 'measles_rubella', 'japanese_encephalitis', 'tetanus_pregnancy'))
);
--> statement-breakpoint
CREATE TABLE "vaccine_reminder_settings" (
	"info_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vaccine_reminders_sent" (
	"info_id" uuid NOT NULL,
	"dose_id" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vaccine_reminders_sent_info_id_dose_id_kind_pk" PRIMARY KEY("info_id","dose_id","kind"),
	CONSTRAINT "vaccine_reminders_sent_kind" CHECK ("vaccine_reminders_sent"."kind" in ('due', 'overdue'))
);
--> statement-breakpoint
ALTER TABLE "vaccination_history" ADD CONSTRAINT "vaccination_history_info_id_profiles_id_fk" FOREIGN KEY ("info_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccination_history" ADD CONSTRAINT "vaccination_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccination_history" ADD CONSTRAINT "vaccination_history_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccine_reminder_settings" ADD CONSTRAINT "vaccine_reminder_settings_info_id_profiles_id_fk" FOREIGN KEY ("info_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccine_reminder_settings" ADD CONSTRAINT "vaccine_reminder_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccine_reminders_sent" ADD CONSTRAINT "vaccine_reminders_sent_info_id_profiles_id_fk" FOREIGN KEY ("info_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vaccination_history_info_day" ON "vaccination_history" USING btree ("info_id","given_on");--> statement-breakpoint
CREATE UNIQUE INDEX "vaccination_history_order" ON "vaccination_history" USING btree ("order_id") WHERE "vaccination_history"."order_id" is not null;