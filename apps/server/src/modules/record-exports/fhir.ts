import {
  bloodPressureBand,
  bloodSugarBand,
  bmiBand,
  heartRateBand,
  mgPerDlToMmol,
  ORDER_STATUS,
  type BloodPressureBand,
  type BloodSugarBand,
  type BmiBand,
  type HeartRateBand,
} from '@rhc/domain';
import type {
  RecordSnapshot,
  SnapshotBooking,
  SnapshotFile,
  SnapshotNutrition,
  SnapshotPerson,
  SnapshotPrescription,
  SnapshotReading,
  SnapshotShare,
  SnapshotVaccination,
} from './record-snapshot.ts';

/*
 * The FHIR R4 Bundle of a person's record (issue 53, decision 053): pure mapping functions, one per resource kind, from
 * the snapshot the export reads. Codes: LOINC for the vital signs, UCUM units, HL7 terminology for categories and
 * interpretations; the app's own values (share sections, vaccine ids, reading categories) under RHC_SYSTEM.
 */

export type FhirResource = { resourceType: string; id: string } & Record<string, unknown>;
export interface FhirBundle {
  resourceType: 'Bundle';
  id: string;
  type: 'collection';
  timestamp: string;
  entry: { fullUrl: string; resource: FhirResource }[];
}

export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
/** The app's own code systems, one per kind of value: `${RHC_SYSTEM}/share-section`, `/vaccine`, … */
export const RHC_SYSTEM = 'https://rhc.vn/fhir/CodeSystem';
export const CONSENT_EVENT_EXTENSION = 'https://rhc.vn/fhir/StructureDefinition/consent-event';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const CONSENT_SCOPE = 'http://terminology.hl7.org/CodeSystem/consentscope';
const DIAGNOSTIC_SERVICE = 'http://terminology.hl7.org/CodeSystem/v2-0074';

/** The vital signs' LOINC codes (decision 053's table). */
export const VITAL_CODES = {
  bloodPressurePanel: { code: '85354-9', display: 'Blood pressure panel with all children optional' },
  systolic: { code: '8480-6', display: 'Systolic blood pressure' },
  diastolic: { code: '8462-4', display: 'Diastolic blood pressure' },
  heartRate: { code: '8867-4', display: 'Heart rate' },
  glucoseMass: { code: '2339-0', display: 'Glucose [Mass/volume] in Blood' },
  glucoseMoles: { code: '15074-8', display: 'Glucose [Moles/volume] in Blood' },
  bmi: { code: '39156-5', display: 'Body mass index (BMI) [Ratio]' },
  height: { code: '8302-2', display: 'Body height' },
  weight: { code: '29463-7', display: 'Body weight' },
} as const;

type Band = BloodPressureBand | HeartRateBand | BloodSugarBand | BmiBand;
/** A band as the HL7 interpretation it amounts to (N normal, L low, H high, HH critically high); its own name as text. */
const INTERPRETATIONS: Record<Band, 'N' | 'L' | 'H' | 'HH'> = {
  normal: 'N',
  normal_high: 'H',
  grade_1: 'H',
  grade_2: 'HH',
  emergency: 'HH',
  slow: 'L',
  fast: 'H',
  low: 'L',
  pre_diabetes: 'H',
  diabetes: 'H',
  underweight: 'L',
  overweight: 'H',
  obese: 'HH',
};

const ref = (type: string, id: string) => ({ reference: `${type}/${id}` });
const coding = (system: string, code: string, display?: string) => ({ system, code, ...(display ? { display } : {}) });
const loinc = (key: keyof typeof VITAL_CODES) => ({ coding: [coding(LOINC, VITAL_CODES[key].code, VITAL_CODES[key].display)] });
const quantity = (value: number, unit: string, code = unit) => ({ value, unit, system: UCUM, code });
const instant = (at: Date) => at.toISOString();

