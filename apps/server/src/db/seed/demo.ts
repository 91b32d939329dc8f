import type { Db } from '../client.ts';
import { doctorProfiles, users } from '../schema/index.ts';
import { hashPassword } from '../../platform/security/secrets.ts';

/** Demo accounts (README lists them). Only with SEED_DEMO, which is off by default in production. */
export const DEMO_ACCOUNTS = {
  patient: { phone: '0901234567', password: 'Benhnhan123', fullName: 'Nguyễn Thị Lan', email: 'lan.nguyen@demo.rhc.vn' },
  doctor: { phone: '0987654321', password: 'Bacsi12345', fullName: 'Trần Minh Đức', email: 'bs.duc@demo.rhc.vn' },
} as const;

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
      jobId: 3,
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
      jobId: 1,
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
  }
}
