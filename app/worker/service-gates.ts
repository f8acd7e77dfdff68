import type { PrismaClient } from "@prisma/client";

/**
 * The try-on service's rate limit and health, shared by every worker through the ServiceGate table: a 429's
 * Retry-After pauses every call with that key, and a run of failures opens a circuit for a while.
 */
export function makeServiceGates(db: Pick<PrismaClient, "serviceGate">) {
  return {
    async pauseUntil(keyHash: string, until: Date): Promise<void> {
      await db.serviceGate.upsert({
        where: { keyHash },
        create: { keyHash, pausedUntil: until },
        update: { pausedUntil: until },
      });
    },
    async openCircuit(keyHash: string, until: Date, failures: number): Promise<void> {
      await db.serviceGate.upsert({
        where: { keyHash },
        create: { keyHash, circuitOpenUntil: until, consecutiveFailures: failures },
        update: { circuitOpenUntil: until, consecutiveFailures: { increment: failures } },
      });
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
