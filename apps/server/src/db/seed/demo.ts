import {
  computeBmi,
  DOCTOR_JOB_ID,
  IMAGING_SPECIALTY_ID,
  isoWeekday,
  JOB_IDS,
  LAB_SPECIALTY_ID,
  VACCINATION_SPECIALTY_ID,
  vietnamDay,
  type Degree,
} from '@rhc/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  consentEvents,
  doctorLicences,
  doctorProfiles,
  doctorSpecialties,
  doctorWorkTimes,
  documents,
  followGroupMembers,
  followGroups,
  healthMeasurements,
  healthRecords,
  invitations,
  profiles,
  shares,
  users,
  vaccinationHistory,
} from '../schema/index.ts';
import { hashPassword } from '../../platform/security/secrets.ts';
import { tinyPdf, tinyPng } from '../../platform/storage/sample-files.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { SPECIALTIES } from './catalog.ts';

/** Demo accounts (README lists them). Only with SEED_DEMO, which is off by default in production. */
export const DEMO_ACCOUNTS = {
  patient: { phone: '0901234567', password: 'Benhnhan123', fullName: 'Nguyễn Thị Lan', email: 'lan.nguyen@demo.rhc.vn' },
  doctor: { phone: '0987654321', password: 'Bacsi12345', fullName: 'Trần Minh Đức', email: 'bs.duc@demo.rhc.vn' },
  /** Lan's husband: follows her health information and vaccinations, and has invited her to follow him (issue 14). */
  relative: { phone: '0912345670', password: 'Nguoithan123', fullName: 'Nguyễn Văn Hải', email: 'hai.nguyen@demo.rhc.vn' },
} as const;

/** The profiles Lan manages (issue 14): her son, aged 8 on 24/11/2026 (sharing him needs his agreement), and her mother. */
export const DEMO_MANAGED_PROFILES = [
  {
    fullName: 'Nguyễn Minh An',
    phone: '0901234567',
    gender: 'male',
    dateOfBirth: '2018-03-15',
    address: '12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
  },
  {
    fullName: 'Phạm Thị Hồng',
    phone: '0903456789',
    gender: 'female',
    dateOfBirth: '1955-08-20',
    address: '27 Hàng Bông, Hoàn Kiếm, Hà Nội',
  },
] as const;

/** The wording the demo grants were given with (kept with each grant, decision 022). */
const DEMO_CONSENT_TEXT =
  'Tôi đồng ý cho người này xem các mục đã chọn trong hồ sơ sức khỏe của tôi. Tôi có thể thay đổi hoặc thu hồi bất cứ lúc nào.';

/**
 * Specialty ids of the demo doctor above (seed/catalog.ts): cardiology, internal medicine, vaccination (so that a
 * vaccine order can be booked with the demo doctor in their in-person hours and completed by them, decision 043) and
 * the lab (so that their clinic's lab orders, at the clinic and at home, are theirs to confirm and complete, decision 044)
 * and diagnostic imaging (so that their clinic's imaging orders are theirs to review, confirm and complete, decision 045).
 */
const DEMO_DOCTOR_SPECIALTY_IDS = [4, 1, VACCINATION_SPECIALTY_ID, LAB_SPECIALTY_ID, IMAGING_SPECIALTY_ID];
/** seed/work-units.ts: Bệnh viện Chợ Rẫy, the demo doctor's work place. */
const DEMO_DOCTOR_WORK_UNIT_ID = 2;

/** One weekly block of a demo doctor's hours, in Vietnam's time (minutes after midnight). */
interface WeeklyBlock {
  mode: 'direct' | 'online';
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: number[];
  start: number;
  end: number;
}

interface DemoDoctor {
  phone: string;
  password: string;
  fullName: string;
  email: string;
  gender: 'male' | 'female';
  dateOfBirth: string;
  address: string;
  degree: Degree;
  specialtyIds: number[];
  /** seed/work-units.ts; the in-person weekly hours happen there. */
  workUnitId: number;
  workPlace: string;
  /** Outpatient hours as Vietnamese public hospitals keep them (07:00–11:30, 13:30–16:30, some Saturday mornings), and online consultations outside them. */
  hours: WeeklyBlock[];
}

