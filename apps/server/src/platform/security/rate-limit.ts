import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitEvents } from '../../db/schema/index.ts';

/** Counters in the database, so every instance behind a load balancer sees the same totals (decision 002). */
export function createRateLimiter(db: Db) {
  return {
    async countSince(bucket: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.bucket, bucket), gt(rateLimitEvents.createdAt, since)));
      return row?.n ?? 0;
    },
    async hit(buckets: string[], now: Date): Promise<void> {
      if (buckets.length === 0) return;
      await db.insert(rateLimitEvents).values(buckets.map((bucket) => ({ bucket, createdAt: now })));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