export function patientOf(person: SnapshotPerson): FhirResource {
  const telecom = [
    ...(person.phone ? [{ system: 'phone', value: person.phone }] : []),
    ...(person.email ? [{ system: 'email', value: person.email }] : []),
  ];
  return {
    resourceType: 'Patient',
    id: person.id,
    name: [{ text: person.fullName }],
    ...(person.gender ? { gender: person.gender === 'other' ? 'other' : person.gender } : {}),
    ...(person.dateOfBirth ? { birthDate: person.dateOfBirth } : {}),
    ...(telecom.length ? { telecom } : {}),
    ...(person.address ? { address: [{ text: person.address }] } : {}),
  };
}

/** The people around the record: a managed profile's manager and every watcher a share was granted to. */
export function relatedPeopleOf(snapshot: RecordSnapshot): FhirResource[] {
  const people = new Map<string, { fullName: string; role: string }>();
  if (snapshot.person.manager) people.set(snapshot.person.manager.id, { fullName: snapshot.person.manager.fullName, role: 'manager' });
  for (const share of snapshot.shares)
    if (!people.has(share.watcher.id)) people.set(share.watcher.id, { fullName: share.watcher.fullName, role: 'watcher' });
  return [...people].map(([id, person]) => ({
    resourceType: 'RelatedPerson',
    id,
    patient: ref('Patient', snapshot.person.id),
    relationship: [{ coding: [coding(`${RHC_SYSTEM}/relation`, person.role)] }],
    name: [{ text: person.fullName }],
  }));
}

function appointmentStatus(status: number): string {
  if (status === ORDER_STATUS.cancelled) return 'cancelled';
  if (status === ORDER_STATUS.done || status === ORDER_STATUS.infostore) return 'fulfilled';
  return 'booked';
}

export function appointmentOf(booking: SnapshotBooking, patientId: string): FhirResource {
  return {
    resourceType: 'Appointment',
    id: booking.id,
    identifier: [{ system: `${RHC_SYSTEM}/order-code`, value: booking.code }],
    status: appointmentStatus(booking.status),
    serviceCategory: [{ coding: [coding(`${RHC_SYSTEM}/order-category`, booking.category)] }],
    ...(booking.reason ? { description: booking.reason } : {}),
    start: instant(booking.startsAt),
    end: instant(booking.endsAt),
    participant: [
      { actor: { ...ref('Patient', patientId) }, status: 'accepted' },
      ...(booking.doctorName ? [{ actor: { display: booking.doctorName }, status: 'accepted' }] : []),
    ],
  };
}

/** The encounter of a booking that was examined, or whose result, prescription or files were given (`treated`). */
export function encounterOf(booking: SnapshotBooking, patientId: string, treated = false): FhirResource | null {
  if (!treated && !booking.examination && booking.conclusion === null) return null;
  return {
    resourceType: 'Encounter',
    id: booking.id,
    status: 'finished',
    class: booking.mode === 'online' ? coding(ACT_CODE, 'VR', 'virtual') : coding(ACT_CODE, 'AMB', 'ambulatory'),
    subject: ref('Patient', patientId),
    appointment: [ref('Appointment', booking.id)],
    period: { start: instant(booking.startsAt), end: instant(booking.endsAt) },
    ...(booking.doctorName ? { participant: [{ individual: { display: booking.doctorName } }] } : {}),
    ...(booking.reason ? { reasonCode: [{ text: booking.reason }] } : {}),
  };
}

/** The diagnosis written on an examined booking, as text (no coded terminology is kept). */
export function conditionOf(booking: SnapshotBooking, patientId: string): FhirResource | null {
  if (!booking.examination) return null;
  return {
    resourceType: 'Condition',
    id: booking.id,
    category: [{ coding: [coding('http://terminology.hl7.org/CodeSystem/condition-category', 'encounter-diagnosis')] }],
    code: { text: booking.examination.diagnostic },
    subject: ref('Patient', patientId),
    encounter: ref('Encounter', booking.id),
    recordedDate: instant(booking.examination.writtenAt),
    ...(booking.examination.medicalHistory ? { note: [{ text: booking.examination.medicalHistory }] } : {}),
  };
}

/** The diagnostic service section of a booking kind that gives a conclusion (HL7 v2 table 0074). */
const SERVICE_SECTIONS: Record<string, { code: string; display: string }> = {
  lab: { code: 'LAB', display: 'Laboratory' },
  imaging: { code: 'RAD', display: 'Radiology' },
};

