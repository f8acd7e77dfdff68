/**
 * Benchmark 5, collection enumeration: the app's product source (`makeProductSource(...).collectionProducts`,
 * via `productsInScope`, as planning a bulk run does) lists a 5,000-product collection from the fake Admin API,
 * which throttles at the Standard plan's rate (2,000 points, 100 points/s). The client's throttle waits run on a
 * simulated clock shared with the fake's bucket: real processing time passes for real, waits are skipped
 * forward instead of slept, so the 5-8 minutes the rate imposes take seconds. Baseline, same client, clock and
 * plan: the cheapest query that pages through the collection at all, product ids only, 250 a page. --full also
 * lists a 500-product collection in real time, to check the simulated clock against the wall clock.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { productsInScope } from "~/renders/runs/plan-scope.server";
import { makeCollectionExport } from "~/shopify/collection-export.server";
import { DEFAULT_BULK_TIMELINE, startFakeAdminServer, createFakeAdminApi, STANDARD_PLAN } from "../fakes/shopify-admin";
import { createTestDatabase } from "../harness/database";
import type { BulkReadMessage, BulkReadReport } from "./bulk-read-child";
import { productionWorkerNodeOptions } from "./lib/worker-process";
import { memoryBreakdown } from "./lib/memory-breakdown";
import { AdminThrottledError } from "~/shopify/admin-errors";
import { makeAdminGraphql, type AdminGraphql } from "~/shopify/admin-graphql.server";
import { makeProductSource } from "~/shopify/product-source.server";
import { adminGraphqlRequest } from "../fakes/shopify-admin/requests";
import { z } from "zod";
import { fixed, mib } from "./lib/stats";
import type { Benchmark } from "./lib/types";

const SHOP = "enumeration.myshopify.com";
const PRODUCTS = 5_000;
const GOAL_RATIO = 1.2;
/** The options requireAdmin gives the client in a staff request (app/web/admin-request.server.ts). */
const INTERACTIVE = { maxRetries: 2, maxTotalWaitMs: 8_000 } as const;

/** Reads every product of a collection through `admin`; returns how many it listed. */
type Lister = (admin: AdminGraphql, collectionId: string) => Promise<number>;

/** The app's way: the product source's pages of 25 with title, type and up to 6 photos each. */
const listWithApp: Lister = async (admin, collectionId) =>
  (await productsInScope(makeProductSource(admin), { kind: "collection", collectionId })).length;

/** The most a connection returns in one page. */
const IDS_PAGE_SIZE = 250;
/** The cheapest document that pages through a collection: ids and the page cursor, nothing else. */
const LIST_COLLECTION_PRODUCT_IDS = `
  query ListCollectionProductIds($id: ID!, $first: Int!, $after: String) {
    collection(id: $id) {
      products(first: $first, after: $after) {
        nodes {
          id
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`;
const idsPageSchema = z.object({
  collection: z
    .object({
      products: z.object({
        nodes: z.array(z.object({ id: z.string() })),
        pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
      }),
    })
    .nullable(),
});

type IdsPage = NonNullable<z.infer<typeof idsPageSchema>["collection"]>;

/** The baseline: what listing costs when nothing but the ids is read. */
const listIdsOnly: Lister = async (admin, collectionId) => {
  let listed = 0;
  let after: string | null = null;
  do {
    const data: unknown = await admin.query<unknown>(LIST_COLLECTION_PRODUCT_IDS, {
      id: collectionId,
      first: IDS_PAGE_SIZE,
      after,
    });
    const products: IdsPage["products"] | undefined = idsPageSchema.parse(data).collection?.products;
    if (!products) break;
    listed += products.nodes.length;
    after = products.pageInfo.hasNextPage ? products.pageInfo.endCursor : null;
  } while (after);
  return listed;
};

/** The shop and a collection of `products` products with one to six photos each (apparel usually has several). */
function seedCatalogue(fake: ReturnType<typeof createFakeAdminApi>, products: number) {
  fake.store.addShop({ domain: SHOP });
  const productIds: string[] = [];
  for (let i = 0; i < products; i++) {
    const photos = (i % 6) + 1;
    const product = fake.store.addProduct(SHOP, {
      title: `Garment ${i + 1}`,
      productType: "Shirts",
      images: Array.from({ length: photos }, (_, n) => ({
        filename: `garment-${i + 1}-${n + 1}.jpg`,
        alt: n === 0 ? "Front" : `View ${n + 1}`,
        width: 1200,
        height: 1600,
      })),
    });
    productIds.push(product.id);
  }
  return fake.store.addCollection(SHOP, { title: "Everything", productIds });
}

