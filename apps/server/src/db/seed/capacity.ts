import type { CapacityKind, ImagingType } from '@rhc/domain';

/*
 * The counted places of lab and imaging orders (decisions 044, 045), reference data seeded on every start for the clinics of
 * seed/work-units.ts. Assumptions, of the size of a Vietnamese hospital's lab and home-collection service:
 * - `lab_clinic`: the sampling room's chairs, each taking one person per 15-minute slot (4 at a central hospital, 2 at
 *   the others).
 * - `lab_home`: per district a clinic's team visits, collectors × the visits one makes in a two-hour window (travel in
 *   city traffic included: 3 per window). The districts are the former ones (abolished as administrative units on
 *   1 July 2025, still how people say where they live), coded `<city>-<district>`.
 * - `imaging`: one row per machine (`modality`, `machine` 1, 2…), one patient per slot of the modality's minutes. The
 *   central and university hospitals (Bạch Mai, Chợ Rẫy, Đại học Y Dược, Trung ương Huế) run several ultrasound rooms
 *   (3 at the two largest, 2 at the others), two X-ray rooms, one CT and one MRI scanner for outpatients; the
 *   children's hospital and Đà Nẵng's outpatient service offer ultrasound and X-ray.
 */
export interface CapacitySeed {
  kind: CapacityKind;
  workUnitId: number;
  district?: string;
  /** imaging: the machine's modality and which of the clinic's machines of it (1, 2…). */
  modality?: ImagingType;
  machine?: number;
  places: number;
}

const VISITS_PER_COLLECTOR_PER_WINDOW = 3;
const home = (workUnitId: number, district: string, collectors: number): CapacitySeed => ({
  kind: 'lab_home',
  workUnitId,
  district,
  places: collectors * VISITS_PER_COLLECTOR_PER_WINDOW,
});

/** A clinic's imaging machines: `count` of each modality, one place (one patient) per slot. */
const machines = (workUnitId: number, count: Partial<Record<ImagingType, number>>): CapacitySeed[] =>
  Object.entries(count).flatMap(([modality, n]) =>
    Array.from({ length: n }, (_, i) => ({
      kind: 'imaging' as const,
      workUnitId,
      modality: modality as ImagingType,
      machine: i + 1,
      places: 1,
    })),
  );

export const CAPACITY_RESOURCES: readonly CapacitySeed[] = [
  { kind: 'lab_clinic', workUnitId: 1, places: 4 },
  { kind: 'lab_clinic', workUnitId: 2, places: 4 },
  { kind: 'lab_clinic', workUnitId: 3, places: 2 },
  { kind: 'lab_clinic', workUnitId: 4, places: 2 },
  { kind: 'lab_clinic', workUnitId: 5, places: 2 },
  { kind: 'lab_clinic', workUnitId: 6, places: 2 },
  // Bạch Mai, Hà Nội.
  home(1, 'hn-dong-da', 3),
  home(1, 'hn-hai-ba-trung', 2),
  home(1, 'hn-thanh-xuan', 2),
  // Chợ Rẫy, TP. Hồ Chí Minh.
  home(2, 'hcm-q5', 3),
  home(2, 'hcm-q10', 2),
  home(2, 'hcm-binh-thanh', 2),
  // Đại học Y Dược, TP. Hồ Chí Minh.
  home(3, 'hcm-q1', 2),
  home(3, 'hcm-q3', 2),
  // Đà Nẵng.
  home(6, 'dn-hai-chau', 2),
  // Imaging machines (decision 045).
  ...machines(1, { ULTRASOUND: 3, XRAY: 2, CT: 1, MRI: 1 }),
  ...machines(2, { ULTRASOUND: 3, XRAY: 2, CT: 1, MRI: 1 }),
  ...machines(3, { ULTRASOUND: 2, XRAY: 2, CT: 1, MRI: 1 }),
  ...machines(4, { ULTRASOUND: 2, XRAY: 2, CT: 1, MRI: 1 }),
  ...machines(5, { ULTRASOUND: 2, XRAY: 1 }),
  ...machines(6, { ULTRASOUND: 2, XRAY: 1 }),
];
