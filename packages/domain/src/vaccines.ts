/*
 * Vaccinations (spec §1, §3 "Vaccine data", §4 "Vaccination status", §9; issue 50; reference domain-rules.md §5).
 * The vocabulary every part shares: which vaccines there are, which schedules, the age bands and the statuses. The
 * schedules themselves are data (vaccine-schedules.ts), the status a pure function of them (vaccine-status.ts).
 */

/**
 * Every vaccine the product knows: the spec's fact-sheet list (§1) and the ones Vietnam's Expanded Programme on
 * Immunization adds (Circular 10/2024/TT-BYT: BCG, the 5-in-1, oral polio, measles, measles-rubella, Japanese
 * encephalitis, tetanus in pregnancy). `polio` is the inactivated vaccine (IPV), `opv` the oral one; `rsv` covers the
 * infant antibody and the RSV vaccine of pregnancy and older age (one fact sheet, entries per age band).
 */
export const VACCINE_IDS = [
  'rsv',
  'hepatitis_b',
  'rotavirus',
  'dtap',
  'hib',
  'pneumococcal',
  'polio',
  'covid19',
  'influenza',
  'mmr',
  'varicella',
  'hepatitis_a',
  'hpv',
  'tdap',
  'td',
  'men_acwy',
  'men_b',
  'mpox',
  'dengue',
  'zoster',
  'bcg',
  'dtp_hepb_hib',
  'opv',
  'measles',
  'measles_rubella',
  'japanese_encephalitis',
  'tetanus_pregnancy',
] as const;
export type VaccineId = (typeof VACCINE_IDS)[number];

/**
 * The schedules, versioned: Vietnam's EPI of Circular 10/2024/TT-BYT (the default, decision 042) and CDC's 2025
 * schedule (the spec's, shown as the international reference with its date; superseded in the US since, §5.3).
 */
export const VACCINE_SCHEDULE_IDS = ['VN-TT10-2024', 'CDC-2025'] as const;
export type VaccineScheduleId = (typeof VACCINE_SCHEDULE_IDS)[number];
export const DEFAULT_VACCINE_SCHEDULE: VaccineScheduleId = 'VN-TT10-2024';

/** The spec's age bands (§1: 0-6, 7-18, 19-65+), named as its vaccine data groups them (§3). */
export const AGE_BANDS = ['INFANT', 'CHILD', 'ADULT'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** §4 "Vaccination status". */
export const VACCINATION_STATUSES = ['full', 'partial', 'none', 'outside_age_range'] as const;
export type VaccinationStatus = (typeof VACCINATION_STATUSES)[number];

/** The sub-states worth showing (domain-rules §5.5 table and rule 5). */
export const VACCINATION_DETAILS = [
  'not_yet_due',
  'too_old_to_start',
  'overdue',
  'due_now',
  'on_schedule',
  'cannot_complete',
  'discuss_with_doctor',
] as const;
export type VaccinationDetail = (typeof VACCINATION_DETAILS)[number];

/** What the history's free texts may hold (where the dose was given, a note). */
export const VACCINE_TEXT_MAX_LENGTH = 500;
/** How many doses one person's history may hold: a life's worth, and no more than a typing loop can add. */
export const VACCINE_HISTORY_MAX = 300;
