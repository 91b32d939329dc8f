import type { Language } from '@rhc/i18n';
import { NOTICE_KINDS, type CategoryView, type NoticeKind, type NoticeTexts } from '../category.ts';
import type { OrderView } from '../orders.repository.ts';

/*
 * What the categories word and show alike: their notices' i18n keys, each in its own namespace, and the clinic and
 * specialty of an order's answer.
 */

/** The texts of one notice in `namespace` (packages/i18n/locales/<lang>/<namespace>.json), under `prefix` when given. */
export function noticeTexts(namespace: string, kind: NoticeKind, prefix = ''): NoticeTexts {
  return {
    subject: `${namespace}:${prefix}${kind}.subject`,
    body: `${namespace}:${prefix}${kind}.body`,
    sms: `${namespace}:${prefix}${kind}.sms`,
    inApp: `${namespace}:inApp.${prefix}${kind}`,
  };
}

/** The texts of every notice kind in `namespace`. */
export function allNoticeTexts(namespace: string): Record<NoticeKind, NoticeTexts> {
  return Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, noticeTexts(namespace, kind)])) as Record<NoticeKind, NoticeTexts>;
}

/** The order's specialty in `language`, as its answer shows it. */
export function shownSpecialty(view: OrderView, language: Language): CategoryView['specialty'] {
  return view.specialty ? { id: view.specialty.id, name: view.specialty.names[language] } : null;
}

/** The order's clinic in `language`, as its answer shows it. */
export function shownWorkUnit(view: OrderView, language: Language): CategoryView['workUnit'] {
  return view.workUnit ? { id: view.workUnit.id, name: view.workUnit.names[language], address: view.workUnit.address } : null;
}

/** What a category without exam types (vaccine, lab, imaging) shows of an order alike: its specialty, clinic and reason. */
export function shownWithoutExamType(
  view: OrderView,
  language: Language,
): Pick<CategoryView, 'specialty' | 'examType' | 'workUnit' | 'reasonForExamination'> {
  return {
    specialty: shownSpecialty(view, language),
    examType: null,
    workUnit: shownWorkUnit(view, language),
    reasonForExamination: view.detail.reason,
  };
}
