import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';

/** One limit: at most `limit` attempts per `bucket` in each fixed window of `windowMs` (aligned on the epoch). */
export interface Limit {
  bucket: string;
  limit: number;
  windowMs: number;
}

/** Whether an attempt was admitted; when not, the first limit it ran into. */
export type Admission = { admitted: true } | { admitted: false; refusedBy: Limit };

function windowStartOf(limit: Limit, now: Date): Date {
  return new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
}

/**
 * The part of an IP address a limit is keyed by: the whole IPv4 address, the /64 network of an IPv6 address
 * (one subscriber usually holds a whole /64, so counting single IPv6 addresses would let one person rotate freely).
 */
export function ipKey(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip.replace(/^::ffff:/, '');
  const [head = ''] = ip.split('::');
  const groups = ip.includes('::') ? head.split(':').filter(Boolean) : ip.split(':');
  return `${[...groups, '0', '0', '0', '0'].slice(0, 4).join(':')}::/64`;
}

/** Counters in the database, so every instance behind a load balancer sees the same totals (decision 002). */
export function createRateLimiter(db: Db) {
  /** Records one attempt in the bucket's current window and answers the count including it: one atomic statement. */
  async function increment(limit: Limit, now: Date): Promise<number> {
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ bucket: limit.bucket, windowStart: windowStartOf(limit, now), count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
        set: { count: sql`${rateLimitCounters.count} + 1` },
      })
      .returning({ count: rateLimitCounters.count });
    return row?.count ?? Number.POSITIVE_INFINITY;
  }
  async function decrement(limit: Limit, now: Date): Promise<void> {
    await db
      .update(rateLimitCounters)
      .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
      .where(and(eq(rateLimitCounters.bucket, limit.bucket), eq(rateLimitCounters.windowStart, windowStartOf(limit, now))));
  }

  return {
    /**
     * Records one attempt against each limit, in order, and admits it only if every count stays within its limit.
     * The count and the check are one statement per limit (INSERT … ON CONFLICT DO UPDATE … RETURNING), so of N
     * concurrent attempts at most `limit` are admitted. A refused attempt is taken back from the limits it had
     * passed and from the one that refused it: the counters hold admitted attempts only, and an attempt refused by
     * the first (narrowest) limit never uses up the wider ones.
     */
    async take(limits: readonly Limit[], now: Date): Promise<Admission> {
      const passed: Limit[] = [];
      for (const limit of limits) {
        const n = await increment(limit, now);
        if (n > limit.limit) {
          for (const taken of [...passed, limit]) await decrement(taken, now);
          return { admitted: false, refusedBy: limit };
        }
        passed.push(limit);
      }
      return { admitted: true };
    },
    /** Gives back an admitted attempt that turned out not to count (a right password, a failed delivery). */
    async release(limits: readonly Limit[], now: Date): Promise<void> {
      for (const limit of limits) await decrement(limit, now);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * An account's erasure (decision 052): the counters whose bucket names one of `values` (a phone, an e-mail), in the
 * erasure's transaction, so no counter keeps the person's contact details.
 */
export async function forgetBuckets(db: Db, values: readonly string[]): Promise<number> {
  let gone = 0;
  for (const value of values) {
    const rows = await db
      .delete(rateLimitCounters)
      .where(sql`strpos(${rateLimitCounters.bucket}, ${value}) > 0`)
      .returning({ bucket: rateLimitCounters.bucket });
    gone += rows.length;
  }
  return gone;
}
