CREATE TABLE "order_imaging" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"items" text[] NOT NULL,
	"contrast" boolean NOT NULL,
	"screening" jsonb,
	"contrast_answers" jsonb,
	"review" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_vnd" integer NOT NULL,
	CONSTRAINT "order_imaging_items" CHECK (cardinality("order_imaging"."items") >= 1),
	CONSTRAINT "order_imaging_total" CHECK ("order_imaging"."total_vnd" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_imaging" ADD CONSTRAINT "order_imaging_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;