import type { LabFreeTimes } from '@rhc/contracts';
import { describe, expect, it } from 'vitest';
import { findNextFreeTimes } from './next-free-times.ts';

const day = (times: [string, number][]): LabFreeTimes => ({
  workUnit: { id: 2, name: 'Bệnh viện Chợ Rẫy', address: '201B Nguyễn Chí Thanh' },
  times: times.map(([start, free]) => ({ start, end: start, free })),
  districts: [],
});

describe('findNextFreeTimes', () => {
  it('offers the later free times of the day, then of the next days, skipping full ones and the taken one', async () => {
    const days: Record<string, LabFreeTimes> = {
      '2026-05-14': day([
        ['06:00', 0],
        ['08:00', 0],
        ['10:00', 2],
        ['14:00', 0],
      ]),
      '2026-05-15': day([
        ['06:00', 0],
        ['08:00', 1],
        ['10:00', 3],
        ['14:00', 1],
      ]),
    };
    const read: string[] = [];
    const load = async (at: string) => {
      read.push(at);
      return days[at] ?? day([]);
    };
    expect(await findNextFreeTimes(load, '2026-05-14', '08:00')).toEqual([
      { day: '2026-05-14', hour: '10:00' },
      { day: '2026-05-15', hour: '08:00' },
      { day: '2026-05-15', hour: '10:00' },
    ]);
    // Two days were enough.
    expect(read).toEqual(['2026-05-14', '2026-05-15']);
  });

  it('stops after a week with what it found', async () => {
    const read: string[] = [];
    const found = await findNextFreeTimes(async (at) => (read.push(at), day([['06:00', 0]])), '2026-05-14', '06:00');
    expect(found).toEqual([]);
    expect(read).toHaveLength(8);
  });
});
