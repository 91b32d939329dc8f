import { describe, expect, it } from 'vitest';
import { languageFromHeader, localeOf } from './languages.ts';

describe('languageFromHeader', () => {
  it.each([
    [undefined, 'vi'],
    ['', 'vi'],
    ['en', 'en'],
    ['zh', 'zh'],
    ['zh-CN,zh;q=0.9', 'zh'],
    ['EN-gb', 'en'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'en'],
    ['en;q=0.5,zh;q=0.9', 'zh'],
    ['fr, de', 'vi'],
    ['en;q=0', 'vi'],
    ['*', 'vi'],
  ])('reads %s as %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });
});

describe('localeOf', () => {
  it('gives the locale Intl and documents use for each language, and Vietnamese for an unknown one', () => {
    expect([localeOf('vi'), localeOf('en'), localeOf('zh')]).toEqual(['vi-VN', 'en-GB', 'zh-CN']);
    expect(localeOf('fr')).toBe('vi-VN');
    expect(localeOf('')).toBe('vi-VN');
  });
});
