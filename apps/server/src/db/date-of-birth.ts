import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { profiles, users } from './schema/index.ts';

/*
 * A read several modules need of a person (profile): the age their health data is judged at — monitoring's adult bands,
 * nutrition's NRS-2002 and GLIM. It lives with the schema so that neither module reaches into relatives (decision 013).
 */

/** The person's birth date: a managed profile's own, or the account's for an account's own profile; null if none. */
export async function profileDateOfBirth(db: Db, profileId: string): Promise<string | null> {
  const [row] = await db
    .select({ profileBirth: profiles.dateOfBirth, accountBirth: users.dateOfBirth })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.accountId))
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row ? (row.profileBirth ?? row.accountBirth ?? null) : null;
}
