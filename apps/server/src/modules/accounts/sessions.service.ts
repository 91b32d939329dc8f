import { ACCESS_TOKEN_TTL_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@rhc/domain';
import type { Db } from '../../db/client.ts';
import type { AccessCheck } from '../../platform/auth/authenticate.ts';
import { randomToken, sha256 } from '../../platform/security/secrets.ts';
import { createSessionCache } from './session-cache.ts';
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

/**
 * Opaque, server-side sessions (R7): idle 30 min, absolute 12 h, refresh tokens rotate, reuse ends the session. An
 * access check reads the session at most once per SESSION_CACHE_MS on an instance (decision 050).
 */
export function createSessionService(db: Db, options: { cacheMs?: number } = {}) {
  const repository = createSessionsRepository(db);
  const cache = createSessionCache({ maxAgeMs: options.cacheMs });
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
      const hash = sha256(accessToken);
      let row = cache.get(hash, now);
      if (!row) {
        const mark = cache.mark();
        row = await repository.findByAccessTokenHash(hash);
        if (!row) return { ok: false, reason: 'unknown' };
        cache.set(hash, row, now, mark);
      }
      const idleSince = now.getTime() - row.lastSeenAt.getTime();
      if (row.revokedAt || row.accessExpiresAt <= now || row.expiresAt <= now || idleSince > SESSION_IDLE_MS) {
        return { ok: false, reason: 'expired' };
      }
      if (idleSince > LAST_SEEN_GRANULARITY_MS) {
        const mark = cache.mark();
        await repository.touch(row.id, now);
        cache.set(hash, { ...row, lastSeenAt: now }, now, mark);
      }
      return { ok: true, userId: row.userId, sessionId: row.id, provedAt: row.provedAt };
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
      const { tokens, changedSession } = await db.transaction(async (tx) => {
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
          const issued: IssuedTokens = {
            sessionId: row.id,
            accessToken,
            refreshToken: nextRefresh,
            accessExpiresAt: capAt(accessExpiresAt, row.expiresAt),
            sessionExpiresAt: row.expiresAt,
          };
          return { tokens: issued, changedSession: row.id };
        }
        const retired = await inTransaction.findRetiredRefreshToken(oldHash);
        if (retired) await inTransaction.revoke(retired.sessionId, now);
        return { tokens: undefined, changedSession: retired?.sessionId };
      });
      // The old access token ends with the rotation (or the whole session with a reused refresh token): on this instance
      // at once, once the change is committed.
      if (changedSession) cache.forgetSession(changedSession);
      return tokens;
    },

    /**
     * Records a step-up proof on the session (decision 051), and forgets the session's cached row on this instance at
     * once, so the very next request sees the proof. Another instance sees it within SESSION_CACHE_MS; its next request
     * there may be asked again for a code meanwhile, never the other way round (a proof is only ever added here).
     */
    async prove(sessionId: string, now: Date): Promise<void> {
      await repository.prove(sessionId, now);
      cache.forgetSession(sessionId);
    },

    async revoke(sessionId: string, now: Date): Promise<void> {
      await repository.revoke(sessionId, now);
      cache.forgetSession(sessionId);
    },

    /** An account's erasure (decision 052): every session of the person is deleted in `tx`, and none stays in the cache. */
    async eraseAll(tx: Db, userId: string): Promise<void> {
      await createSessionsRepository(tx).deleteAllOf(userId);
      cache.forgetSessionsOf(userId, null);
    },
    /** Ends every other session of a person (after a password change or reset). */
    async revokeOthers(userId: string, keepSessionId: string | null, now: Date): Promise<void> {
      await repository.revokeAllOf(userId, keepSessionId, now);
      cache.forgetSessionsOf(userId, keepSessionId);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;

function capAt(a: Date, b: Date): Date {
  return a < b ? a : b;
}
