-- Custom SQL migration file, put your code below! ---- No double booking, by the database itself (R1, ARCHITECTURE "Data rules"): two orders of one doctor that are
-- booked, verified or done can never share a moment. Cancelled orders (2) free their time; record-keeping
-- entries (4) take none. btree_gist lets one GiST index compare the doctor with = and the times with &&.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_no_overlap EXCLUDE USING gist (
  doctor_id WITH =,
  tstzrange(starts_at, ends_at) WITH &&
) WHERE (doctor_id IS NOT NULL AND status IN (0, 1, 3));
