-- Custom SQL migration file, put your code below! --
-- A freed slot offered to a waiting patient is held for them until the offer expires (issue 12, decision 021): while an
-- offer is open and unexpired, no other booking of that doctor may take any of its time — a new booking, a move, a
-- doctor's edit alike. Checked by the database on every write that places a booking in a doctor's calendar, so no path
-- can forget it. Every such write holds the doctor's calendar lock (as does the change that makes an offer) and a
-- VOLATILE function reads with a fresh snapshot, so an offer committed while the booking waited for the lock is seen:
-- race-free like orders_no_overlap. "Unexpired" is judged at the writer's clock: the row's updated_at, which every
-- booking and change sets to the application's now. Refused as an exclusion violation, as a taken slot is.
CREATE FUNCTION orders_respect_offer_hold() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NEW.doctor_id IS NULL OR NEW.status NOT IN (0, 3) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status IN (0, 3) AND NEW.doctor_id = OLD.doctor_id
     AND NEW.starts_at = OLD.starts_at AND NEW.ends_at = OLD.ends_at THEN
    RETURN NEW;
  END IF;
  IF EXISTS (
    SELECT 1 FROM slot_offers o JOIN waitlist_entries e ON e.id = o.entry_id
    WHERE o.doctor_id = NEW.doctor_id AND o.status = 'open' AND o.expires_at > NEW.updated_at
      AND tstzrange(o.starts_at, o.ends_at) && tstzrange(NEW.starts_at, NEW.ends_at)
      AND e.order_id <> NEW.id
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'slot_offers_hold',
      MESSAGE = 'slot_offers_hold: this time is held for a waiting patient';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_offer_hold BEFORE INSERT OR UPDATE OF doctor_id, starts_at, ends_at, status ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_respect_offer_hold();
