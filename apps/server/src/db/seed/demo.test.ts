import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_SUPPORT_CONTACT, type TestDatabase } from '../../../test/test-app.ts';
import { doctorWorkTimes, users } from '../schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_DOCTORS } from './demo.ts';
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

  it('gives every other demo doctor in-person hours, and evening online hours to those who consult online', async () => {
    for (const doctor of DEMO_DOCTORS) {
      const modes = (await workTimesOf(doctor.phone)).map((hours) => hours.mode).sort();
      expect(modes).toEqual(doctor.online ? ['direct', 'online'] : ['direct']);
    }
  });

  it('adds nothing on a later start', async () => {
    const [before] = await test.database.db.select({ n: count() }).from(doctorWorkTimes);
    await seedDemoData(test.database.db, new Date('2026-12-24T03:00:00Z'));
    const [after] = await test.database.db.select({ n: count() }).from(doctorWorkTimes);
    expect(after?.n).toBe(before?.n);
  });
});
