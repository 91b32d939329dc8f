import { LANGUAGES } from '@rhc/i18n';
import { describe, expect, it } from 'vitest';
import { FRAMED_PAGES, framedPathFor, pageHead } from './first-frame.ts';

describe('the first frame of a page', () => {
  it('has its title and texts in every language, none of them a missing key', () => {
    for (const { path } of FRAMED_PAGES) {
      const texts = new Set<string>();
      for (const language of LANGUAGES) {
        const head = pageHead(path, language);
        const shown = [...head.frame.matchAll(/>([^<]+)</g)].map((match) => match[1] ?? '');
        expect(shown.length, `${path} ${language}`).toBeGreaterThan(0);
        for (const text of shown) {
          // The translator answers a missing key with the key itself (`monitoring:intro`, `login.title`).
          expect(text, `${path} ${language}`).not.toMatch(/^[\w-]+[:.][\w.-]+$/);
          if (text !== 'RHC') texts.add(text);
        }
        expect(head.title, `${path} ${language}`).toMatch(/RHC/);
      }
      // Each language its own words.
      expect(texts.size, path).toBeGreaterThanOrEqual(LANGUAGES.length);
    }
  });

  it('is shown to the visitors who will see that page', () => {
    const framed = (path: string, signedIn: boolean) => pageHead(framedPathFor(path, signedIn), 'vi').frame !== '';
    expect([framed('/', false), framed('/', true)]).toEqual([true, true]);
    expect([framed('/login/', false), framed('/login/', true)]).toEqual([true, false]);
    expect([framed('/healthcare/', false), framed('/healthcare/', true)]).toEqual([false, true]);
    expect(framed('/healthcare', true)).toBe(true);
    expect(framed('/healthcare/confirm/', true)).toBe(false);
    expect(framed('/constructor/', true)).toBe(false);
    expect(framed('/__proto__/', true)).toBe(false);
  });

  it('writes the texts as HTML text, escaped', () => {
    // The English introduction of the relatives page holds an apostrophe ("relatives' profiles").
    const frame = pageHead('/relativemanagement/', 'en').frame;
    expect(frame).toContain('relatives&#39; profiles');
    expect(frame).not.toContain("relatives' profiles");
  });
});
