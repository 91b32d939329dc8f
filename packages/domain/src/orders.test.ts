import { describe, expect, it } from 'vitest';
import {
  checkOrderEdit,
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
    ['delete', 'doctor', booked, later, 'ok:null'],
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

describe('checkOrderEdit', () => {
  const none = { doctor: false, time: false, mode: false, patient: false, reason: false };

  it('sends a verified order the patient moves (doctor, time or mode) back to booked, without its meeting link', () => {
    for (const change of ['doctor', 'time', 'mode'] as const)
      expect(checkOrderEdit({ role: 'patient', status: verified, changes: { ...none, [change]: true } })).toEqual({
        ok: true,
        status: booked,
        clearMeetingLink: true,
      });
  });

  it('keeps the status for a change of the note, reason or details', () => {
    expect(checkOrderEdit({ role: 'patient', status: verified, changes: { ...none, reason: true, patient: true } })).toEqual({
      ok: true,
      status: verified,
      clearMeetingLink: false,
    });
    expect(checkOrderEdit({ role: 'patient', status: booked, changes: none })).toEqual({
      ok: true,
      status: booked,
      clearMeetingLink: false,
    });
  });

  it("lets the doctor change the time (still verified) but never the doctor or the patient's details or reason", () => {
    expect(checkOrderEdit({ role: 'doctor', status: verified, changes: { ...none, time: true } })).toEqual({
      ok: true,
      status: verified,
      clearMeetingLink: false,
    });
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
