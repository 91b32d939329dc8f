CREATE TABLE "storage_trash" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION documents_to_storage_trash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_trash (storage_key) VALUES (OLD.storage_key) ON CONFLICT DO NOTHING;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_to_storage_trash AFTER DELETE ON documents FOR EACH ROW EXECUTE FUNCTION documents_to_storage_trash();
