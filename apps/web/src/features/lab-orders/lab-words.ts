import { LAB_TESTS, type LabPackageId, type LabTestId } from '@rhc/domain';
import { i18n, type TFunction } from '../../lib/i18n.ts';

type LabT = TFunction<'lab-booking' | 'lab-catalog'>;

/** How long results take: hours below a day, whole days from one day on ("24 hours" reads as "1 day"). */
export function turnaroundText(t: LabT, hours: number): string {
  return hours < 24 ? t('lab-booking:form.hours', { count: hours }) : t('lab-booking:form.days', { count: Math.ceil(hours / 24) });
}

/** An area of home collection in words ("Quận 5, TP. Hồ Chí Minh"); a code the app has no words for yet, as it is. */
export function districtName(code: string): string {
  const key = `lab-booking:districts.${code}`;
  return i18n.exists(key) ? i18n.t(key as never) : code;
}

/** The names of what an order holds, packages first, in the reader's language. */
export function itemNames(t: LabT, packages: readonly LabPackageId[], tests: readonly LabTestId[]): string[] {
  return [...packages.map((id) => t(`lab-catalog:packages.${id}.name`)), ...tests.map((id) => t(`lab-catalog:tests.${id}.name`))];
}

/** A test's facts in one line: its sample, fasting and turnaround. */
export function testFacts(t: LabT, id: LabTestId): string {
  const test = LAB_TESTS[id];
  return [
    t('lab-booking:form.sample', { sample: t(`lab-catalog:samples.${test.sample}`) }),
    test.fasting ? t('lab-booking:form.fasting') : t('lab-booking:form.noFasting'),
    t('lab-booking:form.turnaround', { time: turnaroundText(t, test.turnaroundHours) }),
  ].join(' · ');
}
