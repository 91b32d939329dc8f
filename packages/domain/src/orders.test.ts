import { describe, expect, it } from 'vitest';
import {
  changeableUntil,
  checkOrderEdit,
  checkResultExport,
  checkResultWrite,
  completableFrom,
  DEFAULT_CHANGE_CUTOFF_MINUTES,
  checkOrderTransition,
  nameInitials,
  ORDER_STATUS,
  type OrderAction,
  type OrderRole,
  type OrderStatus,
} from './orders.ts';

const now = new Date('2026-11-22T03:00:00Z');
const later = new Date('2026-11-23T01:00:00Z');
const earlier = new Date('2026-11-21T01:00:00Z');
const { booked, done, cancelled, verified, infostore } = ORDER_STATUS;

describe('checkOrderTransition', () => {
  const cases: [OrderAction, OrderRole, OrderStatus, Date, string][] = [
    ['verify', 'doctor', booked, later, 'ok:3'],
    ['verify', 'doctor', verified, later, 'wrong_status'],
    ['verify', 'patient', booked, later, 'not_allowed'],
    ['complete', 'doctor', booked, earlier, 'ok:1'],
    ['complete', 'doctor', verified, earlier, 'ok:1'],
    ['complete', 'doctor', done, earlier, 'wrong_status'],
    ['complete', 'doctor', cancelled, earlier, 'wrong_status'],
    ['complete', 'patient', verified, earlier, 'not_allowed'],
    ['cancel', 'patient', booked, later, 'ok:2'],
    ['cancel', 'patient', verified, later, 'ok:2'],
    ['cancel', 'patient', booked, earlier, 'started'],
    ['cancel', 'patient', done, later, 'wrong_status'],
    ['cancel', 'patient', cancelled, later, 'wrong_status'],
    ['cancel', 'doctor', verified, earlier, 'ok:2'],
    ['cancel', 'doctor', infostore, later, 'wrong_status'],
    ['edit', 'patient', verified, later, 'ok:3'],
    ['edit', 'patient', booked, earlier, 'started'],
    ['edit', 'patient', done, later, 'wrong_status'],
    ['edit', 'doctor', cancelled, later, 'wrong_status'],
    ['delete', 'doctor', booked, later, 'wrong_status'],
    ['delete', 'doctor', cancelled, earlier, 'ok:null'],
    ['delete', 'doctor', verified, later, 'wrong_status'],
    ['delete', 'doctor', done, later, 'wrong_status'],
    ['delete', 'patient', booked, later, 'not_allowed'],
  ];
  it.each(cases)('%s by a %s from status %i (start %s) → %s', (action, role, status, startsAt, expected) => {
    const result = checkOrderTransition({ action, role, status, startsAt, now });
    expect(result.ok ? `ok:${String(result.to)}` : result.reason).toBe(expected);
  });
});

describe('the patient cut-off (decision 020)', () => {
  // now is 10:00 in Vietnam on 22/11; a booking at 14:00 the same day is 4 hours away.
  const at = (iso: string) => new Date(iso);
  const check = (action: OrderAction, role: OrderRole, startsAt: Date, cutoffMinutes?: number) => {
    const result = checkOrderTransition({ action, role, status: booked, startsAt, now, cutoffMinutes });
    return result.ok ? 'ok' : result.reason;
  };

  it('lets the patient change or cancel until 4 hours before the start by default, not at or after it', () => {
    expect(DEFAULT_CHANGE_CUTOFF_MINUTES).toBe(240);
    expect(check('edit', 'patient', at('2026-11-22T07:01:00Z'))).toBe('ok');
    expect(check('cancel', 'patient', at('2026-11-22T07:01:00Z'))).toBe('ok');
    expect(check('edit', 'patient', at('2026-11-22T07:00:00Z'))).toBe('cutoff');
    expect(check('cancel', 'patient', at('2026-11-22T05:00:00Z'))).toBe('cutoff');
  });

  it("follows the clinic's setting, and does not bind the doctor", () => {
    expect(check('cancel', 'patient', at('2026-11-22T04:00:00Z'), 30)).toBe('ok');
    expect(check('cancel', 'patient', at('2026-11-23T02:00:00Z'), 24 * 60)).toBe('cutoff');
    expect(check('cancel', 'doctor', at('2026-11-22T03:30:00Z'))).toBe('ok');
    expect(check('edit', 'doctor', at('2026-11-22T03:30:00Z'))).toBe('ok');
  });

  it('answers the deadline the screen shows', () => {
    expect(changeableUntil(at('2026-11-22T07:00:00Z'), 240).toISOString()).toBe('2026-11-22T03:00:00.000Z');
  });
});

