import { describe, expect, it } from 'vitest';
import { channelsOf } from './person-messages.ts';

const person = (notifySms: boolean, notifyEmail: boolean, phoneVerified: boolean, email = 'lan@example.vn') => ({
  email,
  notifySms,
  notifyEmail,
  phoneVerified,
});

describe('channelsOf: no SMS to a phone not verified (decision 048)', () => {
  it('keeps the chosen channels for a verified phone', () => {
    expect(channelsOf(person(true, false, true))).toEqual(['sms']);
    expect(channelsOf(person(true, true, true))).toEqual(['email', 'sms']);
    expect(channelsOf(person(false, true, true))).toEqual(['email']);
  });

  it('sends by e-mail what would have gone by SMS to an unverified phone', () => {
    expect(channelsOf(person(true, false, false))).toEqual(['email']);
    expect(channelsOf(person(true, true, false))).toEqual(['email']);
    expect(channelsOf(person(false, true, false))).toEqual(['email']);
  });

  it('sends nothing to an unverified phone even when the e-mail cannot receive', () => {
    expect(channelsOf(person(true, true, false, ''))).toEqual([]);
  });
});
