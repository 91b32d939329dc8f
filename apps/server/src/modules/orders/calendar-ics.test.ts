import { describe, expect, it } from 'vitest';
import { calendarIcs, escapeIcsText } from './calendar-ics.ts';

const event = {
  uid: 'f3a1@rhc',
  stamp: new Date('2026-11-22T03:00:00.123Z'),
  startsAt: new Date('2026-11-23T02:00:00Z'),
  endsAt: new Date('2026-11-23T02:30:00Z'),
  summary: 'Khám lần đầu — BS. Lê Văn Minh (RHC-ABCD2345)',
  location: 'Phòng khám Đa khoa Sài Gòn, 45 Lê Lợi; Quận 1',
  description: 'RHC-ABCD2345\nhttps://rhc.vn/order-tracking/x',
  url: 'https://rhc.vn/order-tracking/x',
};

describe('calendarIcs', () => {
  it('escapes backslash, semicolon, comma and line breaks in text (RFC 5545 §3.3.11)', () => {
    expect(escapeIcsText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('writes UTC times without fractions and ends every line with CRLF', () => {
    const ics = calendarIcs(event);
    expect(ics).toContain('DTSTAMP:20261122T030000Z\r\n');
    expect(ics).toContain('DTSTART:20261123T020000Z\r\n');
    expect(ics.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
  });

  it('folds lines longer than 75 octets without splitting a Vietnamese character', () => {
    const ics = calendarIcs({
      ...event,
      location: 'Bệnh viện Đa khoa Quốc tế Hồng Ngọc, 55 Yên Ninh, Trúc Bạch, Ba Đình, Hà Nội, Việt Nam',
    });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      'LOCATION:Bệnh viện Đa khoa Quốc tế Hồng Ngọc\\, 55 Yên Ninh\\, Trúc Bạch\\, Ba Đình\\, Hà Nội\\, Việt Nam\r\n',
    );
  });
});