interface Enumeration {
  products: number;
  requests: number;
  throttled: number;
  requestedCost: number;
  actualCost: number;
  wallMs: number;
  waitedMs: number;
  boundMs: number;
  surfacedThrottled: number;
  otherError: string | null;
}

const PLANS = {
  Standard: STANDARD_PLAN,
  Advanced: { maximumAvailable: 4_000, restoreRate: 200 },
  Plus: { maximumAvailable: 20_000, restoreRate: 1_000 },
} as const;

async function enumerate(
  products: number,
  simulatedClock: boolean,
  plan: keyof typeof PLANS = "Standard",
  list: Lister = listWithApp,
): Promise<Enumeration> {
  const clock = { skippedMs: 0 };
  const now = simulatedClock ? () => Date.now() + clock.skippedMs : Date.now;
  const bucket = PLANS[plan];
  const fake = createFakeAdminApi({ now, plan: bucket });
  const collection = seedCatalogue(fake, products);
  const accessToken = fake.issueAccessToken(SHOP);
  let waitedMs = 0;
  const admin = makeAdminGraphql({
    ...INTERACTIVE,
    label: SHOP,
    now,
    ...(simulatedClock
      ? {
          sleep: async (ms: number) => {
            waitedMs += ms;
            clock.skippedMs += ms;
          },
        }
      : {}),
    request: (query, { variables }) =>
      fake.handle(adminGraphqlRequest({ shop: SHOP, query, ...(variables ? { variables } : {}), accessToken })),
  });

  const started = now();
  let listed = 0;
  let surfacedThrottled = 0;
  let otherError: string | null = null;
  try {
    listed = await list(admin, collection.id);
  } catch (error) {
    if (error instanceof AdminThrottledError) surfacedThrottled += 1;
    else otherError = error instanceof Error ? error.message : String(error);
  }
  const wallMs = now() - started;

  const log = fake.graphqlRequests().filter((entry) => entry.shop === SHOP);
  const executed = log.filter((entry) => entry.outcome === "ok");
  const requestedCost = executed.reduce((sum, entry) => sum + (entry.requestedQueryCost ?? 0), 0);
  const actualCost = executed.reduce((sum, entry) => sum + (entry.actualQueryCost ?? 0), 0);
  // Fastest any client could go at this rate: the bucket starts full and refills at restoreRate; every page but
  // the last costs its actual cost, and the last needs its requested cost available when it is sent.
  const last = executed[executed.length - 1];
  const needed = actualCost - (last?.actualQueryCost ?? 0) + (last?.requestedQueryCost ?? 0);
  const boundMs = (Math.max(0, needed - bucket.maximumAvailable) / bucket.restoreRate) * 1000;
  return {
    products: listed,
    requests: log.length,
    throttled: log.filter((entry) => entry.outcome === "throttled").length,
    requestedCost,
    actualCost,
    wallMs,
    waitedMs: simulatedClock ? waitedMs : Number.NaN,
    boundMs,
    surfacedThrottled,
    otherError,
  };
}

// ----- through a bulk operation (ADR 055) -----------------------------------------------------------------------

const BULK_SIZES = [5_000, 50_000] as const;
const GOAL_LINES_PER_S = 20_000;
const GOAL_RSS_BYTES = 64 * 1024 * 1024;
/** How often the app asks for the export's status when no webhook comes (the worker's default). */
const POLL_MS = 10_000;

interface BulkEnumeration {
  products: number;
  objects: number;
  /** Shopify's side on the fake's modelled timeline (simulated clock): from the start to COMPLETED, polled. */
  modelledMs: number;
  parse: BulkReadReport;
  store: BulkReadReport;
}

