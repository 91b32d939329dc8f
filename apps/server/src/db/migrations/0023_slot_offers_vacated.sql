-- A booking that moves records the time it left for its waiting entry (issue 54, decision 021): never offered back to it.
ALTER TABLE "slot_offers" DROP CONSTRAINT "slot_offers_status";--> statement-breakpoint
ALTER TABLE "slot_offers" ADD CONSTRAINT "slot_offers_status" CHECK ("slot_offers"."status" in ('open', 'accepted', 'declined', 'expired', 'void', 'vacated'));