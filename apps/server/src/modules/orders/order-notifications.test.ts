import { isResultCategory } from '@rhc/domain';
import { LANGUAGES } from '@rhc/i18n';
import { describe, expect, it } from 'vitest';
import { foldForSms, smsSegments } from '../../platform/messaging/sms-text.ts';
import { channelsOf } from '../../platform/messaging/person-messages.ts';
import { registeredCategories } from './categories/index.ts';
import { NOTICE_KINDS } from './category.ts';
import { noticeMessages, smsPartLimit, type NotificationEvent, type Recipient } from './order-notifications.ts';

/** Every kind of notice an order's change sends: the texts of each are checked. */
const EVENTS: readonly NotificationEvent[] = NOTICE_KINDS;

// A production-like tracking link (a 43-character secure code) and a generated meeting link.
const facts = {
  orderId: '6f1c2b1e-8a4b-4f7e-9a51-3c2d1e0f9a8b',
  code: 'RHC-7KQ2M9XD',
  checkDay: '2026-12-24',
  checkHour: '14:30',
  doctor: 'Nguyễn Thị Hồng Nhung',
  place: () => 'Bệnh viện Đại học Y Dược TP. Hồ Chí Minh, 215 Hồng Bàng, Phường 11, Quận 5',
  link: `https://datlich.rhc.vn/order-tracking/${'x'.repeat(43)}`,
  bookingLink: 'https://datlich.rhc.vn/all-orders/6f1c2b1e-8a4b-4f7e-9a51-3c2d1e0f9a8b',
  meeting: `https://meet.jit.si/rhc/${'y'.repeat(43)}`,
  reason: 'Bác sĩ phải tham gia ca mổ cấp cứu kéo dài cả buổi chiều, xin lỗi vì sự bất tiện này; vui lòng đặt lại lịch vào tuần sau.',
};

function person(language: string, notifySms: boolean, notifyEmail: boolean, email = 'nhung@example.vn'): Recipient {
  return { id: 'u1', fullName: 'Trần Văn Bình', phone: '0912345678', email, language, notifySms, notifyEmail, phoneVerified: true };
}

describe('notice texts', () => {
  it('fits every SMS of every category in two parts (three for the online confirmation with its call link), in every language', () => {
    // A flagged order (an imaging order waiting for review, decision 045) is worded by its category's flagged texts.
    for (const { id: category } of registeredCategories())
      for (const language of LANGUAGES)
        for (const [event, flagged] of EVENTS.flatMap((kind) => [[kind, false] as const, [kind, true] as const])) {
          const [sms] = noticeMessages(event, person(language, true, false), { ...facts, category, flagged }, '1');
          expect(sms?.channel).toBe('sms');
          const where = `${category} ${language} ${event}${flagged ? ' flagged' : ''}: ${sms?.body}`;
          expect(smsSegments(sms?.body ?? ''), where).toBeLessThanOrEqual(smsPartLimit(event));
          // The patient's link is the public tracking; the doctor's, their own screen of the booking (issue 54 item 14). Results
          // are never on the public page: "results ready" links the order's own page, behind the sign-in (decision 046); a
          // patient asked to move or cancel (decision 047) is sent to the booking's page, where they can.
          const ownPage =
            !event.startsWith('patient.') ||
            event === 'patient.doctorUnavailable' ||
            (event === 'patient.completed' && isResultCategory(category));
          if (event !== 'doctor.movedAway') expect(sms?.body, where).toContain(ownPage ? facts.bookingLink : facts.link);
          expect(sms?.body, where).not.toContain(ownPage ? facts.link : facts.bookingLink);
          // A vaccination is never online: its confirmation carries no call link.
          if (event === 'patient.verifiedOnline' && category === 'exam') expect(sms?.body).toContain(facts.meeting);
        }
  });

  it('writes e-mails in the recipient language with the tracking link, and the reason of a cancellation', () => {
    const [vi] = noticeMessages('patient.cancelled', person('vi', false, true), facts, '3');
    expect(vi).toMatchObject({ channel: 'email', recipient: 'nhung@example.vn' });
    expect(vi?.subject).toContain('đã bị hủy');
    expect(vi?.body).toContain(facts.reason);
    expect(vi?.body).toContain(facts.link);
    expect(vi?.dedupeKey).toBe(`order:${facts.orderId}:patient.cancelled:3:u1:email`);
    const [zh] = noticeMessages('patient.verifiedOnline', person('zh', false, true), facts, '2');
    expect(zh?.body).toContain(facts.meeting);
    expect(zh?.subject).toContain('通话链接');
  });

  it('sends by SMS instead when the e-mail chosen cannot be received, and by both when both are chosen', () => {
    expect(channelsOf(person('vi', false, true, ''))).toEqual(['sms']);
    expect(channelsOf(person('vi', true, true))).toEqual(['email', 'sms']);
    expect(channelsOf(person('vi', true, false))).toEqual(['sms']);
  });

  it('folds Vietnamese to the GSM alphabet, so 160 characters fit one part', () => {
    expect(foldForSms('Lịch khám đã được xác nhận. ĐƯỢC')).toBe('Lich kham da duoc xac nhan. DUOC');
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('ị'.repeat(70))).toBe(1);
    expect(smsSegments('中'.repeat(71))).toBe(2);
  });
});
