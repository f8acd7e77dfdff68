import { describe, expect, it } from "vitest";
import { makeSharedGateReader, TickGateState } from "./service-gates";

/** A ServiceGate table of one row per key, counting the statements that read it. */
function gateTable() {
  const rows = new Map<string, { pausedUntil: Date | null; circuitOpenUntil: Date | null }>();
  let reads = 0;
  const db = {
    serviceGate: {
      findMany: async ({ where }: { where: { keyHash: { in: string[] } } }) => {
        reads++;
        return where.keyHash.in.flatMap((keyHash) => {
          const row = rows.get(keyHash);
          return row ? [{ keyHash, ...row }] : [];
        });
      },
    },
  };
  return { rows, db, reads: () => reads };
}

describe("the gates a tick checks before calling the service", () => {
  it("a short tick trusts its claim and reads nothing; a long one sees another worker's pause", async () => {
    const table = gateTable();
    let elapsed = 0;
    const clock = () => elapsed;
    const read = makeSharedGateReader(table.db as never, { recheckMs: 250, clock });
    const tick = new TickGateState({ read, recheckMs: 250, clock });
    const now = Date.parse("2026-11-24T10:00:00Z");

    table.rows.set("key", { pausedUntil: new Date(now + 3_000), circuitOpenUntil: null });
    elapsed = 100;
    expect(await tick.mayCall("key", now)).toBe(true);
    expect(table.reads()).toBe(0);

    elapsed = 300;
    expect(await tick.mayCall("key", now)).toBe(false);
    expect(await tick.mayCall("key", now + 3_000)).toBe(true);
  });

  it("an open circuit closes the key like a pause, and a key nobody closed stays open", async () => {
    const table = gateTable();
    let elapsed = 0;
    const clock = () => elapsed;
    const read = makeSharedGateReader(table.db as never, { recheckMs: 250, clock });
    const tick = new TickGateState({ read, recheckMs: 250, clock });
    elapsed = 1_000;
    const now = Date.parse("2026-11-24T10:00:00Z");
    table.rows.set("failing", { pausedUntil: null, circuitOpenUntil: new Date(now + 1) });
    expect(await tick.mayCall("failing", now)).toBe(false);
    expect(await tick.mayCall("never-closed", now)).toBe(true);
  });

  it("reads each key's gate at most once per interval, however many calls ask", async () => {
    const table = gateTable();
    let elapsed = 0;
    const read = makeSharedGateReader(table.db as never, { recheckMs: 250, clock: () => elapsed });
    await Promise.all(Array.from({ length: 20 }, () => read("key")));
    expect(table.reads()).toBe(1);
    elapsed = 249;
    await read("key");
    expect(table.reads()).toBe(1);
    elapsed = 251;
    await read("key");
    expect(table.reads()).toBe(2);
  });

  it("reads every key asked for in the same turn in one statement, each with its own answer", async () => {
    const table = gateTable();
    const now = Date.parse("2026-11-25T10:00:00Z");
    table.rows.set("paused", { pausedUntil: new Date(now + 5_000), circuitOpenUntil: null });
    table.rows.set("failing", { pausedUntil: null, circuitOpenUntil: new Date(now + 9_000) });
    const read = makeSharedGateReader(table.db as never, { recheckMs: 250, clock: () => 0 });
    const keys = ["paused", "failing", "open", ...Array.from({ length: 497 }, (_, i) => `shop-${i}`)];
    const answers = await Promise.all(keys.map((key) => read(key)));
    expect(table.reads()).toBe(1);
    expect(answers.slice(0, 3)).toEqual([now + 5_000, now + 9_000, 0]);
    expect(answers.slice(3).every((closedUntil) => closedUntil === 0)).toBe(true);
  });

  it("a pause this tick saw itself applies at once, without asking the table", async () => {
    const table = gateTable();
    const read = makeSharedGateReader(table.db as never, { recheckMs: 250, clock: () => 0 });
    const tick = new TickGateState({ read, recheckMs: 250, clock: () => 0 });
    tick.pause("key", 5_000);
    expect(await tick.mayCall("key", 4_999)).toBe(false);
    expect(await tick.mayCall("key", 5_000)).toBe(true);
    expect(table.reads()).toBe(0);
  });
});