/** Runs bench/bulk-read-child.ts once, with the Node options of `npm run start:worker`, and returns its report. */
async function readInChild(env: Record<string, string>): Promise<BulkReadReport> {
  const entry = join(import.meta.dirname, "bulk-read-child.ts");
  const child = spawn(process.execPath, [...productionWorkerNodeOptions(), "--import", "tsx", entry], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    return await new Promise<BulkReadReport>((resolve, reject) => {
      child.on("message", (message: BulkReadMessage) => {
        if (message.type === "ready") child.send({ type: "go" });
        if (message.type === "report") resolve(message.report);
      });
      child.once("exit", (code) => reject(new Error(`the reader exited with ${code} before reporting`)));
    });
  } finally {
    child.kill();
  }
}

/**
 * A collection of `products` exported by the fake (its modelled timeline on a simulated clock, polled as the
 * worker polls), then read by the app's code in a child process: parse only, and parse and store in PostgreSQL.
 */
async function enumerateInBulk(
  products: number,
  databaseUrl: string,
  diagnostic = false,
): Promise<BulkEnumeration & { storeCollected: BulkReadReport | null }> {
  const clock = { skippedMs: 0 };
  const now = () => Date.now() + clock.skippedMs;
  const server = await startFakeAdminServer({ now, deliverWebhooksByItself: false });
  try {
    const collection = seedCatalogue(server.fake, products);
    const accessToken = server.fake.issueAccessToken(SHOP);
    const admin = makeAdminGraphql({
      label: SHOP,
      now,
      request: (query, { variables }) =>
        server.fake.handle(
          adminGraphqlRequest({ shop: SHOP, query, ...(variables ? { variables } : {}), accessToken }),
        ),
    });
    const exporter = makeCollectionExport(admin);
    const started = now();
    const run = await exporter.start(collection.id);
    if (!run.ok) throw new Error(`the export was refused: ${run.reason}`);
    let status = await exporter.status(run.operationId);
    while (status && status.status !== "COMPLETED") {
      if (status.status !== "CREATED" && status.status !== "RUNNING") throw new Error(`export ${status.status}`);
      clock.skippedMs += POLL_MS;
      status = await exporter.status(run.operationId);
    }
    const modelledMs = now() - started;
    const url = status?.url;
    if (!status || !url) throw new Error("the export has no result");
    const env = { BULK_URL: url, BULK_OBJECTS: String(status.objectCount), DATABASE_URL: databaseUrl };
    const parse = await readInChild({ ...env, BULK_MODE: "parse" });
    const store = await readInChild({ ...env, BULK_MODE: "store" });
    // Diagnostic: the same with a collection every 20 ms, so its peak is what storing keeps alive.
    const storeCollected = diagnostic
      ? await readInChild({ ...env, BULK_MODE: "store", BULK_GC_EVERY_MS: "20" })
      : null;
    return { products, objects: status.objectCount, modelledMs, parse, store, storeCollected };
  } finally {
    await server.close();
  }
}

const linesPerSecond = (report: BulkReadReport) => report.lines / (report.ms / 1000);
const aboveIdle = (report: BulkReadReport) => report.peakRss - report.idleRss;
const describeRead = (report: BulkReadReport) =>
  `${report.products.toLocaleString("en-US")} products, ${report.lines.toLocaleString("en-US")} lines in ${fixed(report.ms / 1000, 2)} s = ${Math.round(linesPerSecond(report)).toLocaleString("en-US")} lines/s; RSS idle ${mib(report.idleRss)}, peak ${mib(report.peakRss)} (VmHWM; sampled ${mib(report.sampledPeakRss)}) → ${mib(aboveIdle(report))} above idle; ${memoryBreakdown(report.usageAtIdle, report.usageAtPeak, "10 ms")}`;

const describe = (run: Enumeration) =>
  `${run.products.toLocaleString("en-US")} products listed in ${fixed(run.wallMs / 1000, 1)} s (bound ${fixed(run.boundMs / 1000, 1)} s, ${fixed(run.wallMs / run.boundMs)}×); ${run.requests} Admin API requests of which ${run.throttled} THROTTLED and retried; query cost ${run.actualCost.toLocaleString("en-US")} actual, ${run.requestedCost.toLocaleString("en-US")} requested; THROTTLED errors surfaced: ${run.surfacedThrottled}${run.otherError ? `; error: ${run.otherError}` : ""}`;

