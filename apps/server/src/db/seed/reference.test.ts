import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnEachTestDatabase, TEST_SUPPORT_CONTACT } from '../../../test/test-app.ts';
import { specialties } from '../schema/index.ts';
import { SPECIALTIES } from './catalog.ts';
import { seedReferenceData } from './index.ts';

describeOnEachTestDatabase('the reference data', (database) => {
  it('is seeded on every start without an error, and gives way to a row that holds one of its codes under another id', async () => {
    const { db } = database();
    const seeded = SPECIALTIES[0];
    if (!seeded) throw new Error('no specialty to seed');
    // What an instance seeding at the same moment leaves, or an operator who numbered a specialty differently.
    await db.insert(specialties).values({ ...seeded, id: 9_001, names: { ...seeded.names } });
    await seedReferenceData(db, { supportContact: TEST_SUPPORT_CONTACT });
    await seedReferenceData(db, { supportContact: TEST_SUPPORT_CONTACT });
    expect((await db.select({ n: count() }).from(specialties))[0]?.n).toBe(SPECIALTIES.length);
    expect(await db.select({ id: specialties.id }).from(specialties).where(eq(specialties.code, seeded.code))).toEqual([{ id: 9_001 }]);
  });
});
