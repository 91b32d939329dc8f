import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { once, type Db } from '../../db/client.ts';
import { retiredRefreshTokens, sessions } from '../../db/schema/index.ts';

export type NewSession = Omit<typeof sessions.$inferInsert, 'id' | 'revokedAt'>;
export type RetiredRefreshTokenRow = typeof retiredRefreshTokens.$inferSelect;

/** What an access check needs of a session. */
export interface SessionAccessRow {
  id: string;
  userId: string;
  lastSeenAt: Date;
  revokedAt: Date | null;
  accessExpiresAt: Date;
  expiresAt: Date;
  /** When the session last verified a code (decision 051). */
  provedAt: Date | null;
}

/** The only SQL for sessions and retired_refresh_tokens. */
export function createSessionsRepository(db: Db) {
  // Every authenticated request asks this: prepared on first use (once for the service's own repository, never for one
  // made over a transaction), so neither drizzle nor PostgreSQL plans it again.
  const sessionByAccessToken = once(() =>
    db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        lastSeenAt: sessions.lastSeenAt,
        revokedAt: sessions.revokedAt,
        accessExpiresAt: sessions.accessExpiresAt,
        expiresAt: sessions.expiresAt,
        provedAt: sessions.provedAt,
      })
      .from(sessions)
      .where(eq(sessions.accessTokenHash, sql.placeholder('hash')))
      .prepare('session_by_access_token'),
  );
  return {
    /** Inserts a session; its id. */
    async insert(session: NewSession): Promise<string> {
      const [row] = await db.insert(sessions).values(session).returning({ id: sessions.id });
      if (!row) throw new Error('session insert returned nothing');
      return row.id;
    },
    /** The session holding this access token hash (revoked and expired ones too: the caller decides). */
    async findByAccessTokenHash(hash: string): Promise<SessionAccessRow | undefined> {
      const [row] = await sessionByAccessToken().execute({ hash });
      return row;
    },
    /** Records that the session verified a code at `now` (a step-up proof), unless it is revoked. */
    async prove(id: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ provedAt: now })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
    async touch(id: string, now: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    },
    /**
     * Replaces the tokens of the session holding `oldRefreshHash`, in one conditional update, only if it belongs to
     * `userId`, is not revoked, ends after `now` and was seen after `seenAfter`: of two concurrent calls with the same
     * hash exactly one wins. The session's id and absolute end, or undefined when nothing matched.
     */
    async rotate(
      oldRefreshHash: string,
      userId: string,
      next: { accessTokenHash: string; refreshTokenHash: string; accessExpiresAt: Date },
      seenAfter: Date,
      now: Date,
    ): Promise<{ id: string; expiresAt: Date } | undefined> {
      const [row] = await db
        .update(sessions)
        .set({ ...next, lastSeenAt: now })
        .where(
          and(
            eq(sessions.refreshTokenHash, oldRefreshHash),
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, seenAfter),
          ),
        )
        .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
      return row;
    },
    /** Remembers a rotated refresh token, so that presenting it again can be recognised. */
    async retireRefreshToken(tokenHash: string, sessionId: string, now: Date): Promise<void> {
      await db.insert(retiredRefreshTokens).values({ tokenHash, sessionId, retiredAt: now });
    },
    async findRetiredRefreshToken(tokenHash: string): Promise<RetiredRefreshTokenRow | undefined> {
      const [row] = await db.select().from(retiredRefreshTokens).where(eq(retiredRefreshTokens.tokenHash, tokenHash));
      return row;
    },
    /** Revokes the session unless it is revoked already. */
    async revoke(id: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
    /** Deletes every session of a person (their retired refresh tokens go with them). */
    async deleteAllOf(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    /** Revokes every unrevoked session of a person, except `keepId` when given. */
    async revokeAllOf(userId: string, keepId: string | null, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepId ? ne(sessions.id, keepId) : sql`true`));
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
