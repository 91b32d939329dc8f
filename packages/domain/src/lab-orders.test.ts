import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGING_MODALITIES, IMAGING_TYPES } from './lab-catalog.ts';
import {
  beyondBookingHorizon,
  CALENDAR_CATEGORIES,
  CAPACITY_CATEGORIES,
  CLINIC_LAB_HOURS,
  CLINIC_LAB_SLOT_MINUTES,
  imagingTimeOf,
  imagingTimes,
  labTimeOf,
  labTimes,
} from './lab-orders.ts';
import { ORDER_CATEGORIES } from './orders.ts';

describe('lab order times', () => {
  it('offers four home windows of two hours', () => {
    expect(labTimes(true).map(({ start }) => start)).toEqual(['06:00', '08:00', '10:00', '14:00']);
  });

  it('offers clinic slots of 15 minutes in the opening hours, none crossing the lunch break', () => {
    const slots = labTimes(false);
    expect(slots[0]).toEqual({ start: '07:00', end: '07:15' });
    expect(slots.map(({ start }) => start)).toContain('10:45');
    expect(slots.map(({ start }) => start)).not.toContain('11:00');
    expect(slots.map(({ start }) => start)).toContain('13:30');
    expect(slots.at(-1)).toEqual({ start: '16:15', end: '16:30' });
    expect(slots).toHaveLength((4 * 60) / CLINIC_LAB_SLOT_MINUTES + (3 * 60) / CLINIC_LAB_SLOT_MINUTES);
  });

  it('places a window or slot start on the day in Vietnam time, stored UTC', () => {
    expect(labTimeOf(true, '2026-12-08', '06:00')).toEqual({
      startsAt: new Date('2026-12-07T23:00:00.000Z'),
      endsAt: new Date('2026-12-08T01:00:00.000Z'),
    });
    expect(labTimeOf(false, '2026-12-08', '13:45')?.endsAt).toEqual(new Date('2026-12-08T07:00:00.000Z'));
  });

  it('knows no time that is not a start of a window or slot', () => {
    expect(labTimeOf(true, '2026-12-08', '07:00')).toBeUndefined();
    expect(labTimeOf(false, '2026-12-08', '11:00')).toBeUndefined();
    expect(labTimeOf(false, '2026-12-08', '07:10')).toBeUndefined();
  });

  it('offers an MRI in slots of 45 minutes, an X-ray of 10, none past the lunch break or the closing', () => {
    expect(imagingTimes('MRI').map(({ start }) => start)).toEqual([
      '07:00',
      '07:45',
      '08:30',
      '09:15',
      '10:00',
      '13:30',
      '14:15',
      '15:00',
      '15:45',
    ]);
    expect(imagingTimes('MRI').at(-1)).toEqual({ start: '15:45', end: '16:30' });
    expect(imagingTimes('XRAY')).toHaveLength((4 * 60) / 10 + (3 * 60) / 10);
    expect(
      imagingTimes('ULTRASOUND')
        .slice(0, 3)
        .map(({ start }) => start),
    ).toEqual(['07:00', '07:20', '07:40']);
    expect(imagingTimes('CT')[0]).toEqual({ start: '07:00', end: '07:15' });
  });

  it('gives every modality back-to-back slots of its minutes inside the opening hours', () => {
    fc.assert(
      fc.property(fc.constantFrom(...IMAGING_TYPES), (type) => {
        const minutes = IMAGING_MODALITIES[type].durationMinutes;
        const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
        for (const [i, slot] of imagingTimes(type).entries()) {
          expect(toMinutes(slot.end) - toMinutes(slot.start)).toBe(minutes);
          expect(CLINIC_LAB_HOURS.some(({ start, end }) => slot.start >= start && slot.end <= end)).toBe(true);
          const next = imagingTimes(type)[i + 1];
          // The next slot follows at once, or opens the afternoon.
          if (next && next.start !== '13:30') expect(next.start).toBe(slot.end);
        }
      }),
    );
  });

  it('places an imaging slot on the day in Vietnam time, and knows no time that does not start one', () => {
    expect(imagingTimeOf('MRI', '2026-12-08', '07:45')).toEqual({
      startsAt: new Date('2026-12-08T00:45:00.000Z'),
      endsAt: new Date('2026-12-08T01:30:00.000Z'),
    });
    expect(imagingTimeOf('MRI', '2026-12-08', '07:30')).toBeUndefined();
    expect(imagingTimeOf('XRAY', '2026-12-08', '07:30')?.endsAt).toEqual(new Date('2026-12-08T00:40:00.000Z'));
    expect(imagingTimeOf('CT', '2026-12-08', '11:00')).toBeUndefined();
  });

  it('opens lab and imaging bookings 60 Vietnam calendar days ahead, and never in year 9999', () => {
    // 23:30 on 7 December in Vietnam: its today is the 7th, whatever the UTC day.
    const now = new Date('2026-12-07T16:30:00Z');
    expect(beyondBookingHorizon('2027-02-05', now)).toBe(false);
    expect(beyondBookingHorizon('2027-02-06', now)).toBe(true);
    expect(beyondBookingHorizon('9999-12-31', now)).toBe(true);
    expect(beyondBookingHorizon('2026-12-08', now)).toBe(false);
  });

  it('splits the order categories between calendar and capacity, each once', () => {
    expect([...CALENDAR_CATEGORIES, ...CAPACITY_CATEGORIES].sort()).toEqual([...ORDER_CATEGORIES].sort());
  });
});
