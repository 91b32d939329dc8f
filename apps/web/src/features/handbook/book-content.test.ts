import {
  BLOOD_SUGAR_DIABETES,
  BLOOD_SUGAR_LOW,
  BMI_ASIA_OBESE_1_FROM,
  BMI_ASIA_OVERWEIGHT_FROM,
  BMI_UNDERWEIGHT_BELOW,
  bloodPressureColour,
  BP_GRADE1_DIASTOLIC,
  BP_GRADE1_SYSTOLIC,
  BP_RED_DIASTOLIC,
  BP_RED_SYSTOLIC,
  EMERGENCY_NUMBERS,
  HANDBOOK_CHAPTERS,
  HANDBOOK_PAGES,
} from '@rhc/domain';
import { LANGUAGES, type Language } from '@rhc/i18n';
import { describe, expect, it } from 'vitest';
import { i18n, type TranslationKey } from '../../lib/i18n.ts';
import { chapterTitleKey, pageBodyKey, pageTitleKey } from './book-texts.ts';
import { parseBody, type Block, type Inline } from './markup.ts';

/*
 * The book's words against its table of contents (@rhc/domain) and against each other: every page in every language,
 * translated whole (the same headings, items, table cells and links), with the same numbers, and the thresholds the
 * app colours readings by where a page states them.
 */
const text = (language: Language, key: TranslationKey<'handbook'>) => i18n.fixedT<'handbook'>(language, ['handbook'])(key);
const body = (language: Language, slug: string) => text(language, pageBodyKey(slug));

/** A page's shape: each block's kind and size, and the links it makes. */
function shape(blocks: Block[]) {
  return blocks.map((block) => {
    switch (block.kind) {
      case 'heading':
        return 'h';
      case 'paragraph':
        return `p:${block.inlines.flatMap((inline) => (inline.kind === 'link' ? [inline.href] : [])).join()}`;
      case 'list':
        return `ul:${block.items.length}:${block.items.flatMap((item) => item.flatMap((inline) => (inline.kind === 'link' ? [inline.href] : []))).join()}`;
      case 'table':
        return `table:${block.head.length}x${block.rows.length}:${block.rows.every((row) => row.length === block.head.length)}`;
    }
  });
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The numbers of a text, whatever the language writes around them (a decimal comma, an English month's name). */
const numbersOf = (words: string) =>
  (MONTHS.reduce((text, month, index) => text.replaceAll(month, String(index + 1)), words).match(/\d+(?:[.,]\d+)?/g) ?? [])
    .map((number) => number.replace(',', '.'))
    .sort()
    .join(' ');

describe.each(LANGUAGES)('the book in %s', (language) => {
  it.each(HANDBOOK_PAGES.map((entry) => entry.slug))('has the page %s, with a title and a text', (slug) => {
    expect(text(language, pageTitleKey(slug)).trim()).not.toBe('');
    expect(parseBody(body(language, slug)).length).toBeGreaterThan(0);
  });

  it('names every chapter', () => {
    for (const chapter of HANDBOOK_CHAPTERS) expect(text(language, chapterTitleKey(chapter.id)).trim()).not.toBe('');
  });

  it('translates each page whole: the same headings, items, table cells and links as the English page', () => {
    for (const { slug } of HANDBOOK_PAGES)
      expect([slug, ...shape(parseBody(body(language, slug)))]).toEqual([slug, ...shape(parseBody(body('en', slug)))]);
  });
});

describe('the numbers of the book', () => {
  it.each(['vi', 'zh'] as const)('are the English page’s in %s (but for the fines, written in millions or 万)', (language) => {
    for (const { slug } of HANDBOOK_PAGES.filter((entry) => entry.slug !== 'alcohol-penalties-decree-168')) {
      expect([slug, numbersOf(body(language, slug))]).toEqual([slug, numbersOf(body('en', slug))]);
    }
  });

  it('state the thresholds the app colours readings by (domain-rules.md §3)', () => {
    for (const language of LANGUAGES) {
      const bloodPressure = body(language, 'vital-signs-blood-pressure');
      for (const value of [BP_GRADE1_SYSTOLIC, BP_GRADE1_DIASTOLIC, BP_RED_SYSTOLIC, BP_RED_DIASTOLIC])
        expect(bloodPressure).toContain(String(value));
      const colours = body(language, 'vital-signs-colours');
      expect(colours).toContain(`${BP_GRADE1_SYSTOLIC}/${BP_GRADE1_DIASTOLIC}`);
      expect(colours).toContain(`${BP_RED_SYSTOLIC}/${BP_RED_DIASTOLIC}`);
      const glucose = body(language, 'vital-signs-blood-glucose');
      for (const value of [BLOOD_SUGAR_LOW, BLOOD_SUGAR_DIABETES, 54]) expect(glucose).toContain(`${value} mg/dL`);
      const bmi = numbersOf(body(language, 'vital-signs-bmi')).split(' ');
      for (const value of [BMI_UNDERWEIGHT_BELOW, BMI_ASIA_OVERWEIGHT_FROM, BMI_ASIA_OBESE_1_FROM]) expect(bmi).toContain(String(value));
      const numbers = body(language, 'first-aid-emergency-numbers');
      for (const number of Object.values(EMERGENCY_NUMBERS)) expect(numbers).toContain(`[${number}](tel:${number})`);
    }
  });

  it('colour each blood-pressure band in its table as the app colours a reading in it (no colour the app lacks)', () => {
    const COLOUR_WORDS: Record<Language, Record<string, string>> = {
      en: { green: 'green', yellow: 'yellow', red: 'red' },
      vi: { green: 'xanh lá', yellow: 'vàng', red: 'đỏ' },
      zh: { green: '绿色', yellow: '黄色', red: '红色' },
    };
    const cellText = (cell: Inline[]) =>
      cell
        .map((inline) => inline.text)
        .join('')
        .trim();
    for (const language of LANGUAGES) {
      const table = parseBody(body(language, 'vital-signs-blood-pressure')).find((block) => block.kind === 'table');
      if (table?.kind !== 'table') throw new Error('no blood-pressure table');
      for (const row of table.rows) {
        // A band's least reading: "below 120" stands for 119, "120–129" and "180 or more" for their first number.
        const least = (cell: Inline[]) => {
          const first = Number(/\d+/.exec(cellText(cell))?.[0]);
          return table.rows.indexOf(row) === 0 ? first - 1 : first;
        };
        const [, systolic = [], diastolic = [], colour = []] = row;
        const expected = COLOUR_WORDS[language][bloodPressureColour(least(systolic), least(diastolic))];
        expect(cellText(colour), `${language}: ${cellText(row[0] ?? [])}`).toBe(expected);
      }
    }
  });

  it('link the alcohol calculator from the alcohol chapter', () => {
    for (const language of LANGUAGES) expect(body(language, 'alcohol-driving-law')).toContain('](/alcohol-elimination-time/)');
  });
});
