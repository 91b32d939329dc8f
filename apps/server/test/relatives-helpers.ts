import { profiles } from '../src/db/schema/index.ts';
import type { TestContext } from './test-app.ts';

/** A profile managed by `managerId`, born on `dateOfBirth`, written directly (profiles are the relatives suite's to test). */
export async function insertManagedProfile(
  ctx: TestContext,
  managerId: string,
  dateOfBirth: string,
  address = '12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
): Promise<string> {
  const [row] = await ctx.database.db
    .insert(profiles)
    .values({
      managerId,
      fullName: 'Nguyễn Minh An',
      phone: '0912345678',
      callingCode: '+84',
      countryName: 'Việt Nam',
      gender: 'male',
      dateOfBirth,
      address,
    })
    .returning({ id: profiles.id });
  if (!row) throw new Error('profile not stored');
  return row.id;
}
