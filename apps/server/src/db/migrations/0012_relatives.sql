CREATE TABLE "consent_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"share_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"watcher_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"sections" text[] NOT NULL,
	"child_assent" boolean NOT NULL,
	"consent_text" text,
	"language" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consent_events_action" CHECK ("consent_events"."action" in ('granted', 'changed', 'revoked', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "follow_group_members" (
	"group_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_group_members_group_id_profile_id_pk" PRIMARY KEY("group_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "follow_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_groups_type" CHECK ("follow_groups"."type" in ('family', 'patients', 'friends', 'colleagues', 'other'))
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"sender_id" uuid NOT NULL,
	"profile_id" uuid,
	"addressee_id" uuid,
	"addressee_calling_code" text NOT NULL,
	"addressee_phone" text NOT NULL,
	"sections" text[] NOT NULL,
	"child_assent" boolean DEFAULT false NOT NULL,
	"consent_text" text,
	"language" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"response_note" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invitations_kind" CHECK ("invitations"."kind" in ('invite', 'request')),
	CONSTRAINT "invitations_status" CHECK ("invitations"."status" in ('pending', 'accepted', 'denied', 'cancelled')),
	CONSTRAINT "invitations_sections" CHECK (cardinality("invitations"."sections") >= 1 and "invitations"."sections" <@ array['health_info', 'exam_info', 'imaging', 'test_results', 'prescriptions', 'vaccines', 'history', 'all']::text[]),
	CONSTRAINT "invitations_answer" CHECK (("invitations"."status" = 'pending') = ("invitations"."answered_at" is null))
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"manager_id" uuid,
	"full_name" text,
	"phone" text,
	"calling_code" text,
	"country_name" text,
	"gender" text,
	"date_of_birth" date,
	"email" text,
	"address" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_account_id_unique" UNIQUE("account_id"),
	CONSTRAINT "profiles_holder" CHECK (("profiles"."account_id" is null) <> ("profiles"."manager_id" is null)),
	CONSTRAINT "profiles_own_id" CHECK ("profiles"."account_id" is null or "profiles"."id" = "profiles"."account_id"),
	CONSTRAINT "profiles_managed_fields" CHECK ("profiles"."manager_id" is null or ("profiles"."full_name" is not null and "profiles"."phone" is not null and "profiles"."calling_code" is not null and "profiles"."country_name" is not null and "profiles"."gender" in ('male', 'female', 'other') and "profiles"."date_of_birth" is not null and "profiles"."address" is not null))
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"watcher_id" uuid NOT NULL,
	"granted_by" uuid NOT NULL,
	"sections" text[] NOT NULL,
	"child_assent" boolean DEFAULT false NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" uuid,
	CONSTRAINT "shares_sections" CHECK (cardinality("shares"."sections") >= 1 and "shares"."sections" <@ array['health_info', 'exam_info', 'imaging', 'test_results', 'prescriptions', 'vaccines', 'history', 'all']::text[]),
	CONSTRAINT "shares_not_self" CHECK ("shares"."profile_id" <> "shares"."watcher_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
ALTER TABLE "follow_group_members" ADD CONSTRAINT "follow_group_members_group_id_follow_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."follow_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_group_members" ADD CONSTRAINT "follow_group_members_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_groups" ADD CONSTRAINT "follow_groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_addressee_id_users_id_fk" FOREIGN KEY ("addressee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_watcher_id_users_id_fk" FOREIGN KEY ("watcher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_profile" ON "consent_events" USING btree ("profile_id","occurred_at");--> statement-breakpoint
CREATE INDEX "follow_group_members_profile" ON "follow_group_members" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "follow_groups_owner" ON "follow_groups" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_once" ON "invitations" USING btree ("kind","sender_id","addressee_calling_code","addressee_phone",coalesce("profile_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "invitations_addressee" ON "invitations" USING btree ("addressee_id","status");--> statement-breakpoint
CREATE INDEX "invitations_addressee_phone" ON "invitations" USING btree ("addressee_calling_code","addressee_phone","status");--> statement-breakpoint
CREATE INDEX "invitations_sender" ON "invitations" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "profiles_manager" ON "profiles" USING btree ("manager_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shares_active" ON "shares" USING btree ("profile_id","watcher_id") WHERE "shares"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "shares_watcher_active" ON "shares" USING btree ("watcher_id") WHERE "shares"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_subject_reads" ON "audit_events" USING btree ("subject_user_id","occurred_at") WHERE "audit_events"."action" = 'record.read';--> statement-breakpoint
CREATE INDEX "orders_profile" ON "orders" USING btree ("profile_id");--> statement-breakpoint
-- Every account has its own profile, with the account's id (decision 022): made with the account, and for those that exist.
CREATE FUNCTION "profiles_for_new_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "profiles" ("id", "account_id") VALUES (NEW."id", NEW."id") ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_own_profile" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "profiles_for_new_account"();
--> statement-breakpoint
INSERT INTO "profiles" ("id", "account_id") SELECT "id", "id" FROM "users" ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "orders" SET "profile_id" = "user_id" WHERE "kind" = 0;
