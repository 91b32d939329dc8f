import { isBeforeVisit, ORDER_STATUS } from './orders.ts';
import type { CAPACITY_CATEGORIES } from './lab-orders.ts';
import { TYPE_EXAM, type TypeExam } from './records.ts';
import type { ShareSection } from './sharing.ts';

/*
 * The results of a lab or imaging order (issue 51 "Results", decision 046; spec §2 `/diagnostictestdoctoredit/{id}`,
 * `/imageanalysationedoctoredit/{id}`, §3 file `typeExam` 1 test, 2 image). The staff the order is assigned to mark the
 * sample taken or the scan done, attach result files of their category's type and write a conclusion, then complete
 * the order: only with results. Pure rules; the server and the staff's screen apply the same.
 */

export type ResultCategory = (typeof CAPACITY_CATEGORIES)[number];

/** What a capacity category's results are: the type of its result files and the section a watcher needs to read them. */
export const RESULT_KINDS: Readonly<Record<ResultCategory, { typeExam: TypeExam; section: ShareSection }>> = {
  lab: { typeExam: TYPE_EXAM.test, section: 'test_results' },
  imaging: { typeExam: TYPE_EXAM.image, section: 'imaging' },
};

/**
 * The conclusion's length: a report's "Kết luận" paragraph and its notes (a lipid panel's comments, a CT's findings
 * summary) fit well within it; the full report is a file.
 */
export const CONCLUSION_MAX_LENGTH = 4000;

export type ResultStepRefusal =
  /** The order is not confirmed (booked, cancelled, already completed): a stale or early step. */
  | 'wrong_status'
  /** Before the order's time: as completion, from shortly before its start on its own Vietnam day. */
  | 'too_early';

/**
 * Whether the staff may record a result step now (the sample taken or the scan done, a conclusion): only on a confirmed
 * order, and from when it may be completed (`completableFrom`: 30 minutes before its start, never an earlier day).
 */
export function checkResultStep(input: { status: number; startsAt: Date; now: Date }): ResultStepRefusal | null {
  if (input.status !== ORDER_STATUS.verified) return 'wrong_status';
  if (isBeforeVisit(input.startsAt, input.now)) return 'too_early';
  return null;
}

/** What an order's results hold when its completion is asked for. */
export interface ResultsHeld {
  performedAt: Date | null;
  conclusion: string | null;
  files: number;
}

export type ResultsRefusal =
  /** The sample was not marked taken, or the scan done. */
  | 'not_performed'
  /** No result file and no conclusion. */
  | 'no_results';

/** Whether an order with these results may be completed: performed, with at least one result file or a conclusion. */
export function checkResultsComplete(held: ResultsHeld): ResultsRefusal | null {
  if (!held.performedAt) return 'not_performed';
  if (held.files === 0 && !(held.conclusion ?? '').trim()) return 'no_results';
  return null;
}

/** Whether an order category is one whose order ends with results (lab, imaging). */
export function isResultCategory(category: string): category is ResultCategory {
  return category in RESULT_KINDS;
}
