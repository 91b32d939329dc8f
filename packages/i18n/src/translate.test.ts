import { describe, expect, it } from 'vitest';
import { Catalog, interpolate, splitKey } from './translate.ts';
import { createTranslator } from './translator.ts';

function catalog() {
  const strings = new Catalog();
  strings.add('en', 'orders', {
    title: 'Your bookings',
    status: { pending: 'Waiting for {{doctor}}' },
    days_zero: 'today',
    days_one: '{{count}} day',
    days_other: '{{count}} days',
    items_one: 'one item',
    items_other: '{{count}} items',
  });
  strings.add('en', 'common', { title: 'RHC', actions: { close: 'Close' } });
  strings.add('vi', 'orders', { days_other: '{{count}} ngày', title: 'Lịch hẹn' });
  return strings;
}

describe('a key’s text', () => {
  it('is found by its path, in the first namespace that has it or in the one it names', () => {
    const strings = catalog();
    expect(strings.lookup('en', ['orders', 'common'], 'title')).toBe('Your bookings');
    expect(strings.lookup('en', ['common', 'orders'], 'title')).toBe('RHC');
    expect(strings.lookup('en', ['orders', 'common'], 'actions.close')).toBe('Close');
    expect(strings.lookup('en', ['common'], 'orders:title')).toBe('Your bookings');
    expect(strings.lookup('vi', ['orders'], 'title')).toBe('Lịch hẹn');
  });

  it('is missing (undefined) for an unknown key, a branch, an inherited property or an unloaded namespace', () => {
    const strings = catalog();
    expect(strings.lookup('en', ['orders'], 'no.such.key')).toBeUndefined();
    expect(strings.lookup('en', ['orders'], 'status')).toBeUndefined();
    expect(strings.lookup('en', ['orders'], 'constructor.name')).toBeUndefined();
    expect(strings.lookup('en', ['orders'], '__proto__')).toBeUndefined();
    expect(strings.lookup('zh', ['orders'], 'title')).toBeUndefined();
    strings.remove('en', 'orders');
    expect(strings.has('en', 'orders')).toBe(false);
    expect(strings.lookup('en', ['orders'], 'title')).toBeUndefined();
  });

  it('takes the plural form of the language’s rules, the zero form for 0, and counts in the text', () => {
    const strings = catalog();
    expect(strings.lookup('en', ['orders'], 'days', { count: 0 })).toBe('today');
    expect(strings.lookup('en', ['orders'], 'days', { count: 1 })).toBe('1 day');
    expect(strings.lookup('en', ['orders'], 'days', { count: 5 })).toBe('5 days');
    expect(strings.lookup('en', ['orders'], 'items', { count: 0 })).toBe('0 items');
    // Vietnamese has one form for every number.
    expect(strings.lookup('vi', ['orders'], 'days', { count: 1 })).toBe('1 ngày');
  });

  it('fills its placeholders, and leaves one without a value to show', () => {
    const strings = catalog();
    expect(strings.lookup('en', ['orders'], 'status.pending', { doctor: 'BS. An' })).toBe('Waiting for BS. An');
    expect(strings.lookup('en', ['orders'], 'status.pending')).toBe('Waiting for {{doctor}}');
    expect(interpolate('{{ a }} and {{b}} and {{a}}', { a: 1, b: '<b>' })).toBe('1 and <b> and 1');
  });

  it('names its namespace before a colon', () => {
    expect(splitKey('orders:status.pending', ['common'])).toEqual({ namespaces: ['orders'], path: 'status.pending' });
    expect(splitKey('status.pending', ['common', 'orders'])).toEqual({ namespaces: ['common', 'orders'], path: 'status.pending' });
  });
});

describe('the server’s translator', () => {
  it('reads every namespace of every language from the locale files, errors first', () => {
    const translatorFor = createTranslator();
    expect(translatorFor('en')('messages:order.online')).not.toBe('messages:order.online');
    expect(translatorFor('vi')('validation.required')).toBe(translatorFor('vi')('errors:validation.required'));
    expect(translatorFor('vi')('validation.required')).not.toBe(translatorFor('en')('validation.required'));
  });

  it('answers a key no namespace has with the key itself', () => {
    expect(createTranslator()('zh')('no.such.key')).toBe('no.such.key');
  });

  it('tells a `namespace:key` the files have from anything else (`known`)', () => {
    const translatorFor = createTranslator();
    expect(translatorFor.known('en', 'messages:order.online')).toBe(translatorFor('en')('messages:order.online'));
    expect(translatorFor.known('en', 'waitlist:offer.subject', { day: '28/11/2026', hour: '09:00' })).toBe(
      'RHC: an earlier slot on 28/11/2026 at 09:00 is held for you',
    );
    // Without its namespace, even a key of the default one; a namespace or key the server has not; a group of texts.
    expect(translatorFor.known('en', 'validation.required')).toBeUndefined();
    expect(translatorFor.known('en', 'nowhere:inApp.x')).toBeUndefined();
    expect(translatorFor.known('en', 'waitlist:offer.nothing')).toBeUndefined();
    expect(translatorFor.known('en', 'waitlist:offer')).toBeUndefined();
    expect(translatorFor.known('en', 'waitlist:')).toBeUndefined();
    expect(translatorFor.known('en', ':offer.subject')).toBeUndefined();
  });
});
