ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "outbox_due" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."next_attempt_at" is not null;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_channel" CHECK ("outbox_messages"."channel" in ('sms', 'email'));