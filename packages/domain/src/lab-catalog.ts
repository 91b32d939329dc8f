/*
 * Lab tests and imaging (issue 51; spec §1 "laboratory tests on demand or by package, at home or at a clinic;
 * diagnostic imaging: ultrasound, X-ray, CT, MRI, with organ choice", §3 `packageTestItems`, `requestTestItems`,
 * `render`, `contrast`). The catalog is data: which single tests and packages a clinic of the network offers, what each
 * needs (sample, fasting, preparation), how long its result takes and what it costs; which imaging types there are,
 * what each can image, how long a scan holds its machine and its price. Names, descriptions and preparation texts are
 * words, in packages/i18n/locales/<language>/lab-catalog.json under the ids below.
 *
 * Source and assumptions: the list of tests, the packages' contents, sample types, fasting rules and turnaround times
 * follow the published price lists and preparation guides of Vietnamese hospital and clinic laboratories (the
 * Ministry of Health's common price frame for technical services, Circular 22/2023/TT-BYT, and the public lists of
 * private clinic networks, 2024–2025), rounded. Fasting: 8–12 hours for glucose and the lipid panel (a non-fasting
 * lipid panel is accepted by ESC/EAS 2019, but Vietnamese labs still ask for fasting, so we do). Prices are the demo
 * network's list in whole VND, the order of magnitude of private clinics in Hồ Chí Minh City and Hà Nội, not any one
 * clinic's; a deployment replaces them. Imaging durations are the room time a scan holds its machine (positioning
 * included): X-ray 10 minutes, CT 15, ultrasound 20, MRI 45 (a 30–45 minute examination; the slot is the longer so
 * that an MRI with contrast fits).
 */

import {
  LAB_PACKAGE_IDS,
  LAB_PREPARATION_KEYS,
  LAB_SAMPLE_TYPES,
  LAB_TEST_IDS,
  type LabPackageId,
  type LabPreparationKey,
  type LabSampleType,
  type LabTestId,
} from './lab-catalog-ids.ts';

export * from './lab-catalog-ids.ts';

export interface LabTest {
  sample: LabSampleType;
  /** Nothing to eat or drink but water for 8–12 hours before the sample. */
  fasting: boolean;
  /** Hours from the sample reaching the lab to the result. */
  turnaroundHours: number;
  /** Price in whole VND. */
  priceVnd: number;
  /** Preparation beyond fasting (fasting adds its own key). */
  preparation: readonly LabPreparationKey[];
}

export const LAB_TESTS: { readonly [Id in LabTestId]: LabTest } = {
  cbc: { sample: 'blood', fasting: false, turnaroundHours: 2, priceVnd: 90_000, preparation: [] },
  blood_group: { sample: 'blood', fasting: false, turnaroundHours: 2, priceVnd: 80_000, preparation: [] },
  fasting_glucose: { sample: 'blood', fasting: true, turnaroundHours: 2, priceVnd: 40_000, preparation: ['medicines'] },
  hba1c: { sample: 'blood', fasting: false, turnaroundHours: 4, priceVnd: 130_000, preparation: [] },
  lipid_panel: { sample: 'blood', fasting: true, turnaroundHours: 4, priceVnd: 180_000, preparation: [] },
  ast: { sample: 'blood', fasting: false, turnaroundHours: 4, priceVnd: 35_000, preparation: [] },
  alt: { sample: 'blood', fasting: false, turnaroundHours: 4, priceVnd: 35_000, preparation: [] },
  ggt: { sample: 'blood', fasting: false, turnaroundHours: 4, priceVnd: 45_000, preparation: [] },
  urea: { sample: 'blood', fasting: false, turnaroundHours: 4, priceVnd: 35_000, preparation: [] },
  creatinine_egfr: { sample: 'blood', fasting: false, turnaroundHours: 4, priceVnd: 45_000, preparation: [] },
  uric_acid: { sample: 'blood', fasting: false, turnaroundHours: 4, priceVnd: 40_000, preparation: [] },
  electrolytes: { sample: 'blood', fasting: false, turnaroundHours: 4, priceVnd: 90_000, preparation: [] },
  crp: { sample: 'blood', fasting: false, turnaroundHours: 4, priceVnd: 100_000, preparation: [] },
  tsh: { sample: 'blood', fasting: false, turnaroundHours: 24, priceVnd: 120_000, preparation: ['no_biotin'] },
  ft4: { sample: 'blood', fasting: false, turnaroundHours: 24, priceVnd: 120_000, preparation: ['no_biotin'] },
  hbsag: { sample: 'blood', fasting: false, turnaroundHours: 4, priceVnd: 90_000, preparation: [] },
  anti_hcv: { sample: 'blood', fasting: false, turnaroundHours: 24, priceVnd: 160_000, preparation: [] },
  hiv_combo: { sample: 'blood', fasting: false, turnaroundHours: 24, priceVnd: 150_000, preparation: [] },
  syphilis: { sample: 'blood', fasting: false, turnaroundHours: 24, priceVnd: 100_000, preparation: [] },
  rubella_igg: { sample: 'blood', fasting: false, turnaroundHours: 48, priceVnd: 180_000, preparation: [] },
  vitamin_d: { sample: 'blood', fasting: false, turnaroundHours: 48, priceVnd: 350_000, preparation: [] },
  urinalysis: { sample: 'urine', fasting: false, turnaroundHours: 2, priceVnd: 50_000, preparation: ['first_morning_urine'] },
  fecal_occult_blood: { sample: 'stool', fasting: false, turnaroundHours: 24, priceVnd: 80_000, preparation: ['stool_container'] },
};

