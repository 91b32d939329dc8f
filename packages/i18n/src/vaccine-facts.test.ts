import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { readLocales, type StringTree } from './read-locales.ts';

/*
 * The fact sheets (issue 50, spec §1): one per vaccine of the domain, in every language, in the shape the vaccine
 * page reads: `<vaccineId>.{name, protects, bands.{INFANT|CHILD|ADULT}, doses, sideEffects, notes, source}`.
 * i18n imports no other package (eslint zones: "i18n holds only strings"), so the vaccine ids and the age bands are
 * read from the text of packages/domain/src/vaccines.ts, the one place that declares them.
 */
const VACCINES_SOURCE = readFileSync(new URL('../../domain/src/vaccines.ts', import.meta.url), 'utf8');

/** The string literals of `export const <name> = [ … ] as const;` in packages/domain/src/vaccines.ts. */
function constList(name: string): string[] {
  const body = new RegExp(`export const ${name} = \\[([^\\]]*)\\] as const;`).exec(VACCINES_SOURCE)?.[1];
  if (body === undefined) throw new Error(`packages/domain/src/vaccines.ts declares no ${name} list`);
  return [...body.matchAll(/'([^']+)'/g)].map((match) => match[1] as string);
}

const VACCINE_IDS = constList('VACCINE_IDS');
const AGE_BANDS = constList('AGE_BANDS');
const FIELDS = ['name', 'protects', 'bands', 'doses', 'sideEffects', 'notes', 'source'].sort();

const locales = readLocales();
const sheetsOf = (language: (typeof LANGUAGES)[number]): Record<string, StringTree> =>
  (locales[language]['vaccine-facts'] ?? {}) as Record<string, StringTree>;

/** Every text of a sheet as "field" or "bands.BAND" → text. */
function textsOf(sheet: StringTree): [string, string][] {
  return Object.entries(sheet).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string'
      ? [[key, value]]
      : Object.entries(value).map(([band, text]): [string, string] => [`${key}.${band}`, String(text)]),
  );
}

/** Vietnamese letters: the vowels with a tone mark or a hat, breve or horn, and đ. */
const VIETNAMESE = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;
/** The Vietnamese letters English never borrows (it does write é, as in Guillain-Barré). */
const ONLY_VIETNAMESE = /[ảạăằắẳẵặấầẩẫậẻẽẹếềểễệỉĩịỏọốồổỗộơờớởỡợủũụưừứửữựỳỷỹỵđ]/i;
const HAN = /\p{Script=Han}/u;
/**
 * A Vietnamese name may go without a Vietnamese letter when it is an international abbreviation ("Hib", "HPV",
 * "COVID-19") or a Vietnamese word that has none ("Lao (BCG)"), never when it is the English name left as it was.
 */
const ABBREVIATION = /^[A-Z][A-Za-z0-9-]*$/;
const isVietnameseName = (id: string, name: string) =>
  VIETNAMESE.test(name) || ABBREVIATION.test(name) || (name !== sheetsOf('en')[id]?.name && !HAN.test(name));

describe('the vaccine ids and age bands read from packages/domain/src/vaccines.ts', () => {
  it('are there', () => {
    expect(VACCINE_IDS.length).toBeGreaterThanOrEqual(27);
    expect(new Set(VACCINE_IDS).size).toBe(VACCINE_IDS.length);
    expect(AGE_BANDS).toEqual(['INFANT', 'CHILD', 'ADULT']);
  });
});

describe.each(LANGUAGES)('the %s fact sheets (locales/<language>/vaccine-facts.json)', (language) => {
  const sheets = sheetsOf(language);

  it('cover every vaccine of the domain, and nothing else', () => {
    expect(VACCINE_IDS.filter((id) => !(id in sheets))).toEqual([]);
    expect(Object.keys(sheets).filter((id) => !VACCINE_IDS.includes(id))).toEqual([]);
  });

  it.each(VACCINE_IDS)('%s has every field, at least one known age band and no empty text', (id) => {
    const sheet = sheets[id];
    expect(sheet, `no sheet for ${id}`).toBeTypeOf('object');
    if (typeof sheet !== 'object') return;
    expect(Object.keys(sheet).sort()).toEqual(FIELDS);
    for (const field of FIELDS.filter((field) => field !== 'bands')) expect(sheet[field], `${id}.${field}`).toBeTypeOf('string');
    const bands = sheet.bands;
    expect(bands).toBeTypeOf('object');
    expect(Object.keys(bands ?? {}).length).toBeGreaterThan(0);
    expect(Object.keys(bands ?? {}).filter((band) => !AGE_BANDS.includes(band))).toEqual([]);
    expect(textsOf(sheet).filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});

describe.each(LANGUAGES.filter((language) => language !== 'en'))('the %s fact sheets against English', (language) => {
  const english = sheetsOf('en');
  const sheets = sheetsOf(language);

  it.each(VACCINE_IDS)('%s has the same fields and age bands', (id) => {
    const keys = (sheet: StringTree | undefined) =>
      sheet && typeof sheet === 'object'
        ? textsOf(sheet)
            .map(([key]) => key)
            .sort()
        : [];
    expect(keys(sheets[id])).toEqual(keys(english[id]));
  });
});

describe('the words of each language', () => {
  it('are Vietnamese in vi: every text has a Vietnamese letter (a name may be an abbreviation such as HPV)', () => {
    const notVietnamese = Object.entries(sheetsOf('vi')).flatMap(([id, sheet]) =>
      textsOf(sheet)
        .filter(([key, text]) => (key === 'name' ? !isVietnameseName(id, text) : !VIETNAMESE.test(text)))
        .map(([key]) => `${id}.${key}`),
    );
    expect(notVietnamese).toEqual([]);
  });

  it('are Chinese in zh: every text has Chinese characters', () => {
    const notChinese = Object.entries(sheetsOf('zh')).flatMap(([id, sheet]) =>
      textsOf(sheet)
        .filter(([, text]) => !HAN.test(text))
        .map(([key]) => `${id}.${key}`),
    );
    expect(notChinese).toEqual([]);
  });

  it('are English in en: no text holds Chinese characters or Vietnamese letters (a pasted translation)', () => {
    const foreign = Object.entries(sheetsOf('en')).flatMap(([id, sheet]) =>
      textsOf(sheet)
        // Vietnamese legal references ("Decision 2144/QĐ-BYT") are cited as issued, so a source may hold Đ.
        .filter(([key, text]) => HAN.test(text) || (key !== 'source' && ONLY_VIETNAMESE.test(text)))
        .map(([key]) => `${id}.${key}`),
    );
    expect(foreign).toEqual([]);
  });

  it('are short: 1 to 3 sentences, the way a family reads them in a dialog', () => {
    const long = LANGUAGES.flatMap((language) =>
      Object.entries(sheetsOf(language)).flatMap(([id, sheet]) =>
        textsOf(sheet)
          .filter(([, text]) => text.length > 480)
          .map(([key]) => `${language}:${id}.${key}`),
      ),
    );
    expect(long).toEqual([]);
  });
});
