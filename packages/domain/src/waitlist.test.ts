import { describe, expect, it } from 'vitest';
import { checkWaitlistRange, OFFER_HOLD_MINUTES, offerExpiresAt, slotFitsEntry, type WaitlistEntryFacts } from './waitlist.ts';

const now = new Date('2030-03-04T01:00:00Z'); // 08:00 in Vietnam, 4 March
const entry: WaitlistEntryFacts = {
  doctorId: 'doc',
  mode: 'direct',
  slotMinutes: 30,
  fromDay: '2030-03-05',
  toDay: '2030-03-08',
  bookedStartsAt: new Date('2030-03-10T02:00:00Z'),
};
const slot = { doctorId: 'doc', mode: 'direct', startsAt: new Date('2030-03-06T02:00:00Z'), endsAt: new Date('2030-03-06T02:30:00Z') };

describe('slotFitsEntry', () => {
  it('offers a slot of the same doctor and mode within the days, earlier than the booking', () => {
    expect(slotFitsEntry(slot, entry, now)).toBe(true);
  });
  it('refuses another doctor or mode', () => {
    expect(slotFitsEntry({ ...slot, doctorId: 'other' }, entry, now)).toBe(false);
    expect(slotFitsEntry({ ...slot, mode: 'online' }, entry, now)).toBe(false);
  });
  it('an entry waiting for any doctor of its specialty takes another doctor’s slot, of its mode only', () => {
    expect(slotFitsEntry({ ...slot, doctorId: 'other' }, { ...entry, doctorId: null }, now)).toBe(true);
    expect(slotFitsEntry({ ...slot, doctorId: 'other', mode: 'online' }, { ...entry, doctorId: null }, now)).toBe(false);
  });
  it('refuses a slot too short for the exam', () => {
    expect(slotFitsEntry({ ...slot, endsAt: new Date('2030-03-06T02:20:00Z') }, entry, now)).toBe(false);
  });
  it('refuses a slot outside the days, in Vietnam time', () => {
    // 23:30 UTC on the 8th is already the 9th in Vietnam.
    expect(
      slotFitsEntry({ ...slot, startsAt: new Date('2030-03-08T17:30:00Z'), endsAt: new Date('2030-03-08T18:00:00Z') }, entry, now),
    ).toBe(false);
    expect(
      slotFitsEntry({ ...slot, startsAt: new Date('2030-03-04T20:00:00Z'), endsAt: new Date('2030-03-04T20:30:00Z') }, entry, now),
    ).toBe(true);
    expect(
      slotFitsEntry({ ...slot, startsAt: new Date('2030-03-04T10:00:00Z'), endsAt: new Date('2030-03-04T10:30:00Z') }, entry, now),
    ).toBe(false);
  });
  it('refuses a slot not earlier than the booking, or already begun', () => {
    expect(slotFitsEntry(slot, { ...entry, bookedStartsAt: slot.startsAt }, now)).toBe(false);
    expect(slotFitsEntry(slot, { ...entry, fromDay: '2030-03-01' }, new Date('2030-03-06T02:00:00Z'))).toBe(false);
  });
});

describe('offer hold and ranges', () => {
  it('holds an offer for 15 minutes', () => {
    expect(OFFER_HOLD_MINUTES).toBe(15);
    expect(offerExpiresAt(now).toISOString()).toBe('2030-03-04T01:15:00.000Z');
  });
  it('accepts days running forward, not over, up to the booking day', () => {
    expect(checkWaitlistRange({ fromDay: '2030-03-04', toDay: '2030-03-09' }, entry.bookedStartsAt, now)).toBeNull();
    expect(checkWaitlistRange({ fromDay: '2030-03-06', toDay: '2030-03-05' }, entry.bookedStartsAt, now)).toBe('range_order');
    expect(checkWaitlistRange({ fromDay: '2030-03-01', toDay: '2030-03-03' }, entry.bookedStartsAt, now)).toBe('range_past');
    expect(checkWaitlistRange({ fromDay: '2030-03-05', toDay: '2030-03-11' }, entry.bookedStartsAt, now)).toBe('range_after_booking');
  });
});
