/**
 * Development only (app.ts never builds one in production): the server's clock moved forward by hand, so that an
 * end-to-end journey can reach a reminder's time without waiting (POST /api/dev/clock). The offset is process-wide.
 */
export interface DevClock {
  now(): Date;
  /** Moves the time forward (or back, with a negative value); answers the whole offset. */
  advance(ms: number): number;
  /** Back to the real time. */
  reset(): void;
  offsetMs(): number;
}

export function createDevClock(base: () => Date): DevClock {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset),
    advance(ms) {
      offset += ms;
      return offset;
    },
    reset() {
      offset = 0;
    },
    offsetMs: () => offset,
  };
}