/** The app's listing as multiples of another (the ids-only baseline). */
const compare = (app: Enumeration, base: Enumeration) =>
  `time ${fixed(app.wallMs / base.wallMs, 1)}×, actual cost ${fixed(app.actualCost / base.actualCost, 1)}×, requested cost ${fixed(app.requestedCost / base.requestedCost, 1)}×, requests ${fixed(app.requests / base.requests, 1)}×`;

export const collectionEnumeration: Benchmark = {
  id: "collection-enumeration",
  number: 5,
  title: "Collection enumeration",
  summary:
    "The product source lists a 5,000-product collection (1-6 photos each) from the fake Admin API throttling at the Standard plan (2,000 points, 100/s), with the client options of a staff request; throttle waits on a simulated clock (processing time real, waits skipped). Requests, query cost and time vs the bound the rate allows, and vs the cheapest ids-only query (250 ids a page) through the same client. No database. --full adds a 500-product collection in real time. Then 5,000 and 50,000 products through a bulk operation: Shopify's side on the fake's modelled timeline (2 s + 1,000 objects/s, simulated clock), our side measured in a child process: JSONL parse rate, and parse-and-store in PostgreSQL, with peak RSS above idle.",
  async run(ctx) {
    ctx.log(`${PRODUCTS} products, simulated clock…`);
    const run = await enumerate(PRODUCTS, true);
    ctx.log(`${PRODUCTS} products, ids only (the baseline)…`);
    const idsOnly = await enumerate(PRODUCTS, true, "Standard", listIdsOnly);
    const figures: Array<[string, string]> = [
      ["5,000 products (simulated clock)", describe(run)],
      [
        "  of which",
        `${fixed(run.waitedMs / 1000, 1)} s of throttle waits skipped forward, ${fixed((run.wallMs - run.waitedMs) / 1000, 1)} s of real processing`,
      ],
      [`baseline: ids only, ${IDS_PAGE_SIZE} a page (same client, clock and plan)`, describe(idsOnly)],
      ["  the app ÷ ids only", compare(run, idsOnly)],
    ];
    for (const plan of ["Advanced", "Plus"] as const) {
      const other = await enumerate(PRODUCTS, true, plan);
      figures.push([
        `  on the ${plan} plan (${PLANS[plan].maximumAvailable} points, ${PLANS[plan].restoreRate}/s), for scale`,
        `${fixed(other.wallMs / 1000, 1)} s (bound ${fixed(other.boundMs / 1000, 1)} s), ${other.requests} requests, ${other.throttled} THROTTLED`,
      ]);
    }
    if (ctx.full) {
      ctx.log("500 products, real time…");
      const real = await enumerate(500, false);
      const simulated = await enumerate(500, true);
      figures.push(["500 products, real time", describe(real)], ["500 products, simulated clock", describe(simulated)]);
    }
    ctx.log("through bulk operations: 5,000 and 50,000 products (the 50,000 take a minute to seed)…");
    const database = await createTestDatabase("postgres");
    const bulk: Array<Awaited<ReturnType<typeof enumerateInBulk>>> = [];
    try {
      for (const size of BULK_SIZES) {
        ctx.log(`bulk export of ${size.toLocaleString("en-US")} products…`);
        bulk.push(await enumerateInBulk(size, database.url, ctx.full && size === BULK_SIZES.at(-1)));
      }
    } finally {
      await database.close();
    }
    for (const result of bulk) {
      const label = `${result.products.toLocaleString("en-US")} products through a bulk operation`;
      figures.push(
        [
          label,
          `${result.objects.toLocaleString("en-US")} objects (products and photos); Shopify's side modelled at ${DEFAULT_BULK_TIMELINE.queuedMs / 1000} s queued + ${DEFAULT_BULK_TIMELINE.objectsPerSecond.toLocaleString("en-US")} objects/s, polled every ${POLL_MS / 1000} s: COMPLETED after ${fixed(result.modelledMs / 1000, 0)} s (simulated clock)`,
        ],
        ["  our side, download and parse only", describeRead(result.parse)],
        ["  our side, parse and store in PostgreSQL (the worker's work)", describeRead(result.store)],
        ...(result.storeCollected
          ? [
              ["  diagnostic: storing with a collection every 20 ms", describeRead(result.storeCollected)] as [
                string,
                string,
              ],
            ]
          : []),
        [
          "  ready to plan, modelled + measured",
          `${fixed((result.modelledMs + result.store.ms) / 1000, 0)} s, against ${fixed(((run.boundMs / PRODUCTS) * result.products) / 1000, 0)} s for pages at the Standard plan's bound (${fixed(run.boundMs / PRODUCTS, 1)} ms a product, as measured above)`,
        ],
      );
    }
    const largest = bulk.at(-1) as (typeof bulk)[number];
    const parseRate = linesPerSecond(largest.parse);
    const peakAbove = Math.max(aboveIdle(largest.parse), aboveIdle(largest.store));
    const bulkMet =
      largest.parse.products === largest.products &&
      largest.store.products === largest.products &&
      parseRate >= GOAL_LINES_PER_S &&
      peakAbove <= GOAL_RSS_BYTES;
    const ratio = run.wallMs / run.boundMs;
    const notes: string[] = [];
    const pagesMet =
      run.products === PRODUCTS && ratio <= GOAL_RATIO && run.surfacedThrottled === 0 && run.otherError === null;
    const met = pagesMet && bulkMet;
    if (idsOnly.products !== PRODUCTS || idsOnly.otherError !== null) {
      notes.push(
        `The ids-only baseline listed ${idsOnly.products} products${idsOnly.otherError ? ` (${idsOnly.otherError})` : ""}.`,
      );
    }
    if (aboveIdle(largest.store) > GOAL_RSS_BYTES) {
      notes.push(
        `Storing 50,000 products peaks ${mib(aboveIdle(largest.store))} above idle, parsing alone ${mib(aboveIdle(largest.parse))}: the file is read a line at a time and written 500 products a statement, and with a collection every 20 ms (npm run bench -- 5 --full) storing peaks about 30 MB above idle, so the rest is garbage V8 lets build up while the batches wait on the database, not data held. Larger batches were faster and left more garbage when tried (2,000 a statement).`,
      );
    }
    if (run.wallMs > 100_000) {
      notes.push(
        `Listing by pages takes ${fixed(run.wallMs / 60_000, 1)} minutes (${fixed(run.wallMs / PRODUCTS, 0)} s per 1,000 products) at the limit the rate allows. Collections over 250 products are therefore read by the worker's collection lister through a bulk operation (ADRs 025, 055), pages only when Shopify refuses or fails the export.`,
      );
    }
    if (run.throttled > run.requests / 4) {
      notes.push(
        `${run.throttled} of ${run.requests} requests came back THROTTLED: the client sends each page as soon as the previous one answers and waits only after being refused; pacing from the last throttleStatus would save those requests.`,
      );
    }
    return {
      id: this.id,
      title: this.title,
      database: "none (pages); PostgreSQL (bulk, storing)",
      figures,
      headline: `pages: ${fixed(run.wallMs / 1000, 0)} s, ${run.requests} requests (${run.throttled} THROTTLED, retried), cost ${run.actualCost.toLocaleString("en-US")}; ${run.surfacedThrottled} surfaced (${pagesMet ? "MET" : "NOT MET"}). Bulk, 50,000 products: parse ${Math.round(parseRate).toLocaleString("en-US")} lines/s (store ${Math.round(linesPerSecond(largest.store)).toLocaleString("en-US")}), peak ${mib(peakAbove)} above idle (${bulkMet ? "MET" : "NOT MET"})`,
      baseline: `rate bound ${fixed(run.boundMs / 1000, 0)} s (${fixed(ratio)}×); ids only: ${fixed(idsOnly.wallMs / 1000, 0)} s, ${idsOnly.requests} requests, cost ${idsOnly.actualCost.toLocaleString("en-US")} (the app ${fixed(run.wallMs / idsOnly.wallMs, 1)}× its time, ${fixed(run.actualCost / idsOnly.actualCost, 1)}× its cost)`,
      goal: `pages: ≤ ${GOAL_RATIO}× the bound, 0 THROTTLED errors surfaced; bulk, 50,000 products: ≥ ${GOAL_LINES_PER_S.toLocaleString("en-US")} lines/s parsed, ≤ ${mib(GOAL_RSS_BYTES, 0)} above idle RSS`,
      met,
      notes,
    };
  },
};
