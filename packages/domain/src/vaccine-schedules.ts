/*
 * The vaccination schedules as data (issue 50; decision 042), each number with its source beside it: the section of
 * shared/reference/domain-rules.md and the source tag it gives ([V1b], [V10a], …, resolved in its "Sources"). Ages are
 * in the notation of vaccine-age.ts. A schedule is never edited once shipped: a new version is a new id
 * (`CDC-2026-01`), so a status always names the rules it was computed by (§5.5 rule 6).
 *
 * An entry is one vaccine. Most have one course (the series); a vaccine whose series depends on the age it is started
 * at has several, each for the ages it is started at (`startAges`): RSV (infant antibody, pregnancy, older adults),
 * pneumococcal (infant series, one catch-up dose at 24–59 months, adults), HPV (two doses before 15, three from 15),
 * meningococcal ACWY (two doses from 11, one from 16). The course is chosen by the age at the first recorded dose, or
 * today's age when none is recorded. Dose numbers run on across an entry's courses, so `<vaccine>.<order>` names one
 * dose of one course (the spec's `vaccineDoseId`).
 */
import type { VaccineId, VaccineScheduleId, AgeBand } from './vaccines.ts';

export interface VaccineDoseRule {
  /** 1, 2, 3 … through the entry (unique across its courses). */
  readonly order: number;
  /** When it is recommended, in the age notation (`2M`, `12M-15M`, `5Y+`, `preg:32W-36W`). */
  readonly ages: string;
  /** The youngest age it counts at (4-day grace, §5.0 [V11]); default the start of `ages` (of the course for a pregnancy dose). */
  readonly minAge?: string;
  /** The shortest time after the previous dose of the course for it to count (4-day grace). */
  readonly minInterval?: string;
  /** The shortest time after the course's first dose (hepatitis B dose 3: 16 weeks after dose 1, §5.1). */
  readonly minIntervalFromFirst?: string;
}

export interface VaccineCourse {
  /** The ages the course is started at; after them a person with no dose is "too old to start" (§5.5). Default: from dose 1 on. */
  readonly startAges?: string;
  /** Risk-based or shared decision: "discuss with a doctor" rather than "missing" (§5.5 rule 5). */
  readonly riskBased: boolean;
  readonly doses: readonly VaccineDoseRule[];
  /** No dose at or after this age: a series not finished by then cannot be completed (rotavirus 8 months, §5.1). */
  readonly completeBy?: string;
}

/** A vaccine given again and again (§5.5 rule 5): once a season (from the season's first month), or once per interval. */
export type VaccineRecurrence =
  | { readonly kind: 'season'; /** 1–12: the month a season starts (its first day). */ readonly startMonth: number }
  | { readonly kind: 'interval'; readonly every: string };

export interface VaccineScheduleEntry {
  readonly vaccineId: VaccineId;
  /** The spec's age bands the vaccine concerns in this schedule (its charts, §1). */
  readonly bands: readonly AgeBand[];
  readonly courses: readonly VaccineCourse[];
  /** Recurring vaccines have one course of one dose, repeated. */
  readonly recurring: VaccineRecurrence | null;
  /** Doses of other vaccines that also count for a recurring one (a Tdap dose is a Td booster, §5.2). */
  readonly alsoCounts?: readonly VaccineId[];
  /** The source tags of domain-rules.md §5 the entry rests on. */
  readonly source: string;
}

export interface VaccineSchedule {
  readonly id: VaccineScheduleId;
  /** The day it was issued, shown beside its name. */
  readonly publishedOn: string;
  readonly source: string;
  readonly entries: readonly VaccineScheduleEntry[];
}

const routine = (doses: VaccineDoseRule[], more: Omit<VaccineCourse, 'doses' | 'riskBased'> = {}): VaccineCourse => ({
  riskBased: false,
  doses,
  ...more,
});
const riskBased = (doses: VaccineDoseRule[], more: Omit<VaccineCourse, 'doses' | 'riskBased'> = {}): VaccineCourse => ({
  riskBased: true,
  doses,
  ...more,
});

