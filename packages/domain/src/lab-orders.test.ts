import { describe, expect, it } from 'vitest';
import { CALENDAR_CATEGORIES, CAPACITY_CATEGORIES, CLINIC_LAB_SLOT_MINUTES, labTimeOf, labTimes } from './lab-orders.ts';
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

  it('splits the order categories between calendar and capacity, each once', () => {
    expect([...CALENDAR_CATEGORIES, ...CAPACITY_CATEGORIES].sort()).toEqual([...ORDER_CATEGORIES].sort());
  });
});
