import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatInstant, inDisplayZone } from './dates.ts';
import { changeLanguage } from './i18n.ts';

describe('dates', () => {
  it("shows an instant in Vietnam's time, DD-MM-YYYY in lists", () => {
    // 18:30 UTC on 31 December is already 1 January in Vietnam (UTC+7).
    expect(formatInstant('2025-12-31T18:30:00Z')).toBe('01-01-2026');
    expect(formatInstant('2025-12-31T18:30:00Z', 'DD/MM/YYYY HH:mm')).toBe('01/01/2026 01:30');
  });

  it("agrees with dayjs's own time-zone conversion, also where Saigon's clock was an hour ahead (1960–1975)", () => {
    for (const instant of [
      '2026-11-26T16:59:59.999Z',
      '2026-11-26T17:00:00Z',
      '1970-06-01T15:30:00Z',
      '1975-06-13T16:00:00Z',
      '9999-12-31T23:59:59Z',
    ]) {
      const expected = dayjs(instant).tz('Asia/Ho_Chi_Minh');
      expect(inDisplayZone(instant).format('YYYY-MM-DD HH:mm:ss.SSS Z')).toBe(expected.format('YYYY-MM-DD HH:mm:ss.SSS Z'));
    }
    expect(inDisplayZone('1970-06-01T15:30:00Z').format('HH:mm Z')).toBe('23:30 +08:00');
    expect(inDisplayZone('not a date').isValid()).toBe(false);
  });

  it('shows a calendar day as it is, without moving it across time zones', () => {
    expect(formatCalendarDay('2026-03-09')).toBe('09-03-2026');
    expect(formatCalendarDay('2026-03-09', 'DD/MM/YYYY')).toBe('09/03/2026');
  });

  it('starts weeks on Monday in every language', async () => {
    // Sunday 8 March 2026 belongs to the week that began on Monday 2 March.
    for (const language of ['vi', 'en', 'zh'] as const) {
      await changeLanguage(language);
      expect(dayjs('2026-03-08').startOf('week').format('YYYY-MM-DD')).toBe('2026-03-02');
    }
  });

  it('names months in the current language', async () => {
    await changeLanguage('vi');
    expect(inDisplayZone('2026-03-09T03:00:00Z').format('MMMM')).toBe('tháng 3');
    await changeLanguage('zh');
    expect(inDisplayZone('2026-03-09T03:00:00Z').format('MMMM')).toBe('三月');
    await changeLanguage('en');
    expect(inDisplayZone('2026-03-09T03:00:00Z').format('MMMM')).toBe('March');
  });
});
