import { profiles } from '../src/db/schema/index.ts';
import type { TestContext } from './test-app.ts';

/** The body of POST /api/relative/{userId}: a child's profile, `overrides` changing fields of it. */
export function profileBody(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Nguyễn Minh An',
    phone: '0912345678',
    callingCodes: '+84',
    nameCountry: 'Việt Nam',
    gender: 'male',
    // Aged 8 on the test clock's day (2026-11-22): sharing needs the child's agreement.
    dateOfBirth: '2018-03-10',
    email: '',
    address: '12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
    ...overrides,
  };
}

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
