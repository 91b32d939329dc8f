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
