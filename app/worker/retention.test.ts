import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../../harness/database";
import { seedRenders, seedShop } from "../../harness/render-fixtures";
import { recordingLogger } from "../../harness/recording-logger";
import { makeRetention, RETENTION } from "./retention";

const NOW = new Date(Date.UTC(2027, 5, 1, 12));
const MINUTE = 60_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const silent = { info() {}, warn() {}, error() {} };
const DAY = 24 * 3600_000;

describe("the retention policy", () => {
  it("keeps webhook ids and gathered deliveries a week, finished listings a day, heartbeats and idle gates a week", () => {
    // docs/operations.md ("Retention") promises these, in days.
    expect(RETENTION).toEqual({
      webhookDeliveriesMs: 7 * DAY,
      gatheredDeliveriesMs: 7 * DAY,
      collectionListingsMs: DAY,
      heartbeatsMs: 7 * DAY,
      serviceGatesMs: 7 * DAY,
    });
  });

  it("keeps passing after a failed pass, warning with the error, until stopped", async () => {
    let passes = 0;
    const failing = {
      $queryRaw: () => {
        passes += 1;
        return Promise.reject(new Error("database away"));
      },
    } as unknown as Pick<PrismaClient, "$queryRaw">;
    const { lines, logger } = recordingLogger();
    const retention = makeRetention({ db: failing, logger, everyMs: 5, now: () => NOW });
    const running = retention.run();
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(2), { timeout: 5_000, interval: 5 });
    retention.stop();
    await running;
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines)
      expect(line).toEqual({ level: "warn", message: "retention failed", context: { error: "Error: database away" } });
  });
});

