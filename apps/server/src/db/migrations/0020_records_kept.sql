-- Custom SQL migration file, put your code below! --
-- What a clinic and a family must be able to trust (issue 54): an issued diagnosis and prescription, and the consent
-- history, are never removed. The database itself refuses, as it does for audit_events (0002), whatever code asks — a
-- cascade from a deleted order included. SQLSTATE RH001 (RECORD_KEPT in src/db/errors.ts) lets the server answer 409.
CREATE FUNCTION clinical_record_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a written diagnosis or prescription is kept' USING ERRCODE = 'RH001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER examinations_no_delete BEFORE DELETE ON "examinations"
  FOR EACH ROW EXECUTE FUNCTION clinical_record_kept();
--> statement-breakpoint
CREATE TRIGGER prescriptions_no_delete BEFORE DELETE ON "prescriptions"
  FOR EACH ROW EXECUTE FUNCTION clinical_record_kept();
--> statement-breakpoint
CREATE TRIGGER prescription_lines_no_delete BEFORE DELETE ON "prescription_lines"
  FOR EACH ROW EXECUTE FUNCTION clinical_record_kept();
--> statement-breakpoint
CREATE FUNCTION consent_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'consent_events is append-only' USING ERRCODE = 'RH001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER consent_events_no_update_delete BEFORE UPDATE OR DELETE ON "consent_events"
  FOR EACH ROW EXECUTE FUNCTION consent_events_append_only();
