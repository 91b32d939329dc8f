CREATE TABLE "order_vaccines" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"vaccine_id" text NOT NULL,
	"vaccine_dose_id" text NOT NULL,
	"schedule_id" text NOT NULL,
	CONSTRAINT "order_vaccines_dose_of_vaccine" CHECK ("order_vaccines"."vaccine_dose_id" ~ ('^' || "order_vaccines"."vaccine_id" || '\.[1-9][0-9]?$'))
);
--> statement-breakpoint
ALTER TABLE "order_vaccines" ADD CONSTRAINT "order_vaccines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;