import { ACCESS_TOKEN_TTL_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@rhc/domain';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AccessCheck } from '../../platform/auth/authenticate.ts';
import { retiredRefreshTokens, sessions } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../platform/security/secrets.ts';

export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  /** The absolute end of the session (12 h after login); cookies live that long. */
  sessionExpiresAt: Date;
}

/** Writing last_seen_at on every request would make reads write; a minute of slack is enough for a 30-minute idle rule. */
const LAST_SEEN_GRANULARITY_MS = 60 * 1000;

/** Opaque, server-side sessions (R7): idle 30 min, absolute 12 h, refresh tokens rotate, reuse ends the session. */
export function createSessionService(db: Db) {
  // Every authenticated request asks this: prepared once, so neither drizzle nor PostgreSQL plans it again.
  const sessionByAccessToken = db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      revokedAt: sessions.revokedAt,
      accessExpiresAt: sessions.accessExpiresAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.accessTokenHash, sql.placeholder('hash')))
    .prepare('session_by_access_token');
  return {
    async create(userId: string, now: Date): Promise<IssuedTokens> {
      const accessToken = randomToken();
      const refreshToken = randomToken();
      const accessExpiresAt = new Date(now.getTime() + ACCESS_TOKEN_TTL_MS);
      const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
      const [row] = await db
        .insert(sessions)
        .values({
          userId,
          accessTokenHash: sha256(accessToken),
          refreshTokenHash: sha256(refreshToken),
          accessExpiresAt,
          lastSeenAt: now,
          expiresAt,
          createdAt: now,
        })
        .returning({ id: sessions.id });
      if (!row) throw new Error('session insert returned nothing');
      return {
        sessionId: row.id,
        accessToken,
        refreshToken,
        accessExpiresAt: capAt(accessExpiresAt, expiresAt),
        sessionExpiresAt: expiresAt,
      };
    },

    async checkAccess(accessToken: string, now: Date): Promise<AccessCheck> {
      const [row] = await sessionByAccessToken.execute({ hash: sha256(accessToken) });
      if (!row) return { ok: false, reason: 'unknown' };
      const idleSince = now.getTime() - row.lastSeenAt.getTime();
      if (row.revokedAt || row.accessExpiresAt <= now || row.expiresAt <= now || idleSince > SESSION_IDLE_MS) {
        return { ok: false, reason: 'expired' };
      }
      if (idleSince > LAST_SEEN_GRANULARITY_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
      }
      return { ok: true, userId: row.userId, sessionId: row.id };
    },

    /**
     * Exchanges a refresh token for a new pair, in one conditional update: of two concurrent refreshes
     * with the same token exactly one wins. An old (rotated) token presented again revokes the session.
     */
    async refresh(userId: string, refreshToken: string, now: Date): Promise<IssuedTokens | undefined> {
      const oldHash = sha256(refreshToken);
      const accessToken = randomToken();
      const nextRefresh = randomToken();
      const accessExpiresAt = new Date(now.getTime() + ACCESS_TOKEN_TTL_MS);
      const idleLimit = new Date(now.getTime() - SESSION_IDLE_MS);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(sessions)
          .set({ accessTokenHash: sha256(accessToken), refreshTokenHash: sha256(nextRefresh), accessExpiresAt, lastSeenAt: now })
          .where(
            and(
              eq(sessions.refreshTokenHash, oldHash),
              eq(sessions.userId, userId),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, now),
              gt(sessions.lastSeenAt, idleLimit),
            ),
          )
          .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
        if (row) {
          await tx.insert(retiredRefreshTokens).values({ tokenHash: oldHash, sessionId: row.id, retiredAt: now });
          return {
            sessionId: row.id,
            accessToken,
            refreshToken: nextRefresh,
            accessExpiresAt: capAt(accessExpiresAt, row.expiresAt),
            sessionExpiresAt: row.expiresAt,
          };
        }
        const [retired] = await tx.select().from(retiredRefreshTokens).where(eq(retiredRefreshTokens.tokenHash, oldHash));
        if (retired)
          await tx
            .update(sessions)
            .set({ revokedAt: now })
            .where(and(eq(sessions.id, retired.sessionId), isNull(sessions.revokedAt)));
        return undefined;
      });
    },

    async revoke(sessionId: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Ends every other session of a person (after a password change or reset). */
    async revokeOthers(userId: string, keepSessionId: string | null, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : sql`true`));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;

function capAt(a: Date, b: Date): Date {
  return a < b ? a : b;
}