export interface LabPackage {
  tests: readonly LabTestId[];
  /** The package's own price in whole VND (below the sum of its tests). */
  priceVnd: number;
}

export const LAB_PACKAGES: { readonly [Id in LabPackageId]: LabPackage } = {
  general_checkup: {
    tests: ['cbc', 'fasting_glucose', 'lipid_panel', 'ast', 'alt', 'urea', 'creatinine_egfr', 'uric_acid', 'hbsag', 'urinalysis'],
    priceVnd: 550_000,
  },
  diabetes: { tests: ['fasting_glucose', 'hba1c', 'lipid_panel', 'creatinine_egfr', 'urinalysis'], priceVnd: 390_000 },
  liver: { tests: ['cbc', 'ast', 'alt', 'ggt', 'hbsag', 'anti_hcv'], priceVnd: 400_000 },
  thyroid: { tests: ['tsh', 'ft4'], priceVnd: 210_000 },
  pre_marital: {
    tests: ['cbc', 'blood_group', 'hbsag', 'anti_hcv', 'hiv_combo', 'syphilis', 'rubella_igg', 'urinalysis'],
    priceVnd: 780_000,
  },
  older_adults: {
    tests: [
      'cbc',
      'fasting_glucose',
      'hba1c',
      'lipid_panel',
      'ast',
      'alt',
      'creatinine_egfr',
      'electrolytes',
      'uric_acid',
      'tsh',
      'vitamin_d',
      'urinalysis',
      'fecal_occult_blood',
    ],
    priceVnd: 1_150_000,
  },
};

export const isLabTestId = (id: string): id is LabTestId => (LAB_TEST_IDS as readonly string[]).includes(id);
export const isLabPackageId = (id: string): id is LabPackageId => (LAB_PACKAGE_IDS as readonly string[]).includes(id);

/** What a person chose: packages and single tests (spec §3 `packageTestItems`, `requestTestItems`). */
export interface LabSelection {
  packages: readonly LabPackageId[];
  tests: readonly LabTestId[];
}

/** Every test the selection has done, once each, in the catalog's order. */
export function testsOf(selection: LabSelection): LabTestId[] {
  const chosen = new Set<LabTestId>(selection.tests);
  for (const id of selection.packages) for (const test of LAB_PACKAGES[id].tests) chosen.add(test);
  return LAB_TEST_IDS.filter((id) => chosen.has(id));
}

/**
 * The selection's price in whole VND: each chosen package at its price, and each single test that no chosen package
 * already holds at its own (a test is never charged twice). A package chosen twice is charged once.
 */
export function labTotalVnd(selection: LabSelection): number {
  const packages = [...new Set(selection.packages)];
  const inPackages = new Set(packages.flatMap((id) => LAB_PACKAGES[id].tests));
  const tests = [...new Set(selection.tests)].filter((id) => !inPackages.has(id));
  return packages.reduce((sum, id) => sum + LAB_PACKAGES[id].priceVnd, 0) + tests.reduce((sum, id) => sum + LAB_TESTS[id].priceVnd, 0);
}

