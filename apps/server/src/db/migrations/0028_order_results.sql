CREATE TABLE "order_results" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"performed_at" timestamp with time zone,
	"performed_by" uuid,
	"conclusion" text,
	"concluded_at" timestamp with time zone,
	"concluded_by" uuid,
	CONSTRAINT "order_results_conclusion" CHECK (char_length("order_results"."conclusion") <= 4000)
);
--> statement-breakpoint
ALTER TABLE "order_results" ADD CONSTRAINT "order_results_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_results" ADD CONSTRAINT "order_results_performed_by_users_id_fk" FOREIGN KEY ("performed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_results" ADD CONSTRAINT "order_results_concluded_by_users_id_fk" FOREIGN KEY ("concluded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;