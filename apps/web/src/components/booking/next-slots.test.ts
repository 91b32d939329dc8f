import { describe, expect, it } from 'vitest';
import { freeMonth } from '../../test/orders-slots.ts';
import { nextFreeSlots } from './next-slots.ts';

describe('nextFreeSlots: the times offered when the chosen one was taken', () => {
  it('are the first free times on or after the day, in time order across days and months, whatever order they came in', () => {
    const november = freeMonth({ '2026-11-30': ['14:00', '08:30'], '2026-11-27': ['16:00'], '2026-11-26': ['07:00'] });
    const december = freeMonth({ '2026-12-01': ['07:30', '07:00'] });
    expect(nextFreeSlots([december, november], '2026-11-27')).toEqual([
      { day: '2026-11-27', hour: '16:00' },
      { day: '2026-11-30', hour: '08:30' },
      { day: '2026-11-30', hour: '14:00' },
    ]);
    expect(nextFreeSlots([december, november], '2026-12-01', 5)).toEqual([
      { day: '2026-12-01', hour: '07:00' },
      { day: '2026-12-01', hour: '07:30' },
    ]);
  });

  it('are none when nothing is free from that day on', () => {
    expect(nextFreeSlots([freeMonth({ '2026-11-26': ['07:00'] })], '2026-11-27')).toEqual([]);
  });
});