/**
 * The result of a lab test or imaging booking: its conclusion as given, when, and by which encounter. The result's files
 * are DocumentReferences of the same encounter.
 */
export function diagnosticReportOf(booking: SnapshotBooking, patientId: string): FhirResource | null {
  if (booking.conclusion === null) return null;
  const section = SERVICE_SECTIONS[booking.category] ?? { code: 'OTH', display: 'Other' };
  return {
    resourceType: 'DiagnosticReport',
    id: booking.id,
    status: 'final',
    category: [{ coding: [coding(DIAGNOSTIC_SERVICE, section.code, section.display)] }],
    code: { coding: [coding(`${RHC_SYSTEM}/order-category`, booking.category)], text: section.display },
    subject: ref('Patient', patientId),
    encounter: ref('Encounter', booking.id),
    effectiveDateTime: instant(booking.startsAt),
    ...(booking.concludedAt ? { issued: instant(booking.concludedAt) } : {}),
    conclusion: booking.conclusion,
  };
}

/**
 * A nutrition assessment (NRS-2002 screening and GLIM diagnosis) as one exam observation: the conclusion as its value,
 * the measures it was computed from and its scores as components. No LOINC code covers the pair, so the app's own.
 */
export function nutritionObservationOf(assessment: SnapshotNutrition, patientId: string): FhirResource {
  const own = (code: string, display: string) => ({ coding: [coding(`${RHC_SYSTEM}/nutrition`, code, display)], text: display });
  return {
    resourceType: 'Observation',
    id: assessment.id,
    status: 'final',
    category: [{ coding: [coding(OBSERVATION_CATEGORY, 'exam', 'Exam')] }],
    code: own('assessment', 'Nutrition assessment (NRS-2002, GLIM)'),
    subject: ref('Patient', patientId),
    effectiveDateTime: assessment.examinedOn,
    valueCodeableConcept: { coding: [coding(`${RHC_SYSTEM}/nutrition-conclusion`, assessment.conclusion)] },
    component: [
      { code: loinc('height'), valueQuantity: quantity(assessment.heightCm, 'cm') },
      { code: loinc('weight'), valueQuantity: quantity(assessment.weightKg, 'kg') },
      { code: loinc('bmi'), valueQuantity: quantity(assessment.bmi, 'kg/m2') },
      { code: own('nrs-2002-score', 'NRS-2002 total score'), valueInteger: assessment.riskScore },
      {
        code: own('nrs-2002-risk', 'NRS-2002 risk level'),
        valueCodeableConcept: { coding: [coding(`${RHC_SYSTEM}/nutrition-risk`, assessment.riskLevel)] },
      },
      ...(assessment.glimSeverity
        ? [
            {
              code: own('glim-severity', 'GLIM malnutrition severity'),
              valueCodeableConcept: { coding: [coding(`${RHC_SYSTEM}/glim-severity`, assessment.glimSeverity)] },
            },
          ]
        : []),
    ],
  };
}

function interpretation(band: Band) {
  return [{ coding: [coding(INTERPRETATION, INTERPRETATIONS[band])], text: band }];
}

function vital(
  reading: SnapshotReading,
  patientId: string,
  suffix: string,
  code: keyof typeof VITAL_CODES,
  band: Band,
  rest: object,
): FhirResource {
  return {
    resourceType: 'Observation',
    id: `${reading.id}-${suffix}`,
    status: 'final',
    category: [{ coding: [coding(OBSERVATION_CATEGORY, 'vital-signs', 'Vital Signs')] }],
    code: loinc(code),
    subject: ref('Patient', patientId),
    effectiveDateTime: instant(reading.measuredAt),
    ...rest,
    interpretation: interpretation(band),
    note: [{ text: reading.category }],
  };
}

