import { LANGUAGES } from '@rhc/i18n';
import { describe, expect, it } from 'vitest';
import { smsSegments } from '../../platform/messaging/sms-text.ts';
import { REMINDER_SMS_PARTS, reminderMessages } from './reminders.service.ts';
import type { ReminderFacts } from './reminders.repository.ts';

const base: ReminderFacts = {
  orderId: '3f0c9a52-7d1e-4b8a-9c3f-5e6d7a8b9c0d',
  code: 'RHC-7K2M9Q4X',
  secureCode: 'k7PqR2sT9vWxY3zA5bC8dE1fG4hJ6kL8mN0pQ2rS4tU',
  mode: 'direct',
  checkDay: '2026-12-01',
  checkHour: '09:30',
  meetingLink: null,
  doctor: 'Trần Minh Đức',
  workUnit: {
    names: { vi: 'Bệnh viện Đa khoa Quốc tế Thành phố', en: 'City International General Hospital', zh: '市国际综合医院' },
    address: '286 Nguyễn Văn Cừ, Phường An Khánh, Thành phố Thủ Đức, Thành phố Hồ Chí Minh, Việt Nam',
  },
  patient: null,
};
const person = (language: string) => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  fullName: 'Nguyễn Thị Lan',
  phone: '0901234567',
  email: 'lan@example.vn',
  language,
  notifySms: true,
  notifyEmail: true,
  phoneVerified: true,
});
const startsAt = new Date('2026-12-01T02:30:00Z');
const PUBLIC = 'https://rhc.vn';

describe('reminder texts', () => {
  for (const language of LANGUAGES) {
    it(`in ${language}: an e-mail and an SMS of at most ${REMINDER_SMS_PARTS} parts, each with both links`, () => {
      for (const facts of [
        base,
        { ...base, mode: 'online', workUnit: null, meetingLink: 'https://meet.jit.si/rhc/Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1' },
      ]) {
        const { messages, inApp } = reminderMessages(facts, person(language), 120, startsAt, PUBLIC);
        expect(messages.map((message) => message.channel)).toEqual(['email', 'sms']);
        const [mail, sms] = messages;
        for (const message of messages) {
          expect(message.body).toContain(`${PUBLIC}/order-tracking/${base.secureCode}`);
          expect(message.body).toContain(`${PUBLIC}/all-orders/${base.orderId}`);
          expect(message.dedupeKey).toMatch(/^reminder:3f0c9a52-[^:]+:120:2026-12-01T02:30:00\.000Z:a1b2c3d4-[^:]+:(email|sms)$/);
        }
        expect(mail?.subject).toContain('RHC-7K2M9Q4X');
        expect(mail?.body).toContain('09:30');
        expect(smsSegments(sms?.body ?? '')).toBeLessThanOrEqual(REMINDER_SMS_PARTS);
        // Vietnamese and English SMS without diacritics (GSM), Chinese as is.
        if (language !== 'zh') expect(sms?.body).not.toMatch(/[ạảấầẩẫậắằẳẵặẹẻẽếềểễệịỉọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹđ]/i);
        expect(inApp).toMatchObject({ event: 'reminders:inApp.due', params: { code: 'RHC-7K2M9Q4X', hour: '09:30', day: '01/12/2026' } });
      }
    });
  }

  it('puts the call link of a confirmed online booking in the e-mail', () => {
    const online = { ...base, mode: 'online', workUnit: null, meetingLink: 'https://meet.jit.si/rhc/abc' };
    const [mail] = reminderMessages(online, person('vi'), 30, startsAt, PUBLIC).messages;
    expect(mail?.body).toContain('Địa điểm: https://meet.jit.si/rhc/abc');
    expect(mail?.body).toContain('sau khoảng 30 phút nữa');
  });

  it('sends by SMS only when that is the only choice', () => {
    const { messages } = reminderMessages(base, { ...person('en'), notifyEmail: false }, 1440, startsAt, PUBLIC);
    expect(messages.map((message) => [message.channel, message.recipient])).toEqual([['sms', '0901234567']]);
  });
});