describe("what one tick remembers about its keys", () => {
  it("says a key's pause is new only when it is longer than the tick knew, so it is written then and only then", () => {
    const tick = new TickGateState();
    expect(tick.pause("key", 5_000)).toBe(true);
    expect(tick.pause("key", 5_000)).toBe(false);
    expect(tick.pause("key", 3_000)).toBe(false);
    expect(tick.isPaused("key", 4_999)).toBe(true);
    expect(tick.pause("key", 9_000)).toBe(true);
    expect(tick.isPaused("key", 8_999)).toBe(true);
    expect(tick.isPaused("key", 9_000)).toBe(false);
    expect(tick.pause("other", 1_000)).toBe(true);
  });

  it("counts each key's failures, and sorts keys into failing only and answered at least once", () => {
    const tick = new TickGateState();
    expect(tick.failureCount("failing")).toBe(0);
    expect(tick.recordFailure("failing")).toBe(1);
    expect(tick.recordFailure("failing")).toBe(2);
    expect(tick.failureCount("failing")).toBe(2);
    tick.recordFailure("recovered");
    tick.recordSuccess("recovered");
    tick.recordSuccess("healthy");
    expect(tick.keysWithFailuresOnly()).toEqual(["failing"]);
    expect(tick.keysWithSuccess().sort()).toEqual(["healthy", "recovered"]);
  });

  it("asks the shared gate from exactly recheckMs after the tick began, on a clock that does not start at 0", async () => {
    const table = gateTable();
    let elapsed = 10_000;
    const clock = () => elapsed;
    const read = makeSharedGateReader(table.db as never, { recheckMs: 250, clock });
    const tick = new TickGateState({ read, recheckMs: 250, clock });
    const now = Date.parse("2026-11-24T10:00:00Z");
    table.rows.set("key", { pausedUntil: new Date(now + 3_000), circuitOpenUntil: null });
    elapsed = 10_249;
    expect(await tick.mayCall("key", now)).toBe(true);
    elapsed = 10_250;
    expect(await tick.mayCall("key", now)).toBe(false);
  });

  it("reads a key again exactly recheckMs after its last read, on a clock that does not start at 0", async () => {
    const table = gateTable();
    let elapsed = 10_000;
    const read = makeSharedGateReader(table.db as never, { recheckMs: 250, clock: () => elapsed });
    await read("key");
    elapsed = 10_249;
    await read("key");
    expect(table.reads()).toBe(1);
    elapsed = 10_250;
    await read("key");
    expect(table.reads()).toBe(2);
  });

  it("on the process clock by default, a young tick trusts its claim and a read is kept for the interval", async () => {
    const table = gateTable();
    const read = makeSharedGateReader(table.db as never, { recheckMs: 60_000 });
    const tick = new TickGateState({ read, recheckMs: 60_000 });
    expect(tick.mayCall("key", Date.now())).toBe(true);
    expect(table.reads()).toBe(0);
    await read("key");
    await read("key");
    expect(table.reads()).toBe(1);
  });

  it("treats a key as open when the gate table cannot be read", async () => {
    const db = {
      serviceGate: {
        findMany: () => Promise.reject(new Error("connection lost")),
      },
    };
    const read = makeSharedGateReader(db as never, { recheckMs: 250, clock: () => 0 });
    expect(await read("key")).toBe(0);
  }, 2_000);
});

describe("the shared circuit, on a real database", () => {
  it("opens a key's circuit at the threshold, and one statement closes every key that answered", async () => {
    const { createTestDatabase } = await import("../../harness/database");
    const { makeServiceGates } = await import("./service-gates");
    const database = await createTestDatabase("pglite");
    try {
      const gates = makeServiceGates(database.prisma);
      const now = new Date("2026-11-25T10:00:00Z");
      const options = { now, threshold: 3, openUntil: new Date(now.getTime() + 60_000) };
      expect(await gates.recordFailures("a", 2, options)).toBe(false);
      expect(await gates.recordFailures("a", 1, options)).toBe(true);
      await gates.recordFailures("b", 1, options);
      await gates.recordFailures("c", 2, options);

      await gates.closeCircuits(["a", "b"]);
      const rows = await database.prisma.serviceGate.findMany({ orderBy: { keyHash: "asc" } });
      expect(rows.map((row) => [row.keyHash, row.consecutiveFailures, row.circuitOpenUntil])).toEqual([
        ["a", 0, null],
        ["b", 0, null],
        ["c", 2, null],
      ]);
      await gates.closeCircuits([]);
    } finally {
      await database.close();
    }
  });
});
