import type { PrismaClient } from "@prisma/client";
import { LRUCache } from "lru-cache";

/**
 * The try-on service's rate limit and health, shared by every worker through the ServiceGate table: a 429's
 * Retry-After pauses every call with that key, and a run of failures opens a circuit for a while.
 */
export function makeServiceGates(db: Pick<PrismaClient, "serviceGate" | "$queryRaw">) {
  return {
    /** Pauses the key until `until`, or leaves a longer pause another worker wrote: the service asked for both. */
    async pauseUntil(keyHash: string, until: Date): Promise<void> {
      await db.$queryRaw`
        INSERT INTO "ServiceGate" ("keyHash", "pausedUntil", "updatedAt")
        VALUES (${keyHash}, ${until}::timestamp(3), now())
        ON CONFLICT ("keyHash") DO UPDATE SET
          "pausedUntil" = GREATEST("ServiceGate"."pausedUntil", EXCLUDED."pausedUntil"),
          "updatedAt" = now()
        RETURNING 1`;
    },
    /**
     * Adds a tick's failures to the key's consecutive count (shared by every worker) and opens the circuit
     * once it reaches the threshold, in one statement. Returns whether the circuit is now open.
     */
    async recordFailures(
      keyHash: string,
      failures: number,
      options: { now: Date; threshold: number; openUntil: Date },
    ): Promise<boolean> {
      const rows = await db.$queryRaw<{ open: boolean }[]>`
        INSERT INTO "ServiceGate" ("keyHash", "consecutiveFailures", "circuitOpenUntil", "updatedAt")
        VALUES (${keyHash}, ${failures}, CASE WHEN ${failures} >= ${options.threshold} THEN ${options.openUntil}::timestamp(3) END, ${options.now})
        ON CONFLICT ("keyHash") DO UPDATE SET
          "consecutiveFailures" = "ServiceGate"."consecutiveFailures" + ${failures},
          "circuitOpenUntil" = CASE
            WHEN "ServiceGate"."consecutiveFailures" + ${failures} >= ${options.threshold} THEN ${options.openUntil}::timestamp(3)
            ELSE "ServiceGate"."circuitOpenUntil" END,
          "updatedAt" = ${options.now}
        RETURNING "circuitOpenUntil" IS NOT NULL AND "circuitOpenUntil" > ${options.now} AS open`;
      return rows[0]?.open ?? false;
    },
    /**
     * Keys that answered this tick are healthy again: one statement for all of them (a tick of 500 shops' keys
     * used to send 500, most changing nothing: benchmark 10).
     */
    async closeCircuits(keyHashes: readonly string[]): Promise<void> {
      if (keyHashes.length === 0) return;
      await db.serviceGate.updateMany({
        where: { keyHash: { in: [...keyHashes] }, consecutiveFailures: { gt: 0 } },
        data: { consecutiveFailures: 0, circuitOpenUntil: null },
      });
    },
  };
}

/** Until when (epoch ms) other workers closed a key: a Retry-After pause or an open circuit; 0 when open. */
export type SharedGateReader = (keyHash: string) => Promise<number>;

/**
 * Reads the key's gate from the ServiceGate table, at most once per `recheckMs` per key in this process (the
 * answer is shared by every call that asks meanwhile). Keys asked for in the same turn of the event loop are read
 * in one statement: a tick polling 500 shops' keys asks for all of them at once (benchmark 10 measured 437 reads a
 * second, one per key, taking most of the database's time). A failed read counts as open: the claim has already
 * checked the gate, and a database error must not stop the worker.
 */
export function makeSharedGateReader(
  db: Pick<PrismaClient, "serviceGate">,
  options: { recheckMs: number; clock?: () => number },
): SharedGateReader {
  const clock = options.clock ?? (() => performance.now());
  const reads = new LRUCache<string, { at: number; closedUntil: Promise<number> }>({ max: 10_000 });
  let pending: Map<string, (closedUntil: number) => void> | null = null;

  const flush = async (batch: Map<string, (closedUntil: number) => void>) => {
    const gates = await db.serviceGate
      .findMany({
        where: { keyHash: { in: [...batch.keys()] } },
        select: { keyHash: true, pausedUntil: true, circuitOpenUntil: true },
      })
      .catch(() => []);
    const byKey = new Map(gates.map((gate) => [gate.keyHash, gate]));
    for (const [keyHash, resolve] of batch) {
      const gate = byKey.get(keyHash);
      resolve(Math.max(gate?.pausedUntil?.getTime() ?? 0, gate?.circuitOpenUntil?.getTime() ?? 0));
    }
  };

  return (keyHash) => {
    const cached = reads.get(keyHash);
    if (cached && clock() - cached.at < options.recheckMs) return cached.closedUntil;
    if (!pending) {
      const batch = new Map<string, (closedUntil: number) => void>();
      pending = batch;
      setImmediate(() => {
        pending = null;
        void flush(batch);
      });
    }
    const batch = pending;
    const closedUntil = new Promise<number>((resolve) => batch.set(keyHash, resolve));
    reads.set(keyHash, { at: clock(), closedUntil });
    return closedUntil;
  };
}

/**
 * Within one tick: remembers which keys were rate-limited or failing, so calls still queued in the tick stop
 * at once instead of hammering the service until the tick ends. The claim left out keys other workers had
 * closed; a tick still calling `recheckMs` after it began also asks the shared gate before each call, so a
 * pause another worker wrote meanwhile stops it within that time, not at the tick's end.
 */
export class TickGateState {
  private readonly pausedUntil = new Map<string, number>();
  private readonly failures = new Map<string, number>();
  private readonly successes = new Set<string>();
  private readonly startedAt: number;

  constructor(private readonly shared?: { read: SharedGateReader; recheckMs: number; clock?: () => number }) {
    this.startedAt = this.elapsedClock();
  }

  private elapsedClock(): number {
    return (this.shared?.clock ?? (() => performance.now()))();
  }

  isPaused(keyHash: string, nowMs: number): boolean {
    return (this.pausedUntil.get(keyHash) ?? 0) > nowMs;
  }
  /** Whether a call with this key may go out now: not paused in this tick nor, in a long tick, by another worker. */
  mayCall(keyHash: string, nowMs: number): boolean | Promise<boolean> {
    if (this.isPaused(keyHash, nowMs)) return false;
    // A plain answer while the tick is young: no promise made per poll for what is known at once.
    if (!this.shared || this.elapsedClock() - this.startedAt < this.shared.recheckMs) return true;
    return this.shared.read(keyHash).then((closedUntil) => closedUntil <= nowMs);
  }
  /**
   * Returns true when this pause is longer than what the tick knew of the key (so it is written then, and only
   * then: the first Retry-After of a tick, and any later one that asks for longer).
   */
  pause(keyHash: string, untilMs: number): boolean {
    const known = this.pausedUntil.get(keyHash);
    if (known !== undefined && known >= untilMs) return false;
    this.pausedUntil.set(keyHash, untilMs);
    return true;
  }
  recordFailure(keyHash: string): number {
    const count = (this.failures.get(keyHash) ?? 0) + 1;
    this.failures.set(keyHash, count);
    return count;
  }
  recordSuccess(keyHash: string): void {
    this.successes.add(keyHash);
  }
  failureCount(keyHash: string): number {
    return this.failures.get(keyHash) ?? 0;
  }
  keysWithFailuresOnly(): string[] {
    return [...this.failures.keys()].filter((key) => !this.successes.has(key));
  }
  keysWithSuccess(): string[] {
    return [...this.successes];
  }
}
