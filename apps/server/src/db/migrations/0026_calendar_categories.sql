-- Lab and imaging orders hold a counted place of a resource, not their assigned staff member's time (decision 044):
-- the no-double-booking constraint of migration 0004 now holds the time of the calendar categories only
-- (CALENDAR_CATEGORIES of @rhc/domain, read back by constraints.test.ts).
ALTER TABLE orders DROP CONSTRAINT orders_no_overlap;
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_no_overlap EXCLUDE USING gist (
  doctor_id WITH =,
  tstzrange(starts_at, ends_at) WITH &&
) WHERE (doctor_id IS NOT NULL AND status IN (0, 1, 3) AND category IN ('exam', 'vaccine'));