/** Whether any test of the selection needs fasting. */
export function labNeedsFasting(selection: LabSelection): boolean {
  return testsOf(selection).some((id) => LAB_TESTS[id].fasting);
}

/** The preparation the selection asks for, once each, in LAB_PREPARATION_KEYS order (fasting first). */
export function labPreparation(selection: LabSelection): LabPreparationKey[] {
  const keys = new Set<LabPreparationKey>();
  for (const id of testsOf(selection)) {
    if (LAB_TESTS[id].fasting) keys.add('fasting');
    for (const key of LAB_TESTS[id].preparation) keys.add(key);
  }
  return LAB_PREPARATION_KEYS.filter((key) => keys.has(key));
}

/** The longest turnaround of the selection's tests, in hours (when every result is in); 0 for nothing chosen. */
export function labTurnaroundHours(selection: LabSelection): number {
  return Math.max(0, ...testsOf(selection).map((id) => LAB_TESTS[id].turnaroundHours));
}

/** The sample types the selection needs (what the collector brings containers for). */
export function labSamples(selection: LabSelection): LabSampleType[] {
  const samples = new Set(testsOf(selection).map((id) => LAB_TESTS[id].sample));
  return LAB_SAMPLE_TYPES.filter((sample) => samples.has(sample));
}

/* ---- Imaging ---- */

/** The spec's image types (§2 "image type"). */
export const IMAGING_TYPES = ['ULTRASOUND', 'XRAY', 'CT', 'MRI'] as const;
export type ImagingType = (typeof IMAGING_TYPES)[number];

/** Organs and body parts an imaging order may name (spec §5 "at least one body part or organ"); text `lab-catalog:parts.<id>`. */
export const IMAGING_PARTS = [
  'head',
  'sinuses',
  'thyroid',
  'carotid',
  'chest',
  'breast',
  'abdomen',
  'pelvis',
  'cervical_spine',
  'lumbar_spine',
  'shoulder',
  'knee',
  'hand_wrist',
] as const;
export type ImagingPart = (typeof IMAGING_PARTS)[number];

export interface ImagingModality {
  /** What it can image. */
  parts: readonly ImagingPart[];
  /** How long one scan holds the machine, in minutes: the slot length of its bookings. */
  durationMinutes: number;
  /** The price of one body part in whole VND, without contrast. */
  priceVnd: number;
  /** The surcharge for contrast medium; null when the modality is not done with contrast here. */
  contrastPriceVnd: number | null;
}

export const IMAGING_MODALITIES: { readonly [Type in ImagingType]: ImagingModality } = {
  ULTRASOUND: {
    parts: ['thyroid', 'carotid', 'breast', 'abdomen', 'pelvis'],
    durationMinutes: 20,
    priceVnd: 250_000,
    contrastPriceVnd: null,
  },
  XRAY: {
    parts: ['sinuses', 'chest', 'pelvis', 'cervical_spine', 'lumbar_spine', 'shoulder', 'knee', 'hand_wrist'],
    durationMinutes: 10,
    priceVnd: 150_000,
    contrastPriceVnd: null,
  },
  CT: {
    parts: ['head', 'sinuses', 'chest', 'abdomen', 'pelvis', 'cervical_spine', 'lumbar_spine'],
    durationMinutes: 15,
    priceVnd: 1_200_000,
    contrastPriceVnd: 600_000,
  },
  MRI: {
    parts: ['head', 'abdomen', 'pelvis', 'cervical_spine', 'lumbar_spine', 'shoulder', 'knee'],
    durationMinutes: 45,
    priceVnd: 2_500_000,
    contrastPriceVnd: 1_000_000,
  },
};

export const isImagingType = (id: string): id is ImagingType => (IMAGING_TYPES as readonly string[]).includes(id);

/** Whether `type` can image every one of `parts` (at least one). */
export function imagingPartsAllowed(type: ImagingType, parts: readonly string[]): boolean {
  return parts.length > 0 && parts.every((part) => (IMAGING_MODALITIES[type].parts as readonly string[]).includes(part));
}

/** An imaging order's price in whole VND: each body part at the modality's price, plus the contrast surcharge each. */
export function imagingTotalVnd(type: ImagingType, parts: readonly ImagingPart[], contrast: boolean): number {
  const modality = IMAGING_MODALITIES[type];
  const each = modality.priceVnd + (contrast && modality.contrastPriceVnd !== null ? modality.contrastPriceVnd : 0);
  return new Set(parts).size * each;
}