const hm = (hours: number, minutes = 0) => hours * 60 + minutes;
const MORNING = { start: hm(7), end: hm(11, 30) };
const AFTERNOON = { start: hm(13, 30), end: hm(16, 30) };
const EVENING = { start: hm(19), end: hm(21) };
const WEEKDAYS = [1, 2, 3, 4, 5];

/**
 * More bookable doctors: every specialty of the catalog has at least one doctor seen in person and one online
 * (seed/demo.test.ts checks it), at hospitals in the north, centre and south.
 */
export const DEMO_DOCTORS: readonly DemoDoctor[] = [
  {
    phone: '0912345678',
    password: 'Bacsi23456',
    fullName: 'Nguyễn Thị Mai Anh',
    email: 'bs.maianh@demo.rhc.vn',
    gender: 'female',
    dateOfBirth: '1985-03-14',
    address: '341 Sư Vạn Hạnh, Quận 10, TP. Hồ Chí Minh',
    degree: 'master',
    specialtyIds: [2],
    workUnitId: 5,
    workPlace: 'Bệnh viện Nhi Đồng 1',
    hours: [
      { mode: 'direct', weekdays: WEEKDAYS, ...MORNING },
      { mode: 'direct', weekdays: [6], ...MORNING },
      { mode: 'online', weekdays: [3], ...EVENING },
    ],
  },
  {
    phone: '0978123456',
    password: 'Bacsi34567',
    fullName: 'Phạm Quốc Huy',
    email: 'bs.quochuy@demo.rhc.vn',
    gender: 'male',
    dateOfBirth: '1981-11-30',
    address: '215 Hồng Bàng, Quận 5, TP. Hồ Chí Minh',
    degree: 'doctor',
    specialtyIds: [5, 1],
    workUnitId: 3,
    workPlace: 'Bệnh viện Đại học Y Dược TP. Hồ Chí Minh',
    hours: [
      { mode: 'direct', weekdays: WEEKDAYS, start: hm(8), end: hm(11, 30) },
      { mode: 'online', weekdays: [2, 4], ...EVENING },
    ],
  },
  {
    phone: '0935123456',
    password: 'Bacsi45678',
    fullName: 'Lê Thị Thu Trang',
    email: 'bs.thutrang@demo.rhc.vn',
    gender: 'female',
    dateOfBirth: '1983-07-08',
    address: '78 Giải Phóng, Đống Đa, Hà Nội',
    degree: 'specialist_1',
    specialtyIds: [3],
    workUnitId: 1,
    workPlace: 'Bệnh viện Bạch Mai',
    hours: [
      { mode: 'direct', weekdays: WEEKDAYS, ...MORNING },
      { mode: 'direct', weekdays: [2, 4], ...AFTERNOON },
      { mode: 'online', weekdays: [1, 3], start: hm(19, 30), end: hm(21) },
    ],
  },
  {
    phone: '0905234567',
    password: 'Bacsi56789',
    fullName: 'Đỗ Hoàng Nam',
    email: 'bs.hoangnam@demo.rhc.vn',
    gender: 'male',
    dateOfBirth: '1976-05-21',
    address: '16 Lê Lợi, Vĩnh Ninh, TP. Huế',
    degree: 'specialist_2',
    specialtyIds: [4, 9],
    workUnitId: 4,
    workPlace: 'Bệnh viện Trung ương Huế',
    hours: [
      { mode: 'direct', weekdays: WEEKDAYS, ...MORNING },
      { mode: 'direct', weekdays: [2, 4], ...AFTERNOON },
      { mode: 'online', weekdays: [1, 3], ...EVENING },
    ],
  },
  {
    phone: '0796345678',
    password: 'Bacsi67890',
    fullName: 'Hoàng Thị Ngọc Hân',
    email: 'bs.ngochan@demo.rhc.vn',
    gender: 'female',
    dateOfBirth: '1987-12-02',
    address: '124 Hải Phòng, Hải Châu, Đà Nẵng',
    degree: 'master',
    specialtyIds: [6],
    workUnitId: 6,
    workPlace: 'Bệnh viện Đà Nẵng',
    hours: [
      { mode: 'direct', weekdays: [1, 2, 3, 4, 5, 6], start: hm(7, 30), end: hm(11, 30) },
      { mode: 'online', weekdays: [5], ...EVENING },
    ],
  },
  {
    phone: '0868456789',
    password: 'Bacsi78901',
    fullName: 'Bùi Văn Khoa',
    email: 'bs.vankhoa@demo.rhc.vn',
    gender: 'male',
    dateOfBirth: '1980-02-17',
    address: '78 Giải Phóng, Đống Đa, Hà Nội',
    degree: 'specialist_1',
    specialtyIds: [7],
    workUnitId: 1,
    workPlace: 'Bệnh viện Bạch Mai',
    hours: [
      { mode: 'direct', weekdays: WEEKDAYS, ...AFTERNOON },
      { mode: 'online', weekdays: [2, 4], start: hm(19, 30), end: hm(21) },
    ],
  },
  {
    phone: '0387567890',
    password: 'Bacsi89012',
    fullName: 'Trịnh Minh Châu',
    email: 'bs.minhchau@demo.rhc.vn',
    gender: 'female',
    dateOfBirth: '1990-09-09',
    address: '215 Hồng Bàng, Quận 5, TP. Hồ Chí Minh',
    degree: 'doctor',
    specialtyIds: [8],
    workUnitId: 3,
    workPlace: 'Bệnh viện Đại học Y Dược TP. Hồ Chí Minh',
    hours: [
      { mode: 'direct', weekdays: WEEKDAYS, start: hm(8), end: hm(11, 30) },
      { mode: 'direct', weekdays: [1, 3, 5], start: hm(13, 30), end: hm(17) },
      { mode: 'online', weekdays: [6], start: hm(9), end: hm(11) },
    ],
  },
  {
    phone: '0983678901',
    password: 'Bacsi90123',
    fullName: 'Đặng Thu Hà',
    email: 'bs.thuha@demo.rhc.vn',
    gender: 'female',
    dateOfBirth: '1982-04-25',
    address: '201B Nguyễn Chí Thanh, Quận 5, TP. Hồ Chí Minh',
    degree: 'specialist_2',
    specialtyIds: [10, 9],
    workUnitId: 2,
    workPlace: 'Bệnh viện Chợ Rẫy',
    hours: [
      { mode: 'direct', weekdays: [2, 3, 4, 5, 6], ...MORNING },
      { mode: 'online', weekdays: [1, 4], ...EVENING },
    ],
  },
  {
    phone: '0356789012',
    password: 'Bacsi01234',
    fullName: 'Ngô Đức Thịnh',
    email: 'bs.ducthinh@demo.rhc.vn',
    gender: 'male',
    dateOfBirth: '1978-10-13',
    address: '78 Giải Phóng, Đống Đa, Hà Nội',
    degree: 'specialist_2',
    specialtyIds: [11],
    workUnitId: 1,
    workPlace: 'Bệnh viện Bạch Mai',
    hours: [
      { mode: 'direct', weekdays: [1, 3, 5], ...MORNING },
      { mode: 'direct', weekdays: [2, 4], ...AFTERNOON },
      { mode: 'online', weekdays: [2, 4], ...EVENING },
    ],
  },
  {
    phone: '0913890123',
    password: 'Bacsi13579',
    fullName: 'Lý Gia Bảo',
    email: 'bs.giabao@demo.rhc.vn',
    gender: 'male',
    dateOfBirth: '1984-06-30',
    address: '201B Nguyễn Chí Thanh, Quận 5, TP. Hồ Chí Minh',
    degree: 'master',
    specialtyIds: [12],
    workUnitId: 2,
    workPlace: 'Bệnh viện Chợ Rẫy',
    hours: [
      { mode: 'direct', weekdays: WEEKDAYS, ...AFTERNOON },
      { mode: 'direct', weekdays: [6], ...MORNING },
      { mode: 'online', weekdays: [3, 6], ...EVENING },
    ],
  },
  // Vaccinators (decision 043): a vaccination is given in person, so they keep clinic hours only. Children's vaccinations
  // in the south, and the adults' clinic of a hospital in the north.
  {
    phone: '0349123456',
    password: 'Tiemchung123',
    fullName: 'Đặng Thu Hà',
    email: 'bs.dangthuha@demo.rhc.vn',
    gender: 'female',
    dateOfBirth: '1990-08-19',
    address: '341 Sư Vạn Hạnh, Quận 10, TP. Hồ Chí Minh',
    degree: 'specialist_1',
    specialtyIds: [VACCINATION_SPECIALTY_ID],
    workUnitId: 5,
    workPlace: 'Bệnh viện Nhi Đồng 1',
    hours: [
      { mode: 'direct', weekdays: WEEKDAYS, ...MORNING },
      { mode: 'direct', weekdays: [6], ...MORNING },
    ],
  },
  {
    phone: '0832234567',
    password: 'Tiemchung234',
    fullName: 'Hoàng Văn Nam',
    email: 'bs.vannam@demo.rhc.vn',
    gender: 'male',
    dateOfBirth: '1987-01-25',
    address: '78 Giải Phóng, Đống Đa, Hà Nội',
    degree: 'specialist_1',
    specialtyIds: [VACCINATION_SPECIALTY_ID],
    workUnitId: 1,
    workPlace: 'Bệnh viện Bạch Mai',
    hours: [{ mode: 'direct', weekdays: WEEKDAYS, ...AFTERNOON }],
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** One more bookable doctor, verified, with weekly hours. */
async function seedDemoDoctor(db: Db, doctor: DemoDoctor, now: Date): Promise<void> {
  const [row] = await db
    .insert(users)
    .values({
      phone: doctor.phone,
      email: doctor.email,
      passwordHash: await hashPassword(doctor.password),
      fullName: doctor.fullName,
      address: doctor.address,
      gender: doctor.gender,
      dateOfBirth: doctor.dateOfBirth,
      jobId: DOCTOR_JOB_ID,
      // Demo accounts stand for people who signed up with an SMS code (decision 048).
      phoneVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Already seeded on an earlier start: leave it (and any changes made to it) alone.
  if (!row) return;
  await db.insert(doctorProfiles).values({
    userId: row.id,
    degree: doctor.degree,
    // Sign-up asks a doctor for at least one specialty name (DoctorExtrasSchema): the names of the catalog's ones.
    specialtyNames: doctor.specialtyIds.map((id) => SPECIALTIES.find((specialty) => specialty.id === id)?.names.vi ?? ''),
    bankName: 'Vietcombank',
    bankAccount: `00710${doctor.phone.slice(2)}`,
    workPlace: doctor.workPlace,
    verifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(doctorSpecialties).values(doctor.specialtyIds.map((specialtyId) => ({ doctorId: row.id, specialtyId })));
  await seedWeeklyHours(db, { doctorId: row.id, workUnitId: doctor.workUnitId, blocks: doctor.hours }, now);
}

/** Weekly hours from the Monday of this week (Vietnam) for eight weeks, one work time per block. */
async function seedWeeklyHours(
  db: Db,
  hours: { doctorId: string; workUnitId: number; blocks: readonly WeeklyBlock[] },
  now: Date,
): Promise<void> {
  const today = vietnamDay(now);
  const monday = addDays(today, 1 - isoWeekday(today));
  // Eight full weeks: the last day is the eighth Sunday (until is inclusive).
  const until = addDays(monday, 8 * 7 - 1);
  await db.insert(doctorWorkTimes).values(
    hours.blocks.map((block) => ({
      doctorId: hours.doctorId,
      firstDay: monday,
      recurrenceType: 'week',
      recurrenceInterval: 1,
      untilDay: until,
      mode: block.mode,
      startMinute: block.start,
      endMinute: block.end,
      weekdays: block.weekdays,
      // In-person hours happen at the doctor's hospital; online ones nowhere in particular.
      workUnitId: block.mode === 'direct' ? hours.workUnitId : null,
      createdAt: now,
      updatedAt: now,
    })),
  );
}

/*
 * Every insert of a demo account skips one that exists by any unique key (phone or e-mail): several instances may
 * start together on one database, and a conflict only on the phone would let the e-mail's unique index fail the other.
 */
export async function seedDemoData(db: Db, now: Date, storage?: FileStorage): Promise<void> {
  const { patient, doctor } = DEMO_ACCOUNTS;
  const [patientRow] = await db
    .insert(users)
    .values({
      phone: patient.phone,
      email: patient.email,
      passwordHash: await hashPassword(patient.password),
      fullName: patient.fullName,
      address: '12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
      gender: 'female',
      dateOfBirth: '1988-04-12',
      jobId: JOB_IDS.other,
      jobNote: 'Nhân viên văn phòng',
      // Demo accounts stand for people who signed up with an SMS code (decision 048).
      phoneVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (patientRow) await seedDemoFamily(db, patientRow.id, now);
  if (patientRow) await seedDemoReadings(db, patientRow.id, now);
  if (patientRow && storage) await seedDemoRecords(db, storage, patientRow.id, now);
  const [doctorRow] = await db
    .insert(users)
    .values({
      phone: doctor.phone,
      email: doctor.email,
      passwordHash: await hashPassword(doctor.password),
      fullName: doctor.fullName,
      address: '201B Nguyễn Chí Thanh, Quận 5, TP. Hồ Chí Minh',
      gender: 'male',
      dateOfBirth: '1979-09-02',
      jobId: DOCTOR_JOB_ID,
      // Demo accounts stand for people who signed up with an SMS code (decision 048).
      phoneVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (doctorRow) {
    await db.insert(doctorProfiles).values({
      userId: doctorRow.id,
      degree: 'specialist_2',
      specialtyNames: ['Nội tim mạch'],
      bankName: 'Vietcombank',
      bankAccount: '0071000123456',
      workPlace: 'Bệnh viện Chợ Rẫy',
      verifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    // Weekday mornings at Chợ Rẫy, so the demo doctor's schedule has work (and room for weekend or evening hours).
    await seedWeeklyHours(
      db,
      {
        doctorId: doctorRow.id,
        workUnitId: DEMO_DOCTOR_WORK_UNIT_ID,
        blocks: [{ mode: 'direct', weekdays: WEEKDAYS, start: hm(8), end: hm(11, 30) }],
      },
      now,
    );
  }
  const [demoDoctor] = await db.select({ id: users.id }).from(users).where(eq(users.phone, doctor.phone));
  if (demoDoctor)
    await db
      .insert(doctorSpecialties)
      .values(DEMO_DOCTOR_SPECIALTY_IDS.map((specialtyId) => ({ doctorId: demoDoctor.id, specialtyId })))
      .onConflictDoNothing();
  for (const demo of DEMO_DOCTORS) await seedDemoDoctor(db, demo, now);
  await seedDemoLicences(db, now);
}

/**
 * Lan's family (issue 14), made once with her account: the profiles she manages in a group, her husband following her
 * health information and vaccinations (granted with the wording kept), and his pending invitation for her to follow him,
 * so the bell and /relativemanagement/ have something to show.
 */
async function seedDemoFamily(db: Db, lanId: string, now: Date): Promise<void> {
  const { relative } = DEMO_ACCOUNTS;
  const [haiRow] = await db
    .insert(users)
    .values({
      phone: relative.phone,
      email: relative.email,
      passwordHash: await hashPassword(relative.password),
      fullName: relative.fullName,
      address: '12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
      gender: 'male',
      dateOfBirth: '1985-11-02',
      jobId: JOB_IDS.other,
      // Demo accounts stand for people who signed up with an SMS code (decision 048).
      phoneVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const managed = await db
    .insert(profiles)
    .values(
      DEMO_MANAGED_PROFILES.map((person) => ({ ...person, managerId: lanId, callingCode: '+84', countryName: 'Việt Nam', createdAt: now })),
    )
    .returning({ id: profiles.id });
  const [group] = await db
    .insert(followGroups)
    .values({ ownerId: lanId, name: 'Gia đình', type: 'family' })
    .returning({ id: followGroups.id });
  if (group) await db.insert(followGroupMembers).values(managed.map(({ id }) => ({ groupId: group.id, profileId: id })));
  const [an] = managed;
  if (an) await seedDemoVaccinations(db, an.id, lanId, now);
  if (!haiRow) return;
  const sections = ['health_info', 'vaccines'];
  const [share] = await db
    .insert(shares)
    .values({ profileId: lanId, watcherId: haiRow.id, grantedBy: lanId, sections, grantedAt: now, changedAt: now })
    .returning({ id: shares.id });
  if (share)
    await db.insert(consentEvents).values({
      shareId: share.id,
      profileId: lanId,
      watcherId: haiRow.id,
      actorId: lanId,
      action: 'granted',
      sections,
      childAssent: false,
      consentText: DEMO_CONSENT_TEXT,
      language: 'vi',
      occurredAt: now,
    });
  await db.insert(invitations).values({
    kind: 'invite',
    senderId: haiRow.id,
    profileId: haiRow.id,
    addresseeId: lanId,
    addresseeCallingCode: '+84',
    addresseePhone: DEMO_ACCOUNTS.patient.phone,
    sections: ['health_info', 'exam_info', 'vaccines'],
    consentText: DEMO_CONSENT_TEXT,
    language: 'vi',
    note: 'Em theo dõi sức khỏe của anh nhé.',
    createdAt: now,
  });
}

/**
 * Every demo doctor's practising licence number (issue 17): a verified doctor needs one to write a diagnosis or a
 * prescription. Numbers in the shape the Ministry of Health prints (sequence / issuer-CCHN); none is a real one.
 */
async function seedDemoLicences(db: Db, now: Date): Promise<void> {
  const phones = [DEMO_ACCOUNTS.doctor.phone, ...DEMO_DOCTORS.map((demo) => demo.phone)];
  const rows = await db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.phone, phones));
  if (rows.length === 0) return;
  await db
    .insert(doctorLicences)
    .values(
      rows.map((row) => ({
        userId: row.id,
        licenceNumber: `${String(phones.indexOf(row.phone) + 4100).padStart(6, '0')}/HCM-CCHN`,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Lan's health record (issue 15), made once with her account: a check-up a month ago with the prescription photographed
 * (a PNG) and the blood test result (a PDF), both stored through the configured storage, so /health-record/ and the
 * history viewer have something to show.
 */
async function seedDemoRecords(db: Db, storage: FileStorage, lanId: string, now: Date): Promise<void> {
  const [record] = await db
    .insert(healthRecords)
    .values({
      profileId: lanId,
      testDay: addDays(vietnamDay(now), -30),
      doctorName: 'BS. Trần Thị Mai',
      reason: 'Khám sức khỏe định kỳ, mệt mỏi kéo dài',
      createdBy: lanId,
      updatedBy: lanId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: healthRecords.id });
  if (!record) return;
  const files = [
    { content: tinyPng(), typeExam: 4, displayName: 'Đơn thuốc', originalName: 'don-thuoc.png', mediaType: 'image/png' },
    {
      content: tinyPdf('Cong thuc mau - binh thuong'),
      typeExam: 1,
      displayName: 'Xét nghiệm máu',
      originalName: 'xet-nghiem-mau.pdf',
      mediaType: 'application/pdf',
    },
  ];
  for (const file of files) {
    const storageKey = await storage.put('documents', file.content);
    await db.insert(documents).values({
      profileId: lanId,
      recordId: record.id,
      typeExam: file.typeExam,
      displayName: file.displayName,
      originalName: file.originalName,
      sizeBytes: file.content.length,
      mediaType: file.mediaType,
      storageKey,
      state: 'committed',
      uploadedBy: lanId,
      createdAt: now,
    });
  }
}

/**
 * Lan's health readings (issue 16): 20 over the last 30 days, in all three colours — mostly normal, a few "careful"
 * (high-normal and grade 1 blood pressure, a fast pulse, a high blood sugar), two red (a blood pressure of 182/112 with
 * a headache, a blood sugar below 70) — so the history and the analysis show something on the first visit.
 */
async function seedDemoReadings(db: Db, lanId: string, now: Date): Promise<void> {
  // [days ago, Vietnam hour, systolic, diastolic, heart rate, blood sugar mg/dL or null, weight kg or null, category, symptoms]
  const rows: [number, number, number, number, number, number | null, number | null, string, string][] = [
    [29, 7, 118, 76, 72, 92, 54.5, 'fasting', ''],
    [28, 20, 124, 80, 75, null, null, 'routine', ''],
    [26, 7, 132, 86, 78, 98, null, 'fasting', ''],
    [25, 21, 121, 79, 70, null, null, 'before_sleep', ''],
    [23, 7, 119, 77, 66, 95, 54.2, 'fasting', ''],
    [22, 12, 126, 82, 104, 142, null, 'after_meal', ''],
    [20, 7, 117, 75, 68, 90, null, 'fasting', ''],
    [19, 19, 145, 92, 88, null, null, 'routine', 'Hơi chóng mặt'],
    [17, 7, 123, 81, 74, 101, 54.0, 'fasting', ''],
    [16, 20, 120, 78, 71, null, null, 'routine', ''],
    [14, 7, 128, 83, 73, 96, null, 'fasting', ''],
    [13, 15, 182, 112, 96, null, null, 'unwell', 'Đau đầu, nặng gáy'],
    [12, 7, 138, 88, 80, 99, null, 'fasting', ''],
    [10, 21, 125, 80, 69, 65, null, 'before_sleep', 'Run tay, vã mồ hôi'],
    [9, 7, 122, 79, 70, 94, 53.8, 'fasting', ''],
    [7, 18, 119, 76, 58, null, null, 'after_exercise', ''],
    [5, 7, 127, 82, 72, 97, null, 'fasting', ''],
    [4, 20, 121, 78, 74, null, null, 'routine', ''],
    [2, 7, 124, 80, 71, 93, 53.6, 'fasting', ''],
    [1, 20, 118, 77, 70, null, null, 'before_sleep', ''],
  ];
  const heightCm = 156;
  const today = vietnamDay(now);
  await db.insert(healthMeasurements).values(
    rows.map(([daysAgo, hour, systolic, diastolic, heartRate, bloodSugar, weight, category, symptoms]) => ({
      profileId: lanId,
      createdBy: lanId,
      measuredAt: new Date(`${addDays(today, -daysAgo)}T${String(hour).padStart(2, '0')}:15:00+07:00`),
      systolic,
      diastolic,
      heartRate,
      bloodSugar,
      height: weight === null ? null : heightCm,
      weight,
      bmi: weight === null ? null : computeBmi(heightCm, weight),
      category,
      symptoms,
      createdAt: now,
      updatedAt: now,
    })),
  );
}

/**
 * Lan's son An (born 2018-03-15): his vaccination booklet as a commune health station keeps it, by Vietnam's EPI
 * (Circular 10/2024): the birth doses and the infant series on time, but the second IPV dose, the third Japanese
 * encephalitis dose and the Td booster at 7 missing, and no rotavirus (not yet offered in Hà Nội then). The page shows
 * fully vaccinated, partial (overdue), not vaccinated (overdue) and outside the age range.
 */
const DEMO_VACCINATIONS: readonly [vaccineId: string, givenOn: string][] = [
  ['hepatitis_b', '2018-03-15'],
  ['bcg', '2018-03-20'],
  ['dtp_hepb_hib', '2018-05-15'],
  ['opv', '2018-05-15'],
  ['dtp_hepb_hib', '2018-06-15'],
  ['opv', '2018-06-15'],
  ['dtp_hepb_hib', '2018-07-16'],
  ['opv', '2018-07-16'],
  ['polio', '2018-08-15'],
  ['measles', '2018-12-17'],
  ['japanese_encephalitis', '2019-03-15'],
  ['japanese_encephalitis', '2019-03-25'],
  ['dtap', '2019-09-16'],
  ['measles_rubella', '2019-09-16'],
];

async function seedDemoVaccinations(db: Db, profileId: string, lanId: string, now: Date): Promise<void> {
  await db.insert(vaccinationHistory).values(
    DEMO_VACCINATIONS.map(([vaccineId, givenOn]) => ({
      infoId: profileId,
      vaccineId,
      givenOn,
      place: vaccineId === 'hepatitis_b' ? 'Bệnh viện Phụ sản Hà Nội' : 'Trạm y tế phường Hàng Trống',
      note: '',
      createdBy: lanId,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
