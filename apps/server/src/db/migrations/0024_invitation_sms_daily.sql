-- One invitation SMS per sender, addressee number and Vietnam day (issue 54, decision 022).
ALTER TABLE "invitations" ADD COLUMN "sms_day" date;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_sms_daily" ON "invitations" USING btree ("sender_id","addressee_calling_code","addressee_phone","sms_day") WHERE "invitations"."sms_day" is not null;