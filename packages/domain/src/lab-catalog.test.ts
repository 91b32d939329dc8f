import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IMAGING_MODALITIES,
  IMAGING_PARTS,
  IMAGING_TYPES,
  imagingPartsAllowed,
  imagingTotalVnd,
  LAB_PACKAGE_IDS,
  LAB_PACKAGES,
  LAB_PREPARATION_KEYS,
  LAB_SAMPLE_TYPES,
  LAB_TEST_IDS,
  LAB_TESTS,
  labNeedsFasting,
  labPreparation,
  labSamples,
  labTotalVnd,
  labTurnaroundHours,
  testsOf,
  type LabPackageId,
  type LabTestId,
} from './lab-catalog.ts';

/** packages/i18n/locales/<language>/lab-catalog.json (the domain imports no i18n: the texts are read as files). */
type Tree = { [key: string]: string | Tree };
const texts = Object.fromEntries(
  (['vi', 'en', 'zh'] as const).map((language) => [
    language,
    JSON.parse(readFileSync(new URL(`../../i18n/locales/${language}/lab-catalog.json`, import.meta.url), 'utf8')) as Tree,
  ]),
) as Record<'vi' | 'en' | 'zh', Tree>;

function text(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' && node.trim() !== '' ? node : undefined;
}

const VIETNAMESE = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;
const HAN = /\p{Script=Han}/u;

describe('the lab and imaging catalog', () => {
  const keys = [
    ...LAB_TEST_IDS.flatMap((id) => [`tests.${id}.name`, `tests.${id}.description`]),
    ...LAB_PACKAGE_IDS.flatMap((id) => [`packages.${id}.name`, `packages.${id}.description`]),
    ...LAB_SAMPLE_TYPES.map((id) => `samples.${id}`),
    ...LAB_PREPARATION_KEYS.map((id) => `preparation.${id}`),
    ...IMAGING_TYPES.flatMap((id) => [`imaging.${id}.name`, `imaging.${id}.description`]),
    ...IMAGING_PARTS.map((id) => `parts.${id}`),
  ];

  it.each(['vi', 'en', 'zh'] as const)('names and describes every id in %s', (language) => {
    expect(keys.filter((key) => text(texts[language], key) === undefined)).toEqual([]);
  });

  it('writes the Vietnamese descriptions and preparation in Vietnamese, the Chinese in Chinese', () => {
    const prose = keys.filter((key) => key.endsWith('.description') || key.startsWith('preparation.'));
    expect(prose.filter((key) => !VIETNAMESE.test(text(texts.vi, key) ?? ''))).toEqual([]);
    expect(prose.filter((key) => !HAN.test(text(texts.zh, key) ?? ''))).toEqual([]);
  });

  it('has about twenty single tests, unique ids, whole positive prices and turnarounds', () => {
    expect(LAB_TEST_IDS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(LAB_TEST_IDS).size).toBe(LAB_TEST_IDS.length);
    expect(Object.keys(LAB_TESTS).sort()).toEqual([...LAB_TEST_IDS].sort());
    for (const id of LAB_TEST_IDS) {
      expect(Number.isInteger(LAB_TESTS[id].priceVnd) && LAB_TESTS[id].priceVnd > 0, id).toBe(true);
      expect(LAB_TESTS[id].turnaroundHours, id).toBeGreaterThan(0);
    }
  });

  it('packages hold existing tests, at least two, each once, for less than the tests cost one by one', () => {
    expect(Object.keys(LAB_PACKAGES).sort()).toEqual([...LAB_PACKAGE_IDS].sort());
    for (const id of LAB_PACKAGE_IDS) {
      const { tests, priceVnd } = LAB_PACKAGES[id];
      expect(
        tests.filter((test) => !(LAB_TEST_IDS as readonly string[]).includes(test)),
        id,
      ).toEqual([]);
      expect(new Set(tests).size, id).toBe(tests.length);
      expect(tests.length, id).toBeGreaterThanOrEqual(2);
      expect(Number.isInteger(priceVnd), id).toBe(true);
      expect(priceVnd, id).toBeLessThan(tests.reduce((sum, test) => sum + LAB_TESTS[test].priceVnd, 0));
    }
  });

  it('fasting is for glucose and the lipid panel, not for HbA1c', () => {
    expect(LAB_TESTS.fasting_glucose.fasting).toBe(true);
    expect(LAB_TESTS.lipid_panel.fasting).toBe(true);
    expect(LAB_TESTS.hba1c.fasting).toBe(false);
  });
});

describe('labTotalVnd', () => {
  it('adds single tests', () => {
    expect(labTotalVnd({ packages: [], tests: ['cbc', 'hba1c'] })).toBe(90_000 + 130_000);
  });

  it('charges a package at its price and a test it holds not again', () => {
    expect(labTotalVnd({ packages: ['diabetes'], tests: ['hba1c', 'crp'] })).toBe(390_000 + 100_000);
  });

  it('charges a package or a test chosen twice once', () => {
    expect(labTotalVnd({ packages: ['thyroid', 'thyroid'], tests: ['crp', 'crp'] })).toBe(210_000 + 100_000);
  });

  it('charges two overlapping packages each at its price', () => {
    expect(labTotalVnd({ packages: ['general_checkup', 'liver'], tests: [] })).toBe(550_000 + 400_000);
  });

  it('is never more than the packages plus every test alone, never less than the packages', () => {
    const selection = fc.record({
      packages: fc.subarray([...LAB_PACKAGE_IDS] as LabPackageId[]),
      tests: fc.subarray([...LAB_TEST_IDS] as LabTestId[]),
    });
    fc.assert(
      fc.property(selection, (chosen) => {
        const packages = chosen.packages.reduce((sum, id) => sum + LAB_PACKAGES[id].priceVnd, 0);
        const tests = chosen.tests.reduce((sum, id) => sum + LAB_TESTS[id].priceVnd, 0);
        const total = labTotalVnd(chosen);
        return total >= packages && total <= packages + tests && Number.isInteger(total);
      }),
    );
  });

  it('is 0 for nothing', () => {
    expect(labTotalVnd({ packages: [], tests: [] })).toBe(0);
  });
});

describe('what a selection asks for', () => {
  it('fasting when a package holds a fasting test', () => {
    expect(labNeedsFasting({ packages: ['general_checkup'], tests: [] })).toBe(true);
    expect(labNeedsFasting({ packages: ['thyroid'], tests: ['hba1c', 'cbc'] })).toBe(false);
  });

  it('the preparation keys, once each, fasting first', () => {
    expect(labPreparation({ packages: ['older_adults'], tests: ['tsh'] })).toEqual([
      'fasting',
      'first_morning_urine',
      'stool_container',
      'no_biotin',
      'medicines',
    ]);
    expect(labPreparation({ packages: [], tests: ['cbc'] })).toEqual([]);
  });

  it('the tests done, once each, the samples and the longest turnaround', () => {
    const selection = { packages: ['liver'] as const, tests: ['cbc', 'urinalysis'] as const };
    expect(testsOf(selection)).toEqual(['cbc', 'ast', 'alt', 'ggt', 'hbsag', 'anti_hcv', 'urinalysis']);
    expect(labSamples(selection)).toEqual(['blood', 'urine']);
    expect(labTurnaroundHours(selection)).toBe(24);
    expect(labTurnaroundHours({ packages: [], tests: [] })).toBe(0);
  });
});

describe('imaging', () => {
  it('holds each machine for its modality: X-ray 10, CT 15, ultrasound 20, MRI 30–45 minutes', () => {
    expect(IMAGING_MODALITIES.XRAY.durationMinutes).toBe(10);
    expect(IMAGING_MODALITIES.CT.durationMinutes).toBe(15);
    expect(IMAGING_MODALITIES.ULTRASOUND.durationMinutes).toBe(20);
    expect(IMAGING_MODALITIES.MRI.durationMinutes).toBeGreaterThanOrEqual(30);
    expect(IMAGING_MODALITIES.MRI.durationMinutes).toBeLessThanOrEqual(45);
  });

  it('every modality images known parts, and every part is imaged by one', () => {
    const imaged = new Set(IMAGING_TYPES.flatMap((type) => IMAGING_MODALITIES[type].parts));
    expect([...imaged].filter((part) => !(IMAGING_PARTS as readonly string[]).includes(part))).toEqual([]);
    expect(IMAGING_PARTS.filter((part) => !imaged.has(part))).toEqual([]);
  });

  it('allows at least one part the modality images', () => {
    expect(imagingPartsAllowed('MRI', ['knee'])).toBe(true);
    expect(imagingPartsAllowed('MRI', [])).toBe(false);
    expect(imagingPartsAllowed('ULTRASOUND', ['knee'])).toBe(false);
    expect(imagingPartsAllowed('XRAY', ['chest', 'nose'])).toBe(false);
  });

  it('prices each part, with contrast where the modality takes it', () => {
    expect(imagingTotalVnd('MRI', ['head'], true)).toBe(3_500_000);
    expect(imagingTotalVnd('CT', ['chest', 'abdomen'], false)).toBe(2_400_000);
    expect(imagingTotalVnd('XRAY', ['chest', 'chest'], true)).toBe(150_000);
  });
});
