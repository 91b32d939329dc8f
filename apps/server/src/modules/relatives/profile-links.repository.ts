import { VN_CALLING_CODE } from '@rhc/domain';
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';

/** A managed profile as a claim sees it. */
export interface LinkableProfile {
  id: string;
  managerId: string | null;
  fullName: string | null;
  phone: string | null;
  callingCode: string | null;
  dateOfBirth: string | null;
  archivedAt: Date | null;
  linkedAccountId: string | null;
}

export interface ClaimableRow {
  id: string;
  fullName: string;
  dateOfBirth: string;
  managerName: string;
}

/** A column that references `profiles(id)`, found in the database catalog. */
export interface ProfileReference {
  schema: string;
  table: string;
  column: string;
}

/**
 * The ways a Vietnamese account phone (stored `0` and nine digits) may have been typed into a managed profile's phone
 * (cleaned of spaces, dots and dashes): with or without the leading 0, with +84 or 84. Each normalises to the account's.
 */
export function phoneSpellings(accountPhone: string): string[] {
  const national = accountPhone.replace(/^0/, '');
  return [accountPhone, national, `${VN_CALLING_CODE}${national}`, `${VN_CALLING_CODE.slice(1)}${national}`];
}

/**
 * Tables whose reference to a profile a claim settles itself rather than moving: grants are ended (the person decides
 * anew), invitations about it are closed, and group places are the former manager's own lists (decision 025).
 */
const SETTLED_ELSEWHERE = new Set(['shares.profile_id', 'invitations.profile_id', 'follow_group_members.profile_id']);

const linkableColumns = {
  id: profiles.id,
  managerId: profiles.managerId,
  fullName: profiles.fullName,
  phone: profiles.phone,
  callingCode: profiles.callingCode,
  dateOfBirth: profiles.dateOfBirth,
  archivedAt: profiles.archivedAt,
  linkedAccountId: profiles.linkedAccountId,
};

/** The only SQL of linking a managed profile to the person's own account (decision 025). */
export function createProfileLinksRepository(db: Db) {
  return {
    async accountPhone(userId: string): Promise<{ phone: string; fullName: string } | undefined> {
      const [row] = await db
        .select({ phone: users.phone, fullName: users.fullName })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return row;
    },

    /** The live account with this (stored, Vietnamese) phone, other than `exceptId`. */
    async accountWithPhone(phone: string, exceptId: string): Promise<{ id: string } | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phone, phone), isNull(users.deletedAt), ne(users.id, exceptId)))
        .limit(1);
      return row;
    },

    /** Live managed profiles others keep with this account's phone (a Vietnamese number), oldest first. */
    async claimable(accountId: string, accountPhone: string): Promise<ClaimableRow[]> {
      const rows = await db
        .select({
          id: profiles.id,
          fullName: sql<string>`${profiles.fullName}`,
          dateOfBirth: sql<string>`${profiles.dateOfBirth}::text`,
          managerName: users.fullName,
        })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.managerId))
        .where(
          and(
            isNotNull(profiles.managerId),
            isNull(profiles.archivedAt),
            eq(profiles.callingCode, VN_CALLING_CODE),
            inArray(profiles.phone, phoneSpellings(accountPhone)),
            ne(profiles.managerId, accountId),
            isNull(users.deletedAt),
          ),
        )
        .orderBy(profiles.createdAt, profiles.id);
      return rows;
    },

    /** A profile; `lock` holds it until the transaction ends (two claims at once: one links it). */
    async profile(id: string, lock = false): Promise<LinkableProfile | undefined> {
      const query = db.select(linkableColumns).from(profiles).where(eq(profiles.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** The profile is ended: archived, pointing to the account that now holds its data. */
    async markLinked(id: string, accountId: string, now: Date): Promise<void> {
      await db.update(profiles).set({ linkedAccountId: accountId, linkedAt: now, updatedAt: now }).where(eq(profiles.id, id));
    },

    /**
     * Every single-column foreign key to `profiles(id)`, read from the catalog at run time (pg_catalog: PostgreSQL and
     * PGlite alike), so the health data other domains add later moves with the rest without being listed here.
     */
    async profileReferences(): Promise<ProfileReference[]> {
      const result = await db.execute(sql`
        select n.nspname as "schema", cl.relname as "table", a.attname as "column"
        from pg_catalog.pg_constraint c
          join pg_catalog.pg_class cl on cl.oid = c.conrelid
          join pg_catalog.pg_namespace n on n.oid = cl.relnamespace
          join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = to_regclass('profiles') and cardinality(c.conkey) = 1
        order by cl.relname, a.attname`);
      return rowsOf<ProfileReference>(result).filter((row) => !SETTLED_ELSEWHERE.has(`${row.table}.${row.column}`));
    },

    /** Points every row of `reference` from one profile to another. Answers how many moved. */
    async repoint(reference: ProfileReference, from: string, to: string): Promise<number> {
      const table = sql`${sql.identifier(reference.schema)}.${sql.identifier(reference.table)}`;
      const column = sql.identifier(reference.column);
      // `returning 1` counts the same way on node-postgres and PGlite.
      const result = await db.execute(
        sql`update ${table} set ${column} = ${to}::uuid where ${column} = ${from}::uuid returning 1 as moved`,
      );
      return rowsOf(result).length;
    },
  };
}
export type ProfileLinksRepository = ReturnType<typeof createProfileLinksRepository>;
