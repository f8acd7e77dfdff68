/**
 * The worker's heartbeat: a running worker checks in on the database's clock and records a clean stop, so Home
 * can tell staff when no worker is running (test/routes/home-history.test.ts covers the warning itself).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSecretBox } from "~/lib/secret-box.server";
import type { TryOnClient } from "~/tryon";
import { makeHeartbeat, workerSilence } from "~/worker/heartbeat";
import { makeWorker } from "~/worker/worker";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { TEST_ENCRYPTION_KEY } from "../../harness/pipeline";

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the worker's heartbeat", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("checks in while running, keeps checking in between ticks, and records its stop", async () => {
    const db = database.prisma;
    expect(await workerSilence(db)).toEqual({ lastSeenAt: null, silent: true });

    const worker = makeWorker({
      db,
      secretBox: makeSecretBox(TEST_ENCRYPTION_KEY),
      makeTryOnClient: () => ({}) as TryOnClient,
      renderMediaFor: async () => {
        throw new Error("no renders in this test");
      },
      workerId: "heartbeat-worker",
      config: { heartbeatIntervalMs: 50, tickIntervalMs: 5_000 },
    });
    const row = () => db.workerHeartbeat.findUnique({ where: { workerId: "heartbeat-worker" } });
    const running = worker.run();
    const first = await until(row, (value) => value !== null);
    expect(first).toMatchObject({ pid: process.pid, stoppedAt: null });
    // Idle ticks are 5 s apart here: a later beat within that time comes from the heartbeat's own timer.
    await until(row, (value) => (value?.seenAt.getTime() ?? 0) > (first?.seenAt.getTime() ?? 0), 4_000);
    expect((await workerSilence(db)).silent).toBe(false);

    await worker.stop();
    await running;
    expect((await row())?.stoppedAt).toBeInstanceOf(Date);
  });

  it("tells when a worker was last seen, and calls the workers silent only past two minutes without a beat", async () => {
    const db = database.prisma;
    await db.workerHeartbeat.deleteMany();
    // One transaction: now() is the same instant throughout, so each beat is as old as written (to the millisecond).
    const seen = await db.$transaction(async (tx) => {
      const beatAgo = async (interval: string) => {
        await tx.$executeRaw`DELETE FROM "WorkerHeartbeat"`;
        await tx.$executeRaw`
          INSERT INTO "WorkerHeartbeat" ("workerId", host, pid, "startedAt", "seenAt")
          VALUES ('w', 'h', 1, now() - interval '1 hour', now() - ${interval}::interval)`;
        const [row] = await tx.$queryRaw<Array<{ seenAt: Date }>>`SELECT "seenAt" FROM "WorkerHeartbeat"`;
        return { seenAt: row?.seenAt, silence: await workerSilence(tx) };
      };
      // Either side of two minutes by 10 ms: "seenAt" keeps milliseconds and now() microseconds, so exactly two
      // minutes cannot be written.
      return [await beatAgo("119.99 seconds"), await beatAgo("120.01 seconds"), await beatAgo("1 second")];
    });
    expect(seen.map((entry) => entry.silence.silent)).toEqual([false, true, false]);
    for (const entry of seen) {
      expect(entry.seenAt).toBeInstanceOf(Date);
      expect(entry.silence.lastSeenAt).toEqual(entry.seenAt);
    }
  });

  it("forgets workers not seen for a week when a worker stops, and keeps those seen within the week", async () => {
    const db = database.prisma;
    await db.workerHeartbeat.deleteMany();
    await db.$executeRaw`
      INSERT INTO "WorkerHeartbeat" ("workerId", host, pid, "startedAt", "seenAt") VALUES
        ('gone', 'h', 1, now() - interval '30 days', now() - interval '7 days 1 minute'),
        ('recent', 'h', 2, now() - interval '30 days', now() - interval '6 days 23 hours')`;
    const heartbeat = makeHeartbeat(db, "stopping", { host: "here", pid: 3 });
    await heartbeat.beat();
    await heartbeat.stopped();
    const left = await db.workerHeartbeat.findMany({ orderBy: { workerId: "asc" } });
    expect(left.map((row) => [row.workerId, row.stoppedAt !== null])).toEqual([
      ["recent", false],
      ["stopping", true],
    ]);
  });
});
