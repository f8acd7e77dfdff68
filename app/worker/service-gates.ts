import type { PrismaClient } from "@prisma/client";

/**
 * The try-on service's rate limit and health, shared by every worker through the ServiceGate table: a 429's
 * Retry-After pauses every call with that key, and a run of failures opens a circuit for a while.
 */
export function makeServiceGates(db: Pick<PrismaClient, "serviceGate" | "$queryRaw">) {
  return {
    async pauseUntil(keyHash: string, until: Date): Promise<void> {
      await db.serviceGate.upsert({
        where: { keyHash },
        create: { keyHash, pausedUntil: until },
        update: { pausedUntil: until },
      });
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
    async closeCircuit(keyHash: string): Promise<void> {
      await db.serviceGate.updateMany({
        where: { keyHash, consecutiveFailures: { gt: 0 } },
        data: { consecutiveFailures: 0, circuitOpenUntil: null },
      });
    },
  };
}

/**
 * Within one tick: remembers which keys were rate-limited or failing, so calls still queued in the tick stop
 * at once instead of hammering the service until the tick ends.
 */
export class TickGateState {
  private readonly pausedUntil = new Map<string, number>();
  private readonly failures = new Map<string, number>();
  private readonly successes = new Set<string>();

  isPaused(keyHash: string, nowMs: number): boolean {
    return (this.pausedUntil.get(keyHash) ?? 0) > nowMs;
  }
  /** Returns true the first time the key is paused in this tick (so the pause is written once). */
  pause(keyHash: string, untilMs: number): boolean {
    const first = !this.pausedUntil.has(keyHash);
    this.pausedUntil.set(keyHash, Math.max(untilMs, this.pausedUntil.get(keyHash) ?? 0));
    return first;
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
