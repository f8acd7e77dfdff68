import type { CollectionListing, PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  fakeExport,
  pagedSource,
  listerUnderTest,
  startListing as startSharedListing,
} from "../../harness/collection-fakes";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { recordingLogger } from "../../harness/recording-logger";
import { seedShop } from "../../harness/render-fixtures";
import { makeCollectionLister, type CollectionListerDeps } from "./collection-lister";

/**
 * The collection lister's loop (app/worker/collection-lister.ts, run and stop) with Shopify faked: it sleeps only
 * when there is nothing to take, survives an error, and hands its listing back when stopped.
 */
const SHOP = "lister-loop.myshopify.com";
const COLLECTION = "gid://shopify/Collection/9";

describe("the collection lister's loop", () => {
  let database: TestDatabase;
  let db: PrismaClient;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    db = database.prisma;
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await db.shop.deleteMany();
    await seedShop(db, SHOP);
  });

  const startListing = (data: Partial<CollectionListing> = {}) =>
    startSharedListing(db, { shop: SHOP, collectionId: COLLECTION }, data);
  const lister = (deps: Partial<CollectionListerDeps> & Pick<CollectionListerDeps, "productSourceFor">) =>
    listerUnderTest(db, deps);

  it("hands a listing back with its cursor when stopped mid-read, for another lister to carry on", async () => {
    const listing = await startListing({ method: "pages" });
    let stopping: Promise<void> | undefined;
    const { source, asked } = pagedSource(async (cursor) => {
      if (cursor === "page-2") stopping = worker.stop();
    });
    const worker = lister({ productSourceFor: async () => source, idleMs: 5 });
    const running = worker.run();
    await vi.waitFor(() => expect(stopping).toBeDefined(), { timeout: 5_000, interval: 5 });
    await stopping;
    await running;

    expect(asked).toEqual([null, "page-2"]);
    expect(await db.collectionListing.findUniqueOrThrow({ where: { id: listing.id } })).toMatchObject({
      status: "listing",
      listed: 4,
      cursor: "page-3",
      leaseOwner: null,
      leaseUntil: null,
    });
  });

  it("sleeps only when it found nothing to take: listings waiting are read one after another", async () => {
    const events: string[] = [];
    let stopping: Promise<void> | undefined;
    const { source } = pagedSource(async (cursor) => void events.push(`page ${cursor ?? "start"}`));
    // The lister's own clock, lease and owner id: the defaults a worker process runs with.
    const worker = makeCollectionLister({
      db,
      productSourceFor: async () => source,
      collectionExportFor: async () => fakeExport().exporter,
      idleMs: 7,
      sleep: async (ms) => {
        events.push(`sleep ${ms}`);
        if (events.length === 1) {
          await startListing({ method: "pages" });
          await startListing({ method: "pages", collectionId: "gid://shopify/Collection/10" });
        } else stopping = worker.stop();
      },
    });
    const running = worker.run();
    // A second run() joins the loop already running rather than starting another.
    expect(worker.run()).toBe(running);
    await vi.waitFor(() => expect(stopping).toBeDefined(), { timeout: 5_000, interval: 5 });
    await stopping;
    await running;

    const pages = ["page start", "page page-2", "page page-3"];
    expect(events).toEqual(["sleep 7", ...pages, ...pages, "sleep 7"]);
    const listings = await db.collectionListing.findMany();
    expect(listings.map((row) => row.status)).toEqual(["ready", "ready"]);
    expect(
      listings.map((row) => row.finishedAt?.getTime() ?? 0).every((at) => Math.abs(at - Date.now()) < 60_000),
    ).toBe(true);
  });

  it("logs an error taking a listing and sleeps before looking again", async () => {
    let claims = 0;
    const flaky = new Proxy(db, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (property !== "$queryRaw" || typeof value !== "function") return value;
        return (...args: unknown[]) => {
          claims += 1;
          if (claims === 1) return Promise.reject(new Error("database away"));
          return (value as (...rest: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const { lines, logger } = recordingLogger();
    const sleeps: string[] = [];
    let stopping: Promise<void> | undefined;
    const worker = lister({
      db: flaky,
      productSourceFor: async () => pagedSource().source,
      logger,
      idleMs: 7,
      sleep: async (ms) => {
        sleeps.push(`sleep ${ms} after ${claims} claims`);
        stopping = worker.stop();
      },
    });
    const running = worker.run();
    await vi.waitFor(() => expect(stopping).toBeDefined(), { timeout: 5_000, interval: 5 });
    await stopping;
    await running;

    expect(sleeps).toEqual(["sleep 7 after 1 claims"]);
    expect(lines).toEqual([
      { level: "error", message: "collection lister error", context: { error: "Error: database away" } },
    ]);
  });
});