/**
 * The ages a pregnancy-only course concerns: women of childbearing age, 15–49 (WHO's usual bracket). Not in §5 — the
 * reference gives pregnancy windows in gestational weeks only; VERIFY.
 */
const CHILDBEARING_AGES = '15Y-49Y';

/* ---------- Vietnam: Circular 10/2024/TT-BYT (domain-rules §5.4) ---------- */

/**
 * Vietnam's Expanded Programme on Immunization as Circular 10/2024/TT-BYT sets it: issued 13 Jun 2024 [V10a], in force
 * 1 Aug 2024 [V10c]; the routine list only (the outbreak-area and at-risk vaccines are separate [V10c]).
 */
const VN_TT10_2024: VaccineSchedule = {
  id: 'VN-TT10-2024',
  publishedOn: '2024-06-13', // §5.4 [V10a]
  source: 'https://vbpl.vn/TW/Pages/vbpq-toanvan.aspx?ItemID=169843', // §5.4 [V10d] (points to the Circular's text)
  entries: [
    {
      vaccineId: 'hepatitis_b',
      bands: ['INFANT'],
      // Monovalent birth dose within 24 h of birth; the later hepatitis B doses are in the 5-in-1 (§5.4 [V10a]).
      courses: [routine([{ order: 1, ages: '0D-1D' }])],
      recurring: null,
      source: '§5.4 [V10a]',
    },
    {
      vaccineId: 'bcg',
      bands: ['INFANT'],
      courses: [routine([{ order: 1, ages: '0M-1M' }])], // within 1 month of birth, §5.4 [V10a]
      recurring: null,
      source: '§5.4 [V10a]',
    },
    {
      vaccineId: 'dtp_hepb_hib',
      bands: ['INFANT'],
      // 2, 3, 4 months; dose 1 at 2 months, then at least 1 month apart (§5.4 [V10a], [V10d]).
      courses: [
        routine([
          { order: 1, ages: '2M' },
          { order: 2, ages: '3M', minAge: '2M', minInterval: '1M' },
          { order: 3, ages: '4M', minAge: '2M', minInterval: '1M' },
        ]),
      ],
      recurring: null,
      source: '§5.4 [V10a], [V10d]',
    },
    {
      vaccineId: 'opv',
      bands: ['INFANT'],
      // bOPV at 2, 3, 4 months, started at 2 months (§5.4 [V10d]); 1 month apart as the 5-in-1 given with it.
      courses: [
        routine([
          { order: 1, ages: '2M' },
          { order: 2, ages: '3M', minAge: '2M', minInterval: '1M' },
          { order: 3, ages: '4M', minAge: '2M', minInterval: '1M' },
        ]),
      ],
      recurring: null,
      source: '§5.4 [V10d]',
    },
    {
      vaccineId: 'polio',
      bands: ['INFANT'],
      courses: [
        routine([
          { order: 1, ages: '5M' },
          { order: 2, ages: '9M' },
        ]),
      ], // IPV at 5 and 9 months, §5.4 [V10d], [V10f]
      recurring: null,
      source: '§5.4 [V10d], [V10f]',
    },
    {
      vaccineId: 'rotavirus',
      bands: ['INFANT'],
      // 2 doses at 2 and 3 months (§5.4 [V10d], product-dependent — VERIFY). The Circular's table gives no age limits;
      // the product-label limits CDC prints are used (§5.1 [V1b]): dose 1 from 6 weeks, not started at 15 weeks 0 days
      // or later, no dose at 8 months 0 days or later. Rolled out region by region, not yet nationwide (§5.4 [V10g]).
      courses: [
        routine(
          [
            { order: 1, ages: '2M', minAge: '6W' },
            { order: 2, ages: '3M', minAge: '6W', minInterval: '4W' },
          ],
          { startAges: '6W-14W', completeBy: '8M' },
        ),
      ],
      recurring: null,
      source: '§5.4 [V10d], [V10g]; limits §5.1 [V1b]',
    },
    {
      vaccineId: 'measles',
      bands: ['INFANT'],
      courses: [routine([{ order: 1, ages: '9M' }])], // §5.4 [V10d]
      recurring: null,
      source: '§5.4 [V10d]',
    },
    {
      vaccineId: 'japanese_encephalitis',
      bands: ['INFANT'],
      // 12 months, dose 2 one to two weeks later, dose 3 about a year later (≈2 years) (§5.4 [V10d], [V10h]).
      courses: [
        routine([
          { order: 1, ages: '12M' },
          { order: 2, ages: '12M', minInterval: '1W' },
          { order: 3, ages: '2Y', minAge: '12M', minInterval: '1Y' },
        ]),
      ],
      recurring: null,
      source: '§5.4 [V10d], [V10h]',
    },
    {
      vaccineId: 'dtap',
      bands: ['INFANT'],
      // The DTP booster at 18 months (whole-cell in the EPI; the DTaP fact sheet covers it) (§5.4 [V10a]).
      courses: [routine([{ order: 1, ages: '18M' }])],
      recurring: null,
      source: '§5.4 [V10a]',
    },
    {
      vaccineId: 'measles_rubella',
      bands: ['INFANT'],
      courses: [routine([{ order: 1, ages: '18M' }])], // §5.4 [V10d]
      recurring: null,
      source: '§5.4 [V10d]',
    },
    {
      vaccineId: 'td',
      bands: ['CHILD'],
      courses: [routine([{ order: 1, ages: '7Y' }])], // the second tetanus booster at 7 years, §5.4 [V10a]
      recurring: null,
      source: '§5.4 [V10a]',
    },
    {
      vaccineId: 'tetanus_pregnancy',
      bands: ['CHILD', 'ADULT'],
      // Dose 1 early in pregnancy, dose 2 at least 1 month later; further doses by history (§5.4 [V10a], [V10d]).
      // Whether a person is pregnant is not known here: a doctor's question.
      courses: [
        riskBased(
          [
            { order: 1, ages: 'preg' },
            { order: 2, ages: 'preg', minInterval: '1M' },
          ],
          { startAges: CHILDBEARING_AGES },
        ),
      ],
      recurring: null,
      source: '§5.4 [V10a], [V10d]',
    },
  ],
};

