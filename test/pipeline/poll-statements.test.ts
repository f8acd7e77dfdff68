import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashServiceKey, makeSecretBox } from "~/lib/secret-box.server";
import type { TryOnClient, TryOnJobStatus } from "~/tryon";
import { makeWorker } from "~/worker/worker";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { seedRenders, seedShop } from "../../harness/render-fixtures";
import { TEST_ENCRYPTION_KEY } from "../../harness/pipeline";

const T0 = Date.UTC(2026, 5, 1, 12);
const SHOPS = ["one.myshopify.com", "two.myshopify.com", "three.myshopify.com"];
/** Each shop's 30 renders: 10 still running, 10 completed, 10 failed at the service. */
const FATES: Array<TryOnJobStatus["status"]> = ["running", "completed", "failed"];

/** Every statement a tick sends: the model operation, or the raw SQL's text. */
function recordingClient(db: PrismaClient) {
  const statements: string[] = [];
  const client = db.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        const sql = (args as { strings?: string[] } | undefined)?.strings?.join("?") ?? "";
        statements.push(model ? `${model}.${operation}` : `${operation} ${sql.replace(/\s+/g, " ").trim()}`);
        return query(args);
      },
    },
  }) as unknown as PrismaClient;
  return { client, statements };
}

describe("a tick's poll results", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("are written in one statement for every render and shop of the tick, refunds included", async () => {
    const box = makeSecretBox(TEST_ENCRYPTION_KEY);
    const fateOf = new Map<string, TryOnJobStatus["status"]>();
    for (const shop of SHOPS) {
      await seedShop(database.prisma, shop, {
        concurrencyCap: 100,
        tryOnApiKeyEncrypted: box.seal(`key-${shop}`, shop),
        tryOnKeyHash: hashServiceKey(`key-${shop}`),
        tryOnBaseUrl: "https://tryon.test",
      });
      const renders = await seedRenders(database.prisma, shop, 30, {
        state: "running",
        submittedAt: new Date(T0 - 120_000),
        nextAttemptAt: new Date(T0),
        creditsCharged: 5,
      });
      for (const [index, render] of renders.entries()) {
        const jobId = `job-${render.id}`;
        await database.prisma.render.update({ where: { id: render.id }, data: { externalJobId: jobId } });
        fateOf.set(jobId, FATES[index % 3] as TryOnJobStatus["status"]);
      }
    }
    const client = {
      async getJobStatus(jobId: string) {
        const status = fateOf.get(jobId) ?? "running";
        return {
          jobId,
          status,
          rawStatus: status === "running" ? "processing" : status,
          ...(status === "completed" ? { outputUrl: "https://tryon.test/result.jpg" } : {}),
        };
      },
    } as unknown as TryOnClient;
    const { client: db, statements } = recordingClient(database.prisma);
    const worker = makeWorker({
      db,
      secretBox: box,
      makeTryOnClient: () => client,
      renderMediaFor: async () => {
        throw new Error("not used");
      },
      now: () => new Date(T0),
      random: () => 0.5,
    });

    await worker.tick();

    const resultWrites = statements.filter(
      (statement) => /UPDATE "Render"/.test(statement) && /unnest/.test(statement),
    );
    const perRenderWrites = statements.filter((statement) => /^Render\.(update|updateMany|upsert)$/.test(statement));
    expect(resultWrites).toHaveLength(1);
    expect(perRenderWrites).toEqual([]);
    const states = await database.prisma.render.groupBy({ by: ["state"], _count: true, orderBy: { state: "asc" } });
    expect(states.map((row) => [row.state, row._count])).toEqual([
      ["running", 30],
      ["rendered", 30],
      ["failed", 30],
    ]);
    expect(await database.prisma.render.count({ where: { pollCount: 1 } })).toBe(90);
    expect(await database.prisma.creditLedgerEntry.count({ where: { kind: "refund" } })).toBe(30);
  });

  it("write no duration samples in a tick where no job finished", async () => {
    const shop = "idle-samples.myshopify.com";
    await database.prisma.render.deleteMany();
    const box = makeSecretBox(TEST_ENCRYPTION_KEY);
    await seedShop(database.prisma, shop, {
      tryOnApiKeyEncrypted: box.seal("key-idle", shop),
      tryOnKeyHash: hashServiceKey("key-idle"),
      tryOnBaseUrl: "https://tryon.test",
    });
    await seedRenders(database.prisma, shop, 3, {
      state: "running",
      externalJobId: "job-idle",
      submittedAt: new Date(T0 - 60_000),
      nextAttemptAt: new Date(T0 + 600_000),
    });
    const client = {
      async getJobStatus(jobId: string) {
        return { jobId, status: "running", rawStatus: "processing" };
      },
    } as unknown as TryOnClient;
    const { client: db, statements } = recordingClient(database.prisma);
    const worker = makeWorker({
      db,
      secretBox: box,
      makeTryOnClient: () => client,
      renderMediaFor: async () => {
        throw new Error("not used");
      },
      now: () => new Date(T0 + 600_000),
      random: () => 0.5,
    });
    await worker.tick();
    expect(await database.prisma.render.count({ where: { shop, pollCount: 1 } })).toBe(3);
    expect(statements.filter((statement) => statement.includes("durationSamplesMs"))).toEqual([]);
  });
});
