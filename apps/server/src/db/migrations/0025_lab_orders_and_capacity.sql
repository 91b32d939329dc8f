CREATE TABLE "order_lab" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"at_home" boolean NOT NULL,
	"district" text,
	"address" text,
	"phone" text,
	"package_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"test_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_vnd" integer NOT NULL,
	CONSTRAINT "order_lab_something" CHECK (cardinality("order_lab"."package_ids") + cardinality("order_lab"."test_ids") >= 1),
	CONSTRAINT "order_lab_home" CHECK (not "order_lab"."at_home" or ("order_lab"."district" is not null and "order_lab"."address" is not null and "order_lab"."phone" is not null)),
	CONSTRAINT "order_lab_total" CHECK ("order_lab"."total_vnd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "capacity_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"work_unit_id" smallint NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"modality" text DEFAULT '' NOT NULL,
	"machine" smallint DEFAULT 1 NOT NULL,
	"places" smallint NOT NULL,
	CONSTRAINT "capacity_resources_unique" UNIQUE("kind","work_unit_id","district","modality","machine"),
	CONSTRAINT "capacity_resources_kind" CHECK ("capacity_resources"."kind" in ('lab_home', 'lab_clinic', 'imaging')),
	CONSTRAINT "capacity_resources_places" CHECK ("capacity_resources"."places" > 0)
);
--> statement-breakpoint
CREATE TABLE "capacity_taken" (
	"resource_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"places" smallint NOT NULL,
	"taken" smallint NOT NULL,
	CONSTRAINT "capacity_taken_resource_id_starts_at_pk" PRIMARY KEY("resource_id","starts_at"),
	CONSTRAINT "capacity_taken_not_negative" CHECK ("capacity_taken"."taken" >= 0),
	CONSTRAINT "capacity_taken_within_places" CHECK ("capacity_taken"."taken" <= "capacity_taken"."places")
);
--> statement-breakpoint
CREATE TABLE "order_places" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"resource_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lab" ADD CONSTRAINT "order_lab_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_resources" ADD CONSTRAINT "capacity_resources_work_unit_id_work_units_id_fk" FOREIGN KEY ("work_unit_id") REFERENCES "public"."work_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_taken" ADD CONSTRAINT "capacity_taken_resource_id_capacity_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."capacity_resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_places" ADD CONSTRAINT "order_places_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_places" ADD CONSTRAINT "order_places_resource_id_capacity_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."capacity_resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_places_resource" ON "order_places" USING btree ("resource_id","starts_at");