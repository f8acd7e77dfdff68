import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { makeServiceGates, makeSharedGateReader } from "./service-gates";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("postgres");
});
afterAll(async () => {
  await database.close();
});

const now = Date.parse("2026-11-28T10:00:00Z");

describe("the ServiceGate table, as the worker writes and reads it", () => {
  it("a Retry-After pause is written for the key, moved when the service asks for longer, never cut short", async () => {
    const gates = makeServiceGates(database.prisma);
    await gates.pauseUntil("pause-key", new Date(now + 30_000));
    expect((await database.prisma.serviceGate.findUnique({ where: { keyHash: "pause-key" } }))?.pausedUntil).toEqual(
      new Date(now + 30_000),
    );
    await gates.pauseUntil("pause-key", new Date(now + 90_000));
    expect((await database.prisma.serviceGate.findUnique({ where: { keyHash: "pause-key" } }))?.pausedUntil).toEqual(
      new Date(now + 90_000),
    );
    // Another worker's shorter Retry-After, written later, does not cut the longer pause short.
    await gates.pauseUntil("pause-key", new Date(now + 10_000));
    expect((await database.prisma.serviceGate.findUnique({ where: { keyHash: "pause-key" } }))?.pausedUntil).toEqual(
      new Date(now + 90_000),
    );
  });

  it("closing circuits leaves alone every key that did not answer", async () => {
    const gates = makeServiceGates(database.prisma);
    const options = { now: new Date(now), threshold: 2, openUntil: new Date(now + 60_000) };
    await gates.recordFailures("close-a", 3, options);
    await gates.recordFailures("close-other", 3, options);
    await gates.closeCircuits(["close-a"]);
    const rows = await database.prisma.serviceGate.findMany({
      where: { keyHash: { in: ["close-a", "close-other"] } },
      orderBy: { keyHash: "asc" },
    });
    expect(rows.map((row) => [row.keyHash, row.consecutiveFailures, row.circuitOpenUntil])).toEqual([
      ["close-a", 0, null],
      ["close-other", 3, new Date(now + 60_000)],
    ]);
  });

  it("a tick where no key answered sends no statement to close circuits", async () => {
    let statements = 0;
    const db = {
      serviceGate: {
        updateMany: async () => {
          statements++;
          return { count: 0 };
        },
      },
    };
    await makeServiceGates(db as never).closeCircuits([]);
    expect(statements).toBe(0);
  });

  it("another worker reads each key's pause and open circuit from the table", async () => {
    await database.prisma.serviceGate.createMany({
      data: [
        { keyHash: "read-paused", pausedUntil: new Date(now + 5_000) },
        { keyHash: "read-open", circuitOpenUntil: new Date(now + 9_000) },
        { keyHash: "read-both", pausedUntil: new Date(now + 2_000), circuitOpenUntil: new Date(now + 7_000) },
      ],
    });
    const read = makeSharedGateReader(database.prisma, { recheckMs: 250, clock: () => 0 });
    const answers = await Promise.all(["read-paused", "read-open", "read-both", "read-none"].map((key) => read(key)));
    expect(answers).toEqual([now + 5_000, now + 9_000, now + 7_000, 0]);
  });
});