describe.each(DATABASE_KINDS)("the retention job on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Rows on both sides of every boundary, and the rows a charge is proved by, however old. */
  async function seed() {
    const db = database.prisma;
    const shop = "old.myshopify.com";
    await seedShop(db, shop);
    const longAgo = ago(2 * 365 * 24 * 3600_000);
    const run = await db.run.create({
      data: { shop, scope: {}, options: {}, estimateCredits: 10, status: "completed", createdAt: longAgo },
    });
    const renders = await seedRenders(db, shop, 2, { runId: run.id, state: "published", createdAt: longAgo });
    for (const render of renders) {
      await db.creditLedgerEntry.create({
        data: { shop, renderId: render.id, kind: "charge", credits: 5, createdAt: longAgo },
      });
    }
    await db.creditLedgerEntry.create({
      data: { shop, renderId: renders[1]!.id, kind: "refund", credits: 5, createdAt: longAgo },
    });

    const keepDelivery = RETENTION.webhookDeliveriesMs - MINUTE;
    await db.webhookDelivery.createMany({
      data: [
        {
          shop,
          webhookId: "expired",
          topic: "app/uninstalled",
          receivedAt: ago(RETENTION.webhookDeliveriesMs + MINUTE),
        },
        { shop, webhookId: "kept", topic: "app/uninstalled", receivedAt: ago(keepDelivery) },
      ],
    });

    // Product deliveries: gathered ones are dropped with the webhook ids' window; a pending one never is.
    const productDelivery = (webhookId: string, processedAt: Date | null) => ({
      shop,
      webhookId,
      productId: "gid://shopify/Product/1",
      topic: "products/update",
      productUpdatedAt: longAgo,
      receivedAt: longAgo,
      product: {},
      processedAt,
    });
    await db.automationDelivery.createMany({
      data: [
        productDelivery("gathered-expired", ago(RETENTION.gatheredDeliveriesMs + MINUTE)),
        productDelivery("gathered-kept", ago(RETENTION.gatheredDeliveriesMs - MINUTE)),
        productDelivery("pending-kept", null),
      ],
    });

    const listing = async (collectionId: string, status: "listing" | "ready" | "failed", at: Date | null) => {
      const created = await db.collectionListing.create({
        data: { shop, collectionId, status, expected: 3, finishedAt: status === "listing" ? null : at },
      });
      await db.collectionListingProduct.createMany({
        data: [0, 1, 2].map((position) => ({ listingId: created.id, position, product: { position } })),
      });
      // updatedAt is Prisma's to set on every write: moved back here as time passing would.
      await db.$executeRaw`UPDATE "CollectionListing" SET "updatedAt" = ${at ?? longAgo} WHERE id = ${created.id}`;
    };
    await listing("expired-ready", "ready", ago(RETENTION.collectionListingsMs + MINUTE));
    await listing("expired-failed", "failed", null);
    await listing("kept-ready", "ready", ago(RETENTION.collectionListingsMs - MINUTE));
    // Under way: a worker may hold it, however long it has taken.
    await listing("kept-listing", "listing", longAgo);

    const beat = (workerId: string, seenAt: Date) => ({ workerId, host: "h", pid: 1, startedAt: longAgo, seenAt });
    await db.workerHeartbeat.createMany({
      data: [beat("expired", ago(RETENTION.heartbeatsMs + MINUTE)), beat("kept", ago(RETENTION.heartbeatsMs - MINUTE))],
    });

    await db.serviceGate.createMany({
      data: [
        { keyHash: "expired" },
        { keyHash: "kept-paused", pausedUntil: new Date(NOW.getTime() + MINUTE) },
        { keyHash: "kept-open", circuitOpenUntil: new Date(NOW.getTime() + MINUTE), consecutiveFailures: 9 },
        { keyHash: "kept-recent" },
      ],
    });
    await db.$executeRaw`UPDATE "ServiceGate" SET "updatedAt" = ${ago(RETENTION.serviceGatesMs + MINUTE)}`;
    await db.$executeRaw`
      UPDATE "ServiceGate" SET "updatedAt" = ${ago(RETENTION.serviceGatesMs - MINUTE)} WHERE "keyHash" = 'kept-recent'`;
  }

  const snapshot = async () => {
    const db = database.prisma;
    const listings = await db.collectionListing.findMany({ include: { products: true } });
    return {
      deliveries: (await db.webhookDelivery.findMany()).map((row) => row.webhookId).sort(),
      productDeliveries: (await db.automationDelivery.findMany()).map((row) => row.webhookId).sort(),
      listings: listings.map((row) => `${row.collectionId}:${row.products.length}`).sort(),
      products: await db.collectionListingProduct.count(),
      heartbeats: (await db.workerHeartbeat.findMany()).map((row) => row.workerId).sort(),
      gates: (await db.serviceGate.findMany()).map((row) => row.keyHash).sort(),
      renders: await db.render.count(),
      runs: await db.run.count(),
      ledger: (await db.creditLedgerEntry.findMany()).map((row) => `${row.kind}:${row.credits}`).sort(),
    };
  };

  it("drops exactly what has expired, in two statements, and never a render, a run or a ledger entry however old", async () => {
    await seed();
    const statements: string[] = [];
    const counted = database.prisma.$extends({
      query: {
        async $allOperations({ operation, args, query }) {
          statements.push(operation);
          return query(args);
        },
      },
    });
    const retention = makeRetention({ db: counted, logger: silent, now: () => NOW });

    const dropped = await retention.once();

    expect(statements).toEqual(["$queryRaw", "$queryRaw"]);
    expect(dropped).toEqual({
      webhookDeliveries: 1,
      collectionListings: 2,
      collectionListingProducts: 6,
      heartbeats: 1,
      serviceGates: 1,
      gatheredDeliveries: 1,
    });
    expect(await snapshot()).toEqual({
      deliveries: ["kept"],
      productDeliveries: ["gathered-kept", "pending-kept"],
      listings: ["kept-listing:3", "kept-ready:3"],
      products: 6,
      heartbeats: ["kept"],
      gates: ["kept-open", "kept-paused", "kept-recent"],
      renders: 2,
      runs: 1,
      ledger: ["charge:5", "charge:5", "refund:5"],
    });

    // A second pass (another worker's, or the next hour's) finds nothing more.
    expect(Object.values(await retention.once())).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("passes at start and then every interval, logging the rows it dropped only when it dropped some, until stopped", async () => {
    const db = database.prisma;
    await db.workerHeartbeat.create({
      data: {
        workerId: "gone",
        host: "h",
        pid: 1,
        startedAt: ago(30 * DAY),
        seenAt: ago(RETENTION.heartbeatsMs + MINUTE),
      },
    });
    let statements = 0;
    const counted = db.$extends({
      query: {
        async $allOperations({ args, query }) {
          statements += 1;
          return query(args);
        },
      },
    });
    const { lines, logger } = recordingLogger();
    const retention = makeRetention({ db: counted, logger, everyMs: 5, now: () => NOW });
    const running = retention.run();
    // Two statements a pass: three passes, the first dropping the heartbeat, the others finding nothing.
    await vi.waitFor(() => expect(statements).toBeGreaterThanOrEqual(6), { timeout: 5_000, interval: 5 });
    retention.stop();
    await running;
    expect(lines).toEqual([
      {
        level: "info",
        message: "retention dropped rows",
        context: {
          webhookDeliveries: 0,
          collectionListings: 0,
          collectionListingProducts: 0,
          heartbeats: 1,
          serviceGates: 0,
          gatheredDeliveries: 0,
        },
      },
    ]);
  });
});