/* ---------- CDC 2025 (domain-rules §5.1, §5.2) ---------- */

/** A US season starts on 1 July (§5.1: "<2 prior doses before 1 Jul 2025" [V1b]). */
const US_SEASON: VaccineRecurrence = { kind: 'season', startMonth: 7 };

/**
 * CDC's 2025 child/adolescent and adult schedules, as the spec names them (§5.1, §5.2): the international reference.
 * Superseded in the US since (§5.3): a later version gets its own id.
 */
const CDC_2025: VaccineSchedule = {
  id: 'CDC-2025',
  // The schedule for the year 2025 (§5.1 "as published for 2025"); the reference gives no posting day — VERIFY.
  publishedOn: '2025-01-01',
  source: 'https://www.cdc.gov/vaccines/hcp/imz-schedules/child-adolescent-age.html', // §5.1 [V1a]
  entries: [
    {
      vaccineId: 'rsv',
      bands: ['INFANT', 'CHILD', 'ADULT'],
      courses: [
        routine([{ order: 1, ages: '0M-7M' }], { startAges: '0M-7M' }), // infant antibody, 1st season, §5.1 [V1a], [V8]
        riskBased([{ order: 2, ages: 'preg:32W-36W' }], { startAges: CHILDBEARING_AGES }), // Abrysvo in pregnancy, §5.2 [V13a]
        riskBased([{ order: 3, ages: '50Y-74Y' }], { startAges: '50Y-74Y' }), // at increased risk, §5.2 [V3b], [V3c]
        routine([{ order: 4, ages: '75Y+' }], { startAges: '75Y+' }), // all at 75, one lifetime dose, §5.2 [V3b]
      ],
      recurring: null,
      source: '§5.1 [V1a], [V8]; §5.2 [V3b], [V3c], [V13a]',
    },
    {
      vaccineId: 'hepatitis_b',
      bands: ['INFANT', 'CHILD', 'ADULT'],
      // Birth, 1–2 months, 6–18 months; intervals 4 w (1→2), 8 w (2→3), 16 w (1→3); dose 3 not before 24 weeks
      // (§5.1 [V1b], [V1d]). Adults 19–59 all (§5.2 [V14a]): the same series at any age.
      courses: [
        routine([
          { order: 1, ages: 'birth' },
          { order: 2, ages: '1M-2M', minAge: '4W', minInterval: '4W' },
          { order: 3, ages: '6M-18M', minAge: '24W', minInterval: '8W', minIntervalFromFirst: '16W' },
        ]),
      ],
      recurring: null,
      source: '§5.1 [V1b], [V1d]; §5.2 [V14a]',
    },
    {
      vaccineId: 'rotavirus',
      bands: ['INFANT'],
      // RV1's 2 doses at 2 and 4 months (RV5's third at 6 months needs the product, not recorded); dose 1 from 6 weeks,
      // not started at 15 weeks 0 days, no dose at 8 months 0 days (§5.1 [V1b], [V1d]).
      courses: [
        routine(
          [
            { order: 1, ages: '2M', minAge: '6W' },
            { order: 2, ages: '4M', minAge: '6W', minInterval: '4W' },
          ],
          { startAges: '6W-14W', completeBy: '8M' },
        ),
      ],
      recurring: null,
      source: '§5.1 [V1b], [V1d]',
    },
    {
      vaccineId: 'dtap',
      bands: ['INFANT'],
      // 2, 4, 6, 15–18 months, 4–6 years; dose 4 from 12 months if ≥6 months after dose 3 (§5.1 [V1b], [V1d]); from 6
      // weeks, 4 weeks apart, dose 5 from 4 years and 6 months after dose 4 (CDC notes [V1b]); Tdap from 7 years.
      courses: [
        routine(
          [
            { order: 1, ages: '2M', minAge: '6W' },
            { order: 2, ages: '4M', minAge: '6W', minInterval: '4W' },
            { order: 3, ages: '6M', minAge: '6W', minInterval: '4W' },
            { order: 4, ages: '15M-18M', minAge: '12M', minInterval: '6M' },
            { order: 5, ages: '4Y-6Y', minAge: '4Y', minInterval: '6M' },
          ],
          { startAges: '6W-6Y' },
        ),
      ],
      recurring: null,
      source: '§5.1 [V1b], [V1d]',
    },
    {
      vaccineId: 'hib',
      bands: ['INFANT'],
      // PRP-T: 2, 4, 6, 12–15 months; not routine at 5 years or older (§5.1 [V1b], [V1d]); booster 8 weeks after the
      // previous dose (CDC notes [V1b]).
      courses: [
        routine(
          [
            { order: 1, ages: '2M', minAge: '6W' },
            { order: 2, ages: '4M', minAge: '6W', minInterval: '4W' },
            { order: 3, ages: '6M', minAge: '6W', minInterval: '4W' },
            { order: 4, ages: '12M-15M', minAge: '12M', minInterval: '8W' },
          ],
          { startAges: '6W-4Y', completeBy: '5Y' },
        ),
      ],
      recurring: null,
      source: '§5.1 [V1b], [V1d]',
    },
    {
      vaccineId: 'pneumococcal',
      bands: ['INFANT', 'ADULT'],
      courses: [
        // 2, 4, 6, 12–15 months (§5.1 [V1d], [V3b])
        routine(
          [
            { order: 1, ages: '2M', minAge: '6W' },
            { order: 2, ages: '4M', minAge: '6W', minInterval: '4W' },
            { order: 3, ages: '6M', minAge: '6W', minInterval: '4W' },
            { order: 4, ages: '12M-15M', minAge: '12M', minInterval: '8W' },
          ],
          { startAges: '6W-23M' },
        ),
        routine([{ order: 5, ages: '24M-4Y' }], { startAges: '24M-4Y' }), // catch-up: 1 dose at 24–59 months if healthy, §5.1
        riskBased([{ order: 6, ages: '19Y-49Y' }], { startAges: '19Y-49Y' }), // with risk conditions, §5.2 [V4a], [V4b]
        routine([{ order: 7, ages: '50Y+' }], { startAges: '50Y+' }), // all from 50 (lowered from 65 in Oct 2024), §5.2 [V4a]
      ],
      recurring: null,
      source: '§5.1 [V1d]; §5.2 [V4a], [V4b]',
    },
    {
      vaccineId: 'polio',
      bands: ['INFANT'],
      // IPV 2, 4, 6–18 months, 4–6 years; dose 4 from 4 years and ≥6 months after dose 3 (§5.1 [V1b], [V1d]); catch-up
      // through 17 years (CDC notes [V1b]).
      courses: [
        routine(
          [
            { order: 1, ages: '2M', minAge: '6W' },
            { order: 2, ages: '4M', minAge: '6W', minInterval: '4W' },
            { order: 3, ages: '6M-18M', minAge: '6W', minInterval: '4W' },
            { order: 4, ages: '4Y-6Y', minAge: '4Y', minInterval: '6M' },
          ],
          { startAges: '6W-17Y' },
        ),
      ],
      recurring: null,
      source: '§5.1 [V1b], [V1d]',
    },
    {
      vaccineId: 'covid19',
      bands: ['INFANT', 'CHILD', 'ADULT'],
      // 2025 schedule: all from 6 months (§5.1 [V5a]); since 6 Oct 2025 shared decision (§5.3, a later version).
      courses: [routine([{ order: 1, ages: '6M+' }])],
      recurring: US_SEASON,
      source: '§5.1 [V5a], [V5b]; §5.2 [V5d]',
    },
    {
      vaccineId: 'influenza',
      bands: ['INFANT', 'CHILD', 'ADULT'],
      // Once a season from 6 months (§5.1 [V1b], [V1d]; §5.2 [V3]). The second dose of a first season under 9 is not
      // modelled.
      courses: [routine([{ order: 1, ages: '6M+', minInterval: '4W' }])],
      recurring: US_SEASON,
      source: '§5.1 [V1b], [V1d]; §5.2 [V3]',
    },
    {
      vaccineId: 'mmr',
      bands: ['INFANT', 'CHILD', 'ADULT'],
      // 12–15 months, 4–6 years (§5.1 [V1b]); dose 2 from 4 weeks after dose 1 (CDC notes [V1b]); adults without
      // evidence of immunity (§5.2 [V12b]).
      courses: [
        routine([
          { order: 1, ages: '12M-15M' },
          { order: 2, ages: '4Y-6Y', minAge: '12M', minInterval: '4W' },
        ]),
      ],
      recurring: null,
      source: '§5.1 [V1b]; §5.2 [V12b], [V12e]',
    },
    {
      vaccineId: 'varicella',
      bands: ['INFANT', 'CHILD', 'ADULT'],
      // 12–15 months, 4–6 years; 3 months apart under 13, 4 weeks still valid (§5.1 [V1b], [V1d]); adults 2 doses
      // 4–8 weeks apart (§5.2 [V12d]).
      courses: [
        routine([
          { order: 1, ages: '12M-15M' },
          { order: 2, ages: '4Y-6Y', minAge: '12M', minInterval: '4W' },
        ]),
      ],
      recurring: null,
      source: '§5.1 [V1b], [V1d]; §5.2 [V12b], [V12d]',
    },
    {
      vaccineId: 'hepatitis_a',
      bands: ['INFANT', 'CHILD', 'ADULT'],
      courses: [
        // 12–23 months, 2 doses ≥6 months apart; catch-up through 18 years (§5.1 [V1b], [V1d])
        routine(
          [
            { order: 1, ages: '12M-23M' },
            { order: 2, ages: '18M-23M', minAge: '12M', minInterval: '6M' },
          ],
          { startAges: '12M-18Y' },
        ),
        // adults at risk or on request (§5.2 [V3])
        riskBased(
          [
            { order: 3, ages: '19Y+' },
            { order: 4, ages: '19Y+', minInterval: '6M' },
          ],
          { startAges: '19Y+' },
        ),
      ],
      recurring: null,
      source: '§5.1 [V1b], [V1d]; §5.2 [V3]',
    },
    {
      vaccineId: 'hpv',
      bands: ['CHILD', 'ADULT'],
      courses: [
        // started 9–14: 2 doses, at 0 and 6–12 months (CDC's shortest: 5 months) (§5.1 [V1b], [V1d])
        routine(
          [
            { order: 1, ages: '11Y-12Y', minAge: '9Y' },
            { order: 2, ages: '11Y-13Y', minAge: '9Y', minInterval: '5M' },
          ],
          { startAges: '9Y-14Y' },
        ),
        // started at 15 or later: 3 doses at 0, 1–2 and 6 months, through 26 (§5.1 [V1b]; §5.2 [V1d], [V3])
        routine(
          [
            { order: 3, ages: '15Y-26Y' },
            { order: 4, ages: '15Y-26Y', minInterval: '4W' },
            { order: 5, ages: '15Y-26Y', minInterval: '12W', minIntervalFromFirst: '5M' },
          ],
          { startAges: '15Y-26Y' },
        ),
        // 27–45: shared decision (§5.2 [V3])
        riskBased(
          [
            { order: 6, ages: '27Y-45Y' },
            { order: 7, ages: '27Y-45Y', minInterval: '4W' },
            { order: 8, ages: '27Y-45Y', minInterval: '12W', minIntervalFromFirst: '5M' },
          ],
          { startAges: '27Y-45Y' },
        ),
      ],
      recurring: null,
      source: '§5.1 [V1b], [V1d]; §5.2 [V3]',
    },
    {
      vaccineId: 'tdap',
      bands: ['CHILD', 'ADULT'],
      // 1 dose at 11–12 years; an adult who never had it gets one (§5.1 [V1d]; §5.2 [V12c]). The dose of every
      // pregnancy (27–36 weeks) is not tracked here.
      courses: [routine([{ order: 1, ages: '11Y-12Y' }], { startAges: '11Y+' })],
      recurring: null,
      source: '§5.1 [V1d], [V12c]; §5.2 [V12c]',
    },
    {
      vaccineId: 'td',
      bands: ['ADULT'],
      // Td or Tdap every 10 years in adults (§5.2 [V12c]): a Tdap dose counts as the booster.
      courses: [routine([{ order: 1, ages: '19Y+' }])],
      recurring: { kind: 'interval', every: '10Y' },
      alsoCounts: ['tdap'],
      source: '§5.2 [V12c]',
    },
    {
      vaccineId: 'men_acwy',
      bands: ['CHILD', 'ADULT'],
      courses: [
        // 11–12 and 16 years (§5.1 [V1b], [V1d]); 8 weeks apart (CDC notes [V1b])
        routine(
          [
            { order: 1, ages: '11Y-12Y' },
            { order: 2, ages: '16Y', minAge: '16Y', minInterval: '8W' },
          ],
          { startAges: '11Y-15Y' },
        ),
        routine([{ order: 3, ages: '16Y-18Y' }], { startAges: '16Y-18Y' }), // one dose is enough if first at ≥16, §5.1 [V1b]
        riskBased([{ order: 4, ages: '19Y+' }], { startAges: '19Y+' }), // adults: risk-based, §5.2 [V3]
      ],
      recurring: null,
      source: '§5.1 [V1b], [V1d]; §5.2 [V3]',
    },
    {
      vaccineId: 'men_b',
      bands: ['CHILD', 'ADULT'],
      // 16–23 shared decision (preferred 16–18), high-risk from 10; Bexsero 2 doses ≥1 month apart (§5.1 [V2], [V1d])
      courses: [
        riskBased(
          [
            { order: 1, ages: '16Y-18Y', minAge: '10Y' },
            { order: 2, ages: '16Y-18Y', minAge: '10Y', minInterval: '1M' },
          ],
          { startAges: '10Y-23Y' },
        ),
      ],
      recurring: null,
      source: '§5.1 [V2], [V1d]; §5.2 [V3]',
    },
    {
      vaccineId: 'mpox',
      bands: ['CHILD', 'ADULT'],
      // At risk from 18, 2 doses 28 days apart (§5.1 [V1a], [V15]; §5.2 [V15])
      courses: [
        riskBased(
          [
            { order: 1, ages: '18Y+' },
            { order: 2, ages: '18Y+', minInterval: '28D' },
          ],
          { startAges: '18Y+' },
        ),
      ],
      recurring: null,
      source: '§5.1 [V1a], [V15]',
    },
    {
      vaccineId: 'dengue',
      bands: ['CHILD'],
      // 9–16 years at 0, 6 and 12 months; lab-confirmed prior infection and US endemic territory only (§5.1 [V1b], [V1d])
      courses: [
        riskBased(
          [
            { order: 1, ages: '9Y-16Y' },
            { order: 2, ages: '9Y-16Y', minInterval: '6M' },
            { order: 3, ages: '9Y-16Y', minInterval: '6M' },
          ],
          { startAges: '9Y-16Y' },
        ),
      ],
      recurring: null,
      source: '§5.1 [V1b], [V1d]',
    },
    {
      vaccineId: 'zoster',
      bands: ['ADULT'],
      courses: [
        // immunocompromised 19–49: 2nd dose 1–2 months later (§5.2 [V12a], [V12f])
        riskBased(
          [
            { order: 3, ages: '19Y+' },
            { order: 4, ages: '19Y+', minInterval: '1M' },
          ],
          { startAges: '19Y-49Y' },
        ),
        // all from 50: 2 doses, the 2nd 2–6 months later (§5.2 [V12a], [V12f])
        routine(
          [
            { order: 1, ages: '50Y+' },
            { order: 2, ages: '50Y+', minInterval: '2M' },
          ],
          { startAges: '50Y+' },
        ),
      ],
      recurring: null,
      source: '§5.2 [V12a], [V12f]',
    },
  ],
};

export const VACCINE_SCHEDULES: Readonly<Record<VaccineScheduleId, VaccineSchedule>> = {
  'VN-TT10-2024': VN_TT10_2024,
  'CDC-2025': CDC_2025,
};

/** A schedule by id (decision 042: `VN-TT10-2024` is the default). */
export function vaccineSchedule(id: VaccineScheduleId): VaccineSchedule {
  return VACCINE_SCHEDULES[id];
}

/** The entry of a vaccine in a schedule, or undefined when the schedule does not have it. */
export function scheduleEntry(scheduleId: VaccineScheduleId, vaccineId: VaccineId): VaccineScheduleEntry | undefined {
  return VACCINE_SCHEDULES[scheduleId].entries.find((entry) => entry.vaccineId === vaccineId);
}
