import { DOCTOR_JOB_ID, isoWeekday, JOB_IDS, vietnamDay, type Degree } from '@rhc/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { doctorProfiles, doctorSpecialties, doctorWorkTimes, users } from '../schema/index.ts';
import { hashPassword } from '../../platform/security/secrets.ts';
import { SPECIALTIES } from './catalog.ts';

/** Demo accounts (README lists them). Only with SEED_DEMO, which is off by default in production. */
export const DEMO_ACCOUNTS = {
  patient: { phone: '0901234567', password: 'Benhnhan123', fullName: 'Nguyễn Thị Lan', email: 'lan.nguyen@demo.rhc.vn' },
  doctor: { phone: '0987654321', password: 'Bacsi12345', fullName: 'Trần Minh Đức', email: 'bs.duc@demo.rhc.vn' },
} as const;

/** Specialty ids of the demo doctor above (seed/catalog.ts): cardiology and internal medicine. */
const DEMO_DOCTOR_SPECIALTY_IDS = [4, 1];
/** seed/work-units.ts: Bệnh viện Chợ Rẫy, the demo doctor's work place. */
const DEMO_DOCTOR_WORK_UNIT_ID = 2;

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
  /** Also consults online on Tuesday and Thursday evenings. */
  online: boolean;
}

/** More bookable doctors, so the booking screens have a choice of specialties, places and modes. */
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
    online: false,
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
    online: true,
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
    online: false,
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
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.phone })
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
  await seedWeeklyHours(db, { doctorId: row.id, workUnitId: doctor.workUnitId, online: doctor.online }, now);
}

/** Weekly hours from the Monday of this week (Vietnam) for eight weeks: Mon–Fri mornings, and online evenings if asked. */
async function seedWeeklyHours(db: Db, hours: { doctorId: string; workUnitId: number; online: boolean }, now: Date): Promise<void> {
  const today = vietnamDay(now);
  const monday = addDays(today, 1 - isoWeekday(today));
  // Eight full weeks: the last day is the eighth Sunday (until is inclusive).
  const until = addDays(monday, 8 * 7 - 1);
  const weekly = {
    doctorId: hours.doctorId,
    firstDay: monday,
    recurrenceType: 'week',
    recurrenceInterval: 1,
    untilDay: until,
    createdAt: now,
    updatedAt: now,
  };
  await db.insert(doctorWorkTimes).values({
    ...weekly,
    mode: 'direct',
    startMinute: 8 * 60,
    endMinute: 11 * 60 + 30,
    weekdays: [1, 2, 3, 4, 5],
    workUnitId: hours.workUnitId,
  });
  if (hours.online)
    await db.insert(doctorWorkTimes).values({ ...weekly, mode: 'online', startMinute: 19 * 60, endMinute: 21 * 60, weekdays: [2, 4] });
}

export async function seedDemoData(db: Db, now: Date): Promise<void> {
  const { patient, doctor } = DEMO_ACCOUNTS;
  await db
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
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.phone });
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
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.phone })
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
    await seedWeeklyHours(db, { doctorId: doctorRow.id, workUnitId: DEMO_DOCTOR_WORK_UNIT_ID, online: false }, now);
  }
  const [demoDoctor] = await db.select({ id: users.id }).from(users).where(eq(users.phone, doctor.phone));
  if (demoDoctor)
    await db
      .insert(doctorSpecialties)
      .values(DEMO_DOCTOR_SPECIALTY_IDS.map((specialtyId) => ({ doctorId: demoDoctor.id, specialtyId })))
      .onConflictDoNothing();
  for (const demo of DEMO_DOCTORS) await seedDemoDoctor(db, demo, now);
}
