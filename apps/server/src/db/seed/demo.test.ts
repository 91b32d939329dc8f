import { IMAGING_SPECIALTY_ID, LAB_SPECIALTY_ID, VACCINATION_SPECIALTY_ID, vaccineStatuses, vietnamDay, type VaccineId } from '@rhc/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_SUPPORT_CONTACT, type TestDatabase } from '../../../test/test-app.ts';
import { doctorSpecialties, doctorWorkTimes, invitations, profiles, shares, users, vaccinationHistory } from '../schema/index.ts';
import { SPECIALTIES } from './catalog.ts';
import { DEMO_ACCOUNTS, DEMO_DOCTORS, DEMO_MANAGED_PROFILES } from './demo.ts';
import { seedDemoData, seedReferenceData } from './index.ts';

describe('demo data', () => {
  let test: TestDatabase;
  const now = new Date('2026-11-22T03:00:00Z'); // a Sunday in Vietnam

  beforeAll(async () => {
    test = await createTestDatabase('PGlite');
    await seedReferenceData(test.database.db, { supportContact: TEST_SUPPORT_CONTACT });
    await seedDemoData(test.database.db, now);
  });
  afterAll(() => test.dispose());

  async function workTimesOf(phone: string) {
    const [user] = await test.database.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    if (!user) throw new Error(`no demo user ${phone}`);
    return test.database.db.select().from(doctorWorkTimes).where(eq(doctorWorkTimes.doctorId, user.id));
  }

  it('gives the demo doctor weekday mornings at Chợ Rẫy for eight weeks from this Monday', async () => {
    const [hours, ...others] = await workTimesOf(DEMO_ACCOUNTS.doctor.phone);
    expect(others).toEqual([]);
    expect(hours).toMatchObject({
      mode: 'direct',
      workUnitId: 2,
      startMinute: 8 * 60,
      endMinute: 11 * 60 + 30,
      weekdays: [1, 2, 3, 4, 5],
      firstDay: '2026-11-16',
      untilDay: '2027-01-10',
    });
  });

  it('lets a patient see every specialty both in person and online', async () => {
    const modesBySpecialty = new Map<number, Set<string>>();
    for (const doctor of DEMO_DOCTORS) {
      const modes = (await workTimesOf(doctor.phone)).map((hours) => hours.mode);
      for (const specialtyId of doctor.specialtyIds)
        for (const mode of modes) modesBySpecialty.set(specialtyId, (modesBySpecialty.get(specialtyId) ?? new Set()).add(mode));
    }
    // A vaccination is given, a lab sample taken and a scan made in person: the demo doctor does all three (below), nobody online.
    const inPersonOnly: number[] = [VACCINATION_SPECIALTY_ID, LAB_SPECIALTY_ID, IMAGING_SPECIALTY_ID];
    for (const specialty of SPECIALTIES.filter(({ id }) => !inPersonOnly.includes(id)))
      expect([specialty.code, [...(modesBySpecialty.get(specialty.id) ?? [])].sort()]).toEqual([specialty.code, ['direct', 'online']]);
  });

  it('lets a patient book a vaccination with the demo doctor in their in-person hours (decision 043)', async () => {
    const [doctor] = await test.database.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_ACCOUNTS.doctor.phone));
    const given = await test.database.db
      .select({ specialtyId: doctorSpecialties.specialtyId })
      .from(doctorSpecialties)
      .where(eq(doctorSpecialties.doctorId, doctor?.id ?? ''));
    expect(given.map(({ specialtyId }) => specialtyId)).toContain(VACCINATION_SPECIALTY_ID);
    // …and their clinic's lab and imaging orders are assigned to them (decisions 044, 045).
    expect(given.map(({ specialtyId }) => specialtyId)).toEqual(expect.arrayContaining([LAB_SPECIALTY_ID, IMAGING_SPECIALTY_ID]));
    expect((await workTimesOf(DEMO_ACCOUNTS.doctor.phone)).map(({ mode }) => mode)).toContain('direct');
  });

  it('gives each demo doctor hours that never overlap on a day, in-person ones at their hospital', async () => {
    for (const doctor of DEMO_DOCTORS) {
      const hours = await workTimesOf(doctor.phone);
      for (const block of hours) expect(block.workUnitId).toBe(block.mode === 'direct' ? doctor.workUnitId : null);
      for (const [i, a] of hours.entries())
        for (const b of hours.slice(i + 1)) {
          const sameDay = a.weekdays?.some((day) => b.weekdays?.includes(day));
          if (sameDay) expect(a.endMinute <= b.startMinute || b.endMinute <= a.startMinute, doctor.fullName).toBe(true);
        }
    }
  });

  it('gives the demo patient a family: two managed profiles, a follower of two sections, and one invitation to answer', async () => {
    const db = test.database.db;
    const [lan] = await db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_ACCOUNTS.patient.phone));
    if (!lan) throw new Error('no demo patient');
    const managed = await db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.managerId, lan.id));
    expect(managed.map((row) => row.fullName).sort()).toEqual(DEMO_MANAGED_PROFILES.map((person) => person.fullName).sort());
    const grants = await db.select({ sections: shares.sections }).from(shares).where(eq(shares.profileId, lan.id));
    expect(grants).toEqual([{ sections: ['health_info', 'vaccines'] }]);
    const pending = await db.select({ status: invitations.status }).from(invitations).where(eq(invitations.addresseeId, lan.id));
    expect(pending).toEqual([{ status: 'pending' }]);
  });

  it("gives the demo patient's son a partial EPI history that shows several statuses", async () => {
    const db = test.database.db;
    const [an] = await db.select().from(profiles).where(eq(profiles.fullName, DEMO_MANAGED_PROFILES[0].fullName));
    if (!an) throw new Error('no demo child');
    const history = await db.select().from(vaccinationHistory).where(eq(vaccinationHistory.infoId, an.id));
    const statuses = vaccineStatuses({
      scheduleId: 'VN-TT10-2024',
      dateOfBirth: an.dateOfBirth,
      today: vietnamDay(now),
      history: history.map((row) => ({ id: row.id, vaccineId: row.vaccineId as VaccineId, givenOn: row.givenOn })),
    });
    const shown = Object.fromEntries(statuses.map((s) => [s.vaccineId, `${s.status}/${s.detail ?? ''}`]));
    expect(shown).toMatchObject({
      hepatitis_b: 'full/',
      dtp_hepb_hib: 'full/',
      polio: 'partial/overdue',
      japanese_encephalitis: 'partial/overdue',
      td: 'none/overdue',
      rotavirus: 'outside_age_range/too_old_to_start',
    });
  });

  it('adds nothing on a later start', async () => {
    const db = test.database.db;
    const counts = async () =>
      Promise.all(
        [doctorWorkTimes, profiles, shares, invitations].map(async (table) => (await db.select({ n: count() }).from(table))[0]?.n),
      );
    const before = await counts();
    await seedDemoData(db, new Date('2026-12-24T03:00:00Z'));
    expect(await counts()).toEqual(before);
  });
});