/** A reading as its vital-sign observations: blood pressure panel, heart rate, glucose, BMI (each when measured). */
export function observationsOf(reading: SnapshotReading, patientId: string): FhirResource[] {
  const out: FhirResource[] = [];
  if (reading.systolic !== null && reading.diastolic !== null) {
    out.push(
      vital(reading, patientId, 'bp', 'bloodPressurePanel', bloodPressureBand(reading.systolic, reading.diastolic), {
        component: [
          { code: loinc('systolic'), valueQuantity: quantity(reading.systolic, 'mm[Hg]') },
          { code: loinc('diastolic'), valueQuantity: quantity(reading.diastolic, 'mm[Hg]') },
        ],
      }),
    );
  }
  if (reading.heartRate !== null) {
    out.push(
      vital(reading, patientId, 'hr', 'heartRate', heartRateBand(reading.heartRate), {
        valueQuantity: quantity(reading.heartRate, '/min'),
      }),
    );
  }
  if (reading.bloodSugar !== null) {
    out.push(
      vital(reading, patientId, 'glucose', 'glucoseMass', bloodSugarBand(reading.bloodSugar), {
        valueQuantity: quantity(reading.bloodSugar, 'mg/dL'),
        component: [{ code: loinc('glucoseMoles'), valueQuantity: quantity(mgPerDlToMmol(reading.bloodSugar), 'mmol/L') }],
      }),
    );
  }
  if (reading.bmi !== null) {
    const measures = [
      ...(reading.height !== null ? [{ code: loinc('height'), valueQuantity: quantity(reading.height, 'cm') }] : []),
      ...(reading.weight !== null ? [{ code: loinc('weight'), valueQuantity: quantity(reading.weight, 'kg') }] : []),
    ];
    out.push(
      vital(reading, patientId, 'bmi', 'bmi', bmiBand(reading.bmi), {
        valueQuantity: quantity(reading.bmi, 'kg/m2'),
        ...(measures.length ? { component: measures } : {}),
      }),
    );
  }
  return out;
}

/** A prescription line's request id: the prescription's id and the line's position. */
export const medicationRequestId = (prescriptionId: string, position: number) => `${prescriptionId}-${position}`;

/**
 * A prescription as one MedicationRequest per line, grouped by the prescription's id. Prescriptions are never changed:
 * a replaced one is `stopped`, and its replacement's lines point back at it (`priorPrescription`, R4's "replaces").
 */
export function medicationRequestsOf(prescription: SnapshotPrescription, all: SnapshotPrescription[], patientId: string): FhirResource[] {
  const replaced = all.find((other) => other.replacedBy === prescription.id);
  return prescription.lines.map((line) => {
    const prior = replaced && (replaced.lines.find((l) => l.position === line.position) ?? replaced.lines[0]);
    const unit = line.unitName ?? line.unit;
    return {
      resourceType: 'MedicationRequest',
      id: medicationRequestId(prescription.id, line.position),
      groupIdentifier: { system: `${RHC_SYSTEM}/prescription`, value: prescription.id },
      status: prescription.supersededAt ? 'stopped' : 'active',
      intent: 'order',
      medicationCodeableConcept: { text: line.drugName },
      subject: ref('Patient', patientId),
      encounter: ref('Encounter', prescription.orderId),
      authoredOn: instant(prescription.createdAt),
      requester: { display: prescription.doctorName, identifier: { system: `${RHC_SYSTEM}/licence`, value: prescription.licenceNumber } },
      ...(prior && replaced ? { priorPrescription: ref('MedicationRequest', medicationRequestId(replaced.id, prior.position)) } : {}),
      dosageInstruction: [
        {
          text: [line.dose, line.note].filter(Boolean).join(' — '),
          timing: {
            repeat: { frequency: line.timesPerDay, period: 1, periodUnit: 'd', boundsDuration: quantity(line.days, 'd') },
            code: { coding: [coding(`${RHC_SYSTEM}/meal-timing`, line.mealTiming)] },
          },
        },
      ],
      dispenseRequest: { quantity: { value: line.quantity, unit } },
    };
  });
}

/** A stored file, pointing at its copy in the archive. */
export function documentReferenceOf(file: SnapshotFile, patientId: string): FhirResource {
  return {
    resourceType: 'DocumentReference',
    id: file.id,
    status: 'current',
    type: { coding: [coding(`${RHC_SYSTEM}/type-exam`, String(file.typeExam))] },
    subject: ref('Patient', patientId),
    date: instant(file.createdAt),
    description: file.name,
    content: [{ attachment: { contentType: file.mediaType, url: encodeURI(file.archivePath), size: file.sizeBytes, title: file.name } }],
    ...(file.orderId ? { context: { encounter: [ref('Encounter', file.orderId)] } } : {}),
  };
}

