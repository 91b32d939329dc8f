import { ACCESS_TOKEN_TTL_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@rhc/domain';
import type { Db } from '../../db/client.ts';
import type { AccessCheck } from '../../platform/auth/authenticate.ts';
import { randomToken, sha256 } from '../../platform/security/secrets.ts';
import { createSessionsRepository } from './sessions.repository.ts';

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
  const repository = createSessionsRepository(db);
  return {
    async create(userId: string, now: Date): Promise<IssuedTokens> {
      const accessToken = randomToken();
      const refreshToken = randomToken();
      const accessExpiresAt = new Date(now.getTime() + ACCESS_TOKEN_TTL_MS);
      const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
      const sessionId = await repository.insert({
        userId,
        accessTokenHash: sha256(accessToken),
        refreshTokenHash: sha256(refreshToken),
        accessExpiresAt,
        lastSeenAt: now,
        expiresAt,
        createdAt: now,
      });
      return {
        sessionId,
        accessToken,
        refreshToken,
        accessExpiresAt: capAt(accessExpiresAt, expiresAt),
        sessionExpiresAt: expiresAt,
      };
    },

    async checkAccess(accessToken: string, now: Date): Promise<AccessCheck> {
      const row = await repository.findByAccessTokenHash(sha256(accessToken));
      if (!row) return { ok: false, reason: 'unknown' };
      const idleSince = now.getTime() - row.lastSeenAt.getTime();
      if (row.revokedAt || row.accessExpiresAt <= now || row.expiresAt <= now || idleSince > SESSION_IDLE_MS) {
        return { ok: false, reason: 'expired' };
      }
      if (idleSince > LAST_SEEN_GRANULARITY_MS) {
        await repository.touch(row.id, now);
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
        const inTransaction = createSessionsRepository(tx);
        const row = await inTransaction.rotate(
          oldHash,
          userId,
          { accessTokenHash: sha256(accessToken), refreshTokenHash: sha256(nextRefresh), accessExpiresAt },
          idleLimit,
          now,
        );
        if (row) {
          await inTransaction.retireRefreshToken(oldHash, row.id, now);
          return {
            sessionId: row.id,
            accessToken,
            refreshToken: nextRefresh,
            accessExpiresAt: capAt(accessExpiresAt, row.expiresAt),
            sessionExpiresAt: row.expiresAt,
          };
        }
        const retired = await inTransaction.findRetiredRefreshToken(oldHash);
        if (retired) await inTransaction.revoke(retired.sessionId, now);
        return undefined;
      });
    },

    async revoke(sessionId: string, now: Date): Promise<void> {
      await repository.revoke(sessionId, now);
    },

    /** Ends every other session of a person (after a password change or reset). */
    async revokeOthers(userId: string, keepSessionId: string | null, now: Date): Promise<void> {
      await repository.revokeAllOf(userId, keepSessionId, now);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;

function capAt(a: Date, b: Date): Date {
  return a < b ? a : b;
}
