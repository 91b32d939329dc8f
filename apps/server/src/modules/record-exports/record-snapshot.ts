import type { GlimSeverity, NutritionConclusion, NutritionRiskLevel } from '@rhc/domain';
import type { healthMeasurements } from '../../db/schema/index.ts';

/**
 * Everything a person's export holds (issue 53), read once from the owners' data and handed to the two writers: the
 * FHIR R4 Bundle (fhir.ts) and the readable summary (summary-document.ts). Plain data; instants are Date, days ISO strings.
 */
export interface SnapshotPerson {
  id: string;
  fullName: string;
  gender: string | null;
  dateOfBirth: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  /** A managed profile's manager; null for an account's own profile. */
  manager: { id: string; fullName: string } | null;
}

export interface SnapshotBooking {
  id: string;
  code: string;
  category: string;
  /** The order status code (packages/domain ORDER_STATUS). */
  status: number;
  mode: string;
  startsAt: Date;
  endsAt: Date;
  reason: string;
  doctorName: string | null;
  /** The examination's result once written. */
  examination: { diagnostic: string; medicalHistory: string; reExamDate: string; advice: string; writtenAt: Date } | null;
  /** A lab or imaging order's conclusion once given, and when. */
  conclusion: string | null;
  concludedAt: Date | null;
}

export interface SnapshotPrescriptionLine {
  position: number;
  drugName: string;
  quantity: number;
  unit: string;
  unitName: string | null;
  dose: string;
  timesPerDay: number;
  days: number;
  mealTiming: string;
  note: string | null;
}

export interface SnapshotPrescription {
  id: string;
  orderId: string;
  doctorName: string;
  licenceNumber: string;
  createdAt: Date;
  supersededAt: Date | null;
  /** The prescription that replaced this one. */
  replacedBy: string | null;
  lines: SnapshotPrescriptionLine[];
}

/** A reading as stored (blood sugar in mg/dL). */
export type SnapshotReading = Pick<
  typeof healthMeasurements.$inferSelect,
  'id' | 'measuredAt' | 'category' | 'systolic' | 'diastolic' | 'heartRate' | 'bloodSugar' | 'height' | 'weight' | 'bmi'
>;

export interface SnapshotFile {
  id: string;
  recordId: string | null;
  orderId: string | null;
  typeExam: number;
  name: string;
  mediaType: string;
  sizeBytes: number;
  storageKey: string;
  createdAt: Date;
  /** Where the file lies in the archive: `files/<id>-<safe name>`. */
  archivePath: string;
}

export interface SnapshotRecord {
  id: string;
  testDay: string;
  doctorName: string;
  reason: string;
}

export interface SnapshotVaccination {
  id: string;
  vaccineId: string;
  givenOn: string;
  place: string;
  note: string;
}

/** A nutrition assessment (NRS-2002 and GLIM, spec §3) with what the server computed when it was written. */
export interface SnapshotNutrition {
  id: string;
  examinedOn: string;
  heightCm: number;
  weightKg: number;
  bmi: number;
  riskScore: number;
  riskLevel: NutritionRiskLevel;
  glimSeverity: GlimSeverity | null;
  conclusion: NutritionConclusion;
}

export interface SnapshotConsentEvent {
  action: string;
  sections: string[];
  occurredAt: Date;
}

export interface SnapshotShare {
  id: string;
  watcher: { id: string; fullName: string };
  sections: string[];
  grantedAt: Date;
  endedAt: Date | null;
  history: SnapshotConsentEvent[];
}

export interface SnapshotAccess {
  at: Date;
  readerName: string;
  section: string;
  action: 'read' | 'write' | 'mail';
}

export interface RecordSnapshot {
  person: SnapshotPerson;
  bookings: SnapshotBooking[];
  prescriptions: SnapshotPrescription[];
  readings: SnapshotReading[];
  records: SnapshotRecord[];
  files: SnapshotFile[];
  vaccinations: SnapshotVaccination[];
  nutrition: SnapshotNutrition[];
  shares: SnapshotShare[];
  accessLog: SnapshotAccess[];
}

/** A file's place in the archive: its id (unique) and its name kept to safe characters. */
export function archivePathOf(id: string, name: string): string {
  const safe =
    name
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
      .replace(/[/\\\u0000-\u001f\u007f:*?"<>|]/g, '_')
      .replace(/^\.+/, '')
      .slice(0, 120) || 'file';
  return `files/${id}-${safe}`;
}
