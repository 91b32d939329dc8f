import { describe, expect, it } from 'vitest';
import { readLanguageCookie } from './i18n.ts';

describe('readLanguageCookie', () => {
  it('reads the language chosen earlier from the RHC_lang cookie', () => {
    expect(readLanguageCookie('theme=x; RHC_lang=zh; other=1')).toBe('zh');
    expect(readLanguageCookie('RHC_lang=en')).toBe('en');
  });

  it('falls back to Vietnamese when the cookie is missing or holds something else', () => {
    expect(readLanguageCookie('')).toBe('vi');
    expect(readLanguageCookie('RHC_lang=fr')).toBe('vi');
    expect(readLanguageCookie('XRHC_lang=en')).toBe('vi');
  });
});
