/*
 * The lab catalog's ids (issue 51): what the wire contracts name (an order's tests, packages and preparation keys),
 * apart from the catalog's data (lab-catalog.ts: prices, samples, turnaround), so that a screen that only reads an
 * order does not carry the price list (the web's shared chunk; decision 040's route budget).
 */

/** What a test is done on. */
export const LAB_SAMPLE_TYPES = ['blood', 'urine', 'stool'] as const;
export type LabSampleType = (typeof LAB_SAMPLE_TYPES)[number];

/** What the person does before the sample is taken; each key's text is `lab-catalog:preparation.<key>`. */
export const LAB_PREPARATION_KEYS = ['fasting', 'first_morning_urine', 'stool_container', 'no_biotin', 'medicines'] as const;
export type LabPreparationKey = (typeof LAB_PREPARATION_KEYS)[number];

/** Single tests, in the order the booking screen lists them. */
export const LAB_TEST_IDS = [
  'cbc',
  'blood_group',
  'fasting_glucose',
  'hba1c',
  'lipid_panel',
  'ast',
  'alt',
  'ggt',
  'urea',
  'creatinine_egfr',
  'uric_acid',
  'electrolytes',
  'crp',
  'tsh',
  'ft4',
  'hbsag',
  'anti_hcv',
  'hiv_combo',
  'syphilis',
  'rubella_igg',
  'vitamin_d',
  'urinalysis',
  'fecal_occult_blood',
] as const;
export type LabTestId = (typeof LAB_TEST_IDS)[number];

export const LAB_PACKAGE_IDS = ['general_checkup', 'diabetes', 'liver', 'thyroid', 'pre_marital', 'older_adults'] as const;
export type LabPackageId = (typeof LAB_PACKAGE_IDS)[number];