export function immunizationOf(dose: SnapshotVaccination, patientId: string): FhirResource {
  return {
    resourceType: 'Immunization',
    id: dose.id,
    status: 'completed',
    vaccineCode: { coding: [coding(`${RHC_SYSTEM}/vaccine`, dose.vaccineId)], text: dose.vaccineId },
    patient: ref('Patient', patientId),
    occurrenceDateTime: dose.givenOn,
    ...(dose.place ? { location: { display: dose.place } } : {}),
    ...(dose.note ? { note: [{ text: dose.note }] } : {}),
  };
}

/** A share (consent as data): who may see which sections since when, and its whole history as extensions. */
export function consentOf(share: SnapshotShare, patientId: string): FhirResource {
  return {
    resourceType: 'Consent',
    id: share.id,
    status: share.endedAt ? 'inactive' : 'active',
    scope: { coding: [coding(CONSENT_SCOPE, 'patient-privacy', 'Privacy Consent')] },
    category: [{ coding: [coding(LOINC, '59284-0', 'Patient Consent')] }],
    patient: ref('Patient', patientId),
    dateTime: instant(share.grantedAt),
    policyRule: { coding: [coding(`${RHC_SYSTEM}/consent-policy`, 'share')] },
    provision: {
      type: 'permit',
      period: { start: instant(share.grantedAt), ...(share.endedAt ? { end: instant(share.endedAt) } : {}) },
      actor: [
        {
          role: { coding: [coding('http://terminology.hl7.org/CodeSystem/v3-RoleCode', 'FAMMEMB', 'family member')] },
          reference: ref('RelatedPerson', share.watcher.id),
        },
      ],
      code: share.sections.map((section) => ({ coding: [coding(`${RHC_SYSTEM}/share-section`, section)] })),
    },
    extension: share.history.map((event) => ({
      url: CONSENT_EVENT_EXTENSION,
      extension: [
        { url: 'action', valueCode: event.action },
        { url: 'occurredAt', valueDateTime: instant(event.occurredAt) },
        ...event.sections.map((section) => ({ url: 'section', valueCode: section })),
      ],
    })),
  };
}

/** The whole record as one Bundle of type `collection`; `base` makes each entry's full URL (`<base>/<type>/<id>`). */
export function recordBundle(snapshot: RecordSnapshot, options: { id: string; now: Date; base: string }): FhirBundle {
  const patientId = snapshot.person.id;
  // Bookings other resources point at (a prescription's, a file's): each has its Encounter, so no reference dangles.
  const treated = new Set([...snapshot.prescriptions.map((p) => p.orderId), ...snapshot.files.flatMap((f) => f.orderId ?? [])]);
  const resources: FhirResource[] = [
    patientOf(snapshot.person),
    ...relatedPeopleOf(snapshot),
    ...snapshot.bookings.map((booking) => appointmentOf(booking, patientId)),
    ...snapshot.bookings.flatMap((booking) => encounterOf(booking, patientId, treated.has(booking.id)) ?? []),
    ...snapshot.bookings.flatMap((booking) => conditionOf(booking, patientId) ?? []),
    ...snapshot.bookings.flatMap((booking) => diagnosticReportOf(booking, patientId) ?? []),
    ...snapshot.readings.flatMap((reading) => observationsOf(reading, patientId)),
    ...snapshot.nutrition.map((assessment) => nutritionObservationOf(assessment, patientId)),
    ...snapshot.prescriptions.flatMap((prescription) => medicationRequestsOf(prescription, snapshot.prescriptions, patientId)),
    ...snapshot.files.map((file) => documentReferenceOf(file, patientId)),
    ...snapshot.vaccinations.map((dose) => immunizationOf(dose, patientId)),
    ...snapshot.shares.map((share) => consentOf(share, patientId)),
  ];
  return {
    resourceType: 'Bundle',
    id: options.id,
    type: 'collection',
    timestamp: instant(options.now),
    entry: resources.map((resource) => ({ fullUrl: `${options.base}/${resource.resourceType}/${resource.id}`, resource })),
  };
}