describe('completion window', () => {
  const check = (startsAt: string) => {
    const result = checkOrderTransition({ action: 'complete', role: 'doctor', status: verified, startsAt: new Date(startsAt), now });
    return result.ok ? 'ok' : result.reason;
  };

  it('offers completion from 30 minutes before the start, never for a booking two months ahead', () => {
    expect(check('2026-11-22T03:30:00Z')).toBe('ok');
    expect(check('2026-11-22T03:31:00Z')).toBe('too_early');
    expect(check('2027-01-22T03:00:00Z')).toBe('too_early');
    expect(check('2026-11-20T03:00:00Z')).toBe('ok');
  });

  it('never from the evening before a booking just after midnight', () => {
    // 00:15 on 23/11 in Vietnam: from midnight, not from 23:45 on the 22nd.
    expect(completableFrom(new Date('2026-11-22T17:15:00Z')).toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(completableFrom(new Date('2026-11-22T03:00:00Z')).toISOString()).toBe('2026-11-22T02:30:00.000Z');
  });
});

describe('checkResultWrite (issue 54 item 4: the complete gate, for writing the result too)', () => {
  const write = (startsAt: string, status: number = booked) => checkResultWrite({ status, startsAt: new Date(startsAt), now });

  it('opens writing when completing opens: 30 minutes before the start, confirmed or not, and after completion', () => {
    for (const status of [booked, verified, done]) expect(write('2026-11-22T03:30:00Z', status)).toBeNull();
    expect(write('2026-11-22T03:31:00Z')).toBe('too_early');
    expect(write('2026-11-22T03:31:00Z', verified)).toBe('too_early');
    expect(write('2027-01-22T03:00:00Z')).toBe('too_early');
    expect(write('2026-11-20T03:00:00Z', done)).toBeNull();
    for (const startsAt of ['2026-11-22T03:30:00Z', '2026-11-22T03:31:00Z'])
      expect(write(startsAt) === null).toBe(
        checkOrderTransition({ action: 'complete', role: 'doctor', status: booked, startsAt: new Date(startsAt), now }).ok,
      );
  });

  it('never on a cancelled booking', () => {
    expect(write('2026-11-20T03:00:00Z', cancelled)).toBe('cancelled');
  });
});

describe('checkResultExport (issue 54 item 21)', () => {
  it('has something to export once the examination is written, never on a cancelled booking', () => {
    for (const status of [booked, verified, done]) {
      expect(checkResultExport({ status, examined: true })).toBeNull();
      expect(checkResultExport({ status, examined: false })).toBe('no_result');
    }
    expect(checkResultExport({ status: cancelled, examined: false })).toBe('cancelled');
    expect(checkResultExport({ status: cancelled, examined: true })).toBe('cancelled');
  });
});

describe('checkOrderEdit', () => {
  const none = { doctor: false, time: false, mode: false, patient: false, reason: false };
  /** The answer of an edit that is allowed: the order's status after it, and whether its meeting link is dropped. */
  const allowed = (status: number, clearMeetingLink: boolean) => ({ ok: true, status, clearMeetingLink });

  it('sends a verified order the patient moves (doctor, time or mode) back to booked, without its meeting link', () => {
    for (const change of ['doctor', 'time', 'mode'] as const)
      expect(checkOrderEdit({ role: 'patient', status: verified, changes: { ...none, [change]: true } })).toEqual(allowed(booked, true));
  });

  it('sends a verified order back to booked when the patient gives a new answer for the staff to review', () => {
    expect(checkOrderEdit({ role: 'patient', status: verified, changes: { ...none, reason: true, review: true } })).toEqual(
      allowed(booked, true),
    );
    expect(checkOrderEdit({ role: 'patient', status: verified, changes: { ...none, reason: true, review: false } })).toMatchObject({
      status: verified,
    });
  });

  it('keeps the status for a change of the note, reason or details', () => {
    expect(checkOrderEdit({ role: 'patient', status: verified, changes: { ...none, reason: true, patient: true } })).toEqual(
      allowed(verified, false),
    );
    expect(checkOrderEdit({ role: 'patient', status: booked, changes: none })).toEqual(allowed(booked, false));
  });

  it("lets the doctor change the time (still verified) but never the doctor or the patient's details or reason", () => {
    expect(checkOrderEdit({ role: 'doctor', status: verified, changes: { ...none, time: true } })).toEqual(allowed(verified, false));
    expect(checkOrderEdit({ role: 'doctor', status: verified, changes: { ...none, mode: true } })).toMatchObject({ status: booked });
    expect(checkOrderEdit({ role: 'doctor', status: booked, changes: { ...none, doctor: true } })).toEqual({
      ok: false,
      reason: 'doctor_change',
    });
    for (const change of ['patient', 'reason'] as const)
      expect(checkOrderEdit({ role: 'doctor', status: booked, changes: { ...none, [change]: true } })).toEqual({
        ok: false,
        reason: 'patient_change',
      });
  });
});

describe('nameInitials', () => {
  it('keeps only the first letter of each word, Vietnamese letters included', () => {
    expect(nameInitials('Nguyễn Thị Lan')).toBe('N.T.L.');
    expect(nameInitials('  đặng   văn  ẩn ')).toBe('Đ.V.Ẩ.');
  });
});
