import { describe, expect, it } from 'vitest';
import { dueReminders, reminderListProblem, sortReminderMinutes } from './reminders.ts';

const HOUR = 60 * 60_000;
const startsAt = new Date('2026-12-01T02:00:00Z');
const at = (hoursBefore: number) => new Date(startsAt.getTime() - hoursBefore * HOUR);
const bookedDaysAgo = { startsAt, since: at(72), minutes: [1440, 120] };

describe('reminderListProblem', () => {
  it('keeps offered lead times, each once, at most three, and an empty list (no reminders)', () => {
    expect(reminderListProblem([1440, 120])).toBeNull();
    expect(reminderListProblem([2880, 1440, 30])).toBeNull();
    expect(reminderListProblem([])).toBeNull();
  });
  it('refuses a lead time not offered, a repeated one and a fourth', () => {
    expect(reminderListProblem([45])).toBe('notAllowed');
    expect(reminderListProblem([0])).toBe('notAllowed');
    expect(reminderListProblem([120, 120])).toBe('duplicate');
    expect(reminderListProblem([30, 60, 120, 240])).toBe('tooMany');
  });
  it('sorts the earliest reminder first', () => {
    expect(sortReminderMinutes([120, 2880, 30])).toEqual([2880, 120, 30]);
  });
});

describe('dueReminders', () => {
  it('is due from its moment until the appointment starts', () => {
    expect(dueReminders(bookedDaysAgo, at(25))).toEqual({ send: [], skipped: [] });
    expect(dueReminders(bookedDaysAgo, at(24))).toEqual({ send: [1440], skipped: [] });
    expect(dueReminders({ ...bookedDaysAgo, sent: [1440] }, at(3))).toEqual({ send: [], skipped: [] });
    expect(dueReminders({ ...bookedDaysAgo, sent: [1440] }, at(2))).toEqual({ send: [120], skipped: [] });
    expect(dueReminders({ ...bookedDaysAgo, sent: [1440] }, at(0.1))).toEqual({ send: [120], skipped: [] });
  });
  it('never once the appointment has started', () => {
    expect(dueReminders(bookedDaysAgo, at(0))).toEqual({ send: [], skipped: [] });
    expect(dueReminders(bookedDaysAgo, at(-1))).toEqual({ send: [], skipped: [] });
  });
  it('never one whose moment had passed when the booking got its time', () => {
    const lateBooking = { startsAt, since: at(1.5), minutes: [1440, 120, 30] };
    expect(dueReminders(lateBooking, at(1))).toEqual({ send: [], skipped: [] });
    expect(dueReminders(lateBooking, at(0.5))).toEqual({ send: [30], skipped: [] });
  });
  it('sends only the nearest of several due at once, and skips the others', () => {
    expect(dueReminders(bookedDaysAgo, at(1))).toEqual({ send: [120], skipped: [1440] });
  });
  it('sends nothing for an empty list or a lead time not offered', () => {
    expect(dueReminders({ ...bookedDaysAgo, minutes: [] }, at(1))).toEqual({ send: [], skipped: [] });
    expect(dueReminders({ ...bookedDaysAgo, minutes: [90] }, at(1))).toEqual({ send: [], skipped: [] });
  });
});
