/**
 * Benchmark 5's reader in its own process, so its RSS is its own: the app's code reads a finished bulk export
 * from the fake Admin API server (in the parent) through the guarded outbound path, line by line. Modes:
 *
 *   parse   download and parse only (`makeCollectionExport(...).read`): the JSONL parse rate
 *   store   what the worker does with a finished export (`advanceExport` on a claimed listing): parse and store
 *           every product in PostgreSQL, in batches, fenced by the lease
 *
 * Driven over IPC: "ready" → (parent sends "go") → "idle" (median RSS over a second) → "report".
 */
import "./lib/env";
import { readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { createPrismaClient } from "~/db/prisma-client.server";
import { useOutboundPolicy } from "~/net/outbound";
import { advanceExport, claimCollectionListing } from "~/renders/runs/collection-listings.server";
import type { CollectionExport } from "~/catalog/catalog-port";
import type { AdminGraphql } from "~/shopify/admin-graphql.server";
import { makeCollectionExport } from "~/shopify/collection-export.server";
import { exposedGc, makeTransferGc } from "~/worker/transfer-gc";

const env = z
  .object({
    BULK_URL: z.string(),
    BULK_OBJECTS: z.coerce.number().int(),
    BULK_MODE: z.enum(["parse", "store"]),
    DATABASE_URL: z.string().optional(),
  })
  .parse(process.env);

export type BulkReadMessage =
  { type: "ready" } | { type: "idle"; rss: number } | { type: "report"; report: BulkReadReport };

export interface BulkReadReport {
  lines: number;
  products: number;
  ms: number;
  idleRss: number;
  /** Kernel high-water mark since the reset before reading (VmHWM), and the highest sampled RSS. */
  peakRss: number;
  sampledPeakRss: number;
  /** process.memoryUsage() at idle and at the highest of a coarser sampling (every 10 ms). */
  usageAtIdle: NodeJS.MemoryUsage;
  usageAtPeak: NodeJS.MemoryUsage;
}

const send = (message: BulkReadMessage) => process.send?.(message);
const vmHwm = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The fake's server listens on 127.0.0.1: allowed here as the sandbox and tests allow it.
useOutboundPolicy({ allow: ["127.0.0.1"] });
const noAdmin = {} as AdminGraphql;

async function measureIdle(): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 50; i++) {
    samples.push(process.memoryUsage.rss());
    await sleep(20);
  }
  return samples.sort((a, b) => a - b)[25] ?? process.memoryUsage.rss();
}

const reader = makeCollectionExport(noAdmin);

/** Download and parse only: counts the products read. */
async function parseOnly(): Promise<number> {
  let products = 0;
  for await (const event of reader.read(env.BULK_URL)) if (event.kind === "product") products += 1;
  return products;
}

/** A claimed listing whose export has finished, ready for `advanceExport` (prepared before idle is measured). */
async function prepareStore(): Promise<() => Promise<number>> {
  const db = createPrismaClient(env.DATABASE_URL!);
  const shop = "bulk-read.myshopify.com";
  await db.shop.upsert({ where: { domain: shop }, create: { domain: shop, scopes: "" }, update: {} });
  await db.collectionListing.deleteMany({ where: { shop } });
  await db.collectionListing.create({
    data: {
      shop,
      collectionId: "gid://shopify/Collection/1",
      expected: 0,
      bulkOperationId: "gid://shopify/BulkOperation/1",
    },
  });
  const listing = await claimCollectionListing(db, { owner: "bench", now: new Date(), leaseMs: 600_000 });
  const finished: CollectionExport = {
    start: () => Promise.reject(new Error("not started here")),
    status: async () => ({ status: "COMPLETED", objectCount: env.BULK_OBJECTS, errorCode: null, url: env.BULK_URL }),
    read: (url) => reader.read(url),
    cancel: () => Promise.reject(new Error("not cancelled here")),
  };
  return async () => {
    await advanceExport(db, listing!, {
      export: finished,
      now: () => new Date(),
      leaseMs: 600_000,
      pollMs: 1_000,
      // As the worker's lister (app-worker.server.ts): collects after every few MB stored, given --expose-gc.
      transferGc: makeTransferGc({ collect: exposedGc() }),
      ...(process.env.BULK_BATCH ? { batchSize: Number(process.env.BULK_BATCH) } : {}),
    });
    const stored = await db.collectionListing.findFirstOrThrow({ where: { shop } });
    if (stored.status !== "ready") throw new Error(`the listing ended ${stored.status} (${stored.method})`);
    await db.$disconnect();
    return stored.listed;
  };
}

process.on("message", (message: { type: "go" }) => {
  if (message.type !== "go") return;
  void (async () => {
    const run = env.BULK_MODE === "parse" ? parseOnly : await prepareStore();
    const idleRss = await measureIdle();
    send({ type: "idle", rss: idleRss });
    const usageAtIdle = process.memoryUsage();
    let usageAtPeak = usageAtIdle;
    let sampledPeakRss = 0;
    let ticks = 0;
    const sampler = setInterval(() => {
      sampledPeakRss = Math.max(sampledPeakRss, process.memoryUsage.rss());
      if (++ticks % 5 !== 0) return;
      const usage = process.memoryUsage();
      if (usage.rss > usageAtPeak.rss) usageAtPeak = usage;
    }, 2);
    // Linux: writing 5 to clear_refs resets the peak RSS to the current RSS.
    writeFileSync("/proc/self/clear_refs", "5");
    const started = performance.now();
    const products = await run();
    const lines = env.BULK_OBJECTS;
    const ms = performance.now() - started;
    clearInterval(sampler);
    send({
      type: "report",
      report: { lines, products, ms, idleRss, peakRss: vmHwm(), sampledPeakRss, usageAtIdle, usageAtPeak },
    });
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
// Diagnostic (BULK_GC_EVERY_MS with --expose-gc): collecting often shows what the reading keeps alive.
const gcEvery = Number(process.env.BULK_GC_EVERY_MS ?? 0);
const collect = (globalThis as { gc?: () => void }).gc;
if (gcEvery > 0 && collect) setInterval(collect, gcEvery).unref();
send({ type: "ready" });
