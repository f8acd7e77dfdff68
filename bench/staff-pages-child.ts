/**
 * Benchmark 6's measuring process, one per database kind (the app's modules bind to DATABASE_URL when first
 * imported, so each kind gets a fresh process). Seeds a shop with 10,000 renders and one with 100, then calls
 * the review and history route loaders with signed session tokens, as test/shopify-auth.test.ts does, the fake
 * Admin API behind msw for the review page's previews. On PostgreSQL it then serves the production build from
 * the same database (remix-serve, NODE_ENV=production, in another process) and requests whole HTML documents
 * over HTTP as the admin loads them (`id_token` in the query). Sends its timings to the parent over IPC.
 */
import "./lib/env";
import { loadavg } from "node:os";
import type { Prisma, RenderState } from "@prisma/client";
import { setupServer } from "msw/node";
import { seededRandom } from "~/lib/seeded-random";
import { z } from "zod";
import {
  createFakeAdminApi,
  fakeAdminHandlers,
  routeShopifyApiFetchThroughMsw,
  startFakeAdminServer,
} from "../fakes/shopify-admin";
import { createTestDatabase, type DatabaseKind } from "../harness/database";
import { installShop } from "../harness/install-shop";
import { embeddedDocumentRequest, sessionTokenRequest } from "../harness/shopify-requests";
import { backendCpu, cpuSince, processCpuMs } from "./lib/cpu";
import { BENCH_OPTIONS, insertRenders } from "./lib/fixtures";
import { serveProductionBuild, type ProductionServer } from "./lib/production-build";

export interface StaffPagesReport {
  kind: DatabaseKind;
  version: string;
  /** Loader times in ms, per shop size and page. */
  timings: Record<string, number[]>;
  seedMs: number;
  /** The review page's previews request to the Admin API: how many were sent, THROTTLED, and what one costs. */
  admin: { requests: number; throttled: number; requestedCost: number };
  /** Whole HTML documents from the production build over HTTP (PostgreSQL only; null on PGlite). */
  documents: DocumentsReport | null;
}

export interface DocumentsReport {
  /** Views in the order measured, each with the query it adds to its route (for the figures). */
  views: Array<{ name: string; query: string }>;
  /** Request times in ms (first byte sent to last byte read), per view and shop size: "review, first page 10,000". */
  timings: Record<string, number[]>;
  /** The median document's size in bytes as received (after decompression), per view and shop size. */
  bytes: Record<string, number>;
  /** CPU time per document (ms), per view and shop size: the app's server process, and PostgreSQL's backends. */
  serverCpuMs: Record<string, number>;
  databaseCpuMs: Record<string, number>;
  /** The machine's 1-minute load average when the documents started and when they ended (other work shares it). */
  loadAverage: [number, number];
  /** Requests the production server sent the fake Admin API while serving them, as "target operation status". */
  adminRequests: string[];
}

const kind = (process.env.BENCH_DB_KIND ?? "pglite") as DatabaseKind;
const REQUESTS = 50;
/** Documents vary more than loaders (rendering, the network, the collector): twice the samples for a steadier p95. */
const DOCUMENT_REQUESTS = 100;
const WARMUP = 5;
const SHOPS = [
  { shop: "staff-large.myshopify.com", renders: 10_000, label: "10,000" },
  { shop: "staff-small.myshopify.com", renders: 100, label: "100" },
];

/** A shop's history as months of use leave it: mostly published, some waiting for review, a few failures. */
const STATE_MIX: Array<[RenderState, number]> = [
  ["published", 0.6],
  ["rejected", 0.1],
  ["in_review", 0.1],
  ["failed", 0.08],
  ["cancelled", 0.03],
  ["queued", 0.04],
  ["running", 0.03],
  ["importing", 0.01],
  ["stalled", 0.005],
  ["submit_unknown", 0.005],
];

function stateAt(random: () => number): RenderState {
  let draw = random();
  for (const [state, share] of STATE_MIX) {
    if (draw < share) return state;
    draw -= share;
  }
  return "published";
}

const database = await createTestDatabase(kind);
const [row] = await database.prisma.$queryRaw<Array<{ version: string }>>`SELECT version()`;
const version = row?.version ?? "unknown";
process.env.DATABASE_URL = database.url;
globalThis.__modelShotsPrisma = undefined;

const fake = createFakeAdminApi();
const server = setupServer(...fakeAdminHandlers(fake));
server.listen({ onUnhandledRequest: "bypass" });
routeShopifyApiFetchThroughMsw();

const review = await import("~/routes/app.review/route");
const history = await import("~/routes/app.history/route");
const { sessionStorage } = await import("~/shopify.server");

const seedStarted = performance.now();
const random = seededRandom(42);
for (const { shop, renders } of SHOPS) {
  await installShop({ prisma: database.prisma, sessionStorage, fake }, shop);
  // Runs of 250 renders, the newest 40 of them listed on the review page's filter.
  const runIds: string[] = [];
  for (let i = 0; i < Math.ceil(renders / 250); i++) {
    const run = await database.prisma.run.create({
      data: {
        shop,
        scope: {
          kind: "collection",
          collectionId: `gid://shopify/Collection/${i + 1}`,
          title: `Collection ${i + 1}`,
        } as Prisma.InputJsonValue,
        options: BENCH_OPTIONS as unknown as Prisma.InputJsonValue,
        estimateCredits: 1_250,
        status: "completed",
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 250_000),
      },
    });
    runIds.push(run.id);
  }
  const now = Date.UTC(2026, 3, 1);
  await insertRenders(database.prisma, shop, renders, (index) => {
    const state = stateAt(random);
    const created = Date.UTC(2026, 0, 1) + index * 250;
    const reviewed = ["published", "rejected", "in_review"].includes(state);
    const file = reviewed
      ? fake.store.addFile(shop, {
          filename: `model-shot-${shop}-${index}.jpg`,
          alt: "Model shot",
          width: 1536,
          height: 2048,
        })
      : null;
    return {
      frontImage: `https://cdn.shopify.test/${shop}/${index}.jpg`,
      state,
      runId: runIds[Math.floor(index / 250)] ?? null,
      createdAt: new Date(created),
      nextAttemptAt: ["queued", "running", "importing", "stalled"].includes(state) ? new Date(now) : null,
      externalJobId: state === "queued" ? null : `job_${index}`,
      submittedAt: state === "queued" ? null : new Date(created + 5_000),
      renderedAt: reviewed ? new Date(created + 170_000) : null,
      importedAt: reviewed ? new Date(created + 175_000) : null,
      fileId: file?.id ?? null,
      // As the worker stores them when the file is READY; the loader asks Shopify only for renders without them.
      resultUrl: file ? fake.store.imageUrl(fake.store.shop(shop), file) : null,
      resultPreviewUrl: file ? `${fake.store.imageUrl(fake.store.shop(shop), file)}&width=640&height=640` : null,
      resultWidth: file ? 1536 : null,
      resultHeight: file ? 2048 : null,
      creditsCharged: state === "queued" ? 0 : 5,
      creditsRefunded: state === "failed" ? 5 : 0,
      errorCode: state === "failed" ? "failed_by_service" : null,
      finishedAt: ["published", "rejected", "failed", "cancelled"].includes(state) ? new Date(created + 600_000) : null,
      reviewedAt: ["published", "rejected"].includes(state) ? new Date(created + 3_600_000) : null,
      reviewedBy: ["published", "rejected"].includes(state) ? "staff@example.com" : null,
      publishedAt: state === "published" ? new Date(created + 3_700_000) : null,
    };
  });
}
await database.prisma.$executeRawUnsafe("ANALYZE");
const seedMs = performance.now() - seedStarted;

type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<unknown>;

const withCursor = (path: string, cursor: string | null) =>
  cursor ? `${path}${path.includes("?") ? "&" : "?"}after=${encodeURIComponent(cursor)}` : path;

const pageSchema = z.object({ nextCursor: z.string().nullable().optional() });

async function nextCursorOf(response: Response, url: string): Promise<string | null> {
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return pageSchema.parse(await response.json()).nextCursor ?? null;
}

/** Walks the pages newest first, following nextCursor and starting over at the end, timing each loader call. */
async function measure(
  loader: Loader,
  shop: string,
  path: string,
  count: number,
  fullBucket = false,
): Promise<number[]> {
  const times: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < count; i++) {
    const url = withCursor(path, cursor);
    const request = await sessionTokenRequest(url, shop);
    // As if the staff member's page loads were spread out: Shopify's cost bucket refilled in between.
    if (fullBucket) fake.setBucketAvailable(shop, 2_000);
    const started = performance.now();
    const response = (await loader({ request, params: {}, context: {} })) as Response;
    times.push(performance.now() - started);
    cursor = await nextCursorOf(response, url);
  }
  return times;
}

/** The paths of the `count` pages after the first, as staff paging on would reach them (over again at the end). */
async function pagedPaths(loader: Loader, shop: string, path: string, count: number): Promise<string[]> {
  const paths: string[] = [];
  let cursor: string | null = null;
  while (paths.length <= count) {
    const url = withCursor(path, cursor);
    paths.push(url);
    const request = await sessionTokenRequest(url, shop);
    cursor = await nextCursorOf((await loader({ request, params: {}, context: {} })) as Response, url);
  }
  return paths.slice(1);
}

const timings: Record<string, number[]> = {};
for (const { shop, label } of SHOPS) {
  await measure(review.loader as Loader, shop, "/app/review", WARMUP);
  await measure(history.loader as Loader, shop, "/app/history", WARMUP);
  timings[`review ${label}`] = await measure(review.loader as Loader, shop, "/app/review", REQUESTS, true);
  fake.setBucketAvailable(shop, 2_000);
  timings[`review back-to-back ${label}`] = await measure(review.loader as Loader, shop, "/app/review", REQUESTS);
  timings[`history ${label}`] = await measure(history.loader as Loader, shop, "/app/history", REQUESTS);
}
const adminCalls = fake.graphqlRequests();
// The documents go out over the network; msw would sit in their path.
server.close();

interface DocumentView {
  name: string;
  /** What the view adds to its route's URL, as the figures show it. */
  query: string;
  /** The Remix route id the document must render (a redirect or an error page would be fast and wrong). */
  route: "routes/app.review" | "routes/app.history";
  /** One path per sample: the same filtered URL each time, or successive pages. */
  paths: string[];
}

/** A run and a product to filter by: the newest run, and the product of the newest render waiting for review. */
async function filterTargets(shop: string): Promise<{ runId: string; productId: string }> {
  const [run, render] = await Promise.all([
    database.prisma.run.findFirst({ where: { shop }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
    database.prisma.render.findFirst({
      where: { shop, state: "in_review" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    }),
  ]);
  if (!run || !render) throw new Error(`${shop} has no run or no render in review to filter by`);
  return { runId: run.id, productId: render.productId };
}

async function documentViews(shop: string, count: number): Promise<DocumentView[]> {
  const { runId, productId } = await filterTargets(shop);
  const repeat = (path: string) => Array.from({ length: count }, () => path);
  const reviewLoader = review.loader as Loader;
  const historyLoader = history.loader as Loader;
  const product = encodeURIComponent(productId);
  return [
    { name: "review, first page", query: "", route: "routes/app.review", paths: repeat("/app/review") },
    {
      name: "review, one run",
      query: "?runId=<newest run>",
      route: "routes/app.review",
      paths: repeat(`/app/review?runId=${runId}`),
    },
    {
      name: "review, one product",
      query: "?productId=<a product in review>",
      route: "routes/app.review",
      paths: repeat(`/app/review?productId=${product}`),
    },
    {
      name: "review, next pages",
      query: "?after=<cursor>",
      route: "routes/app.review",
      paths: await pagedPaths(reviewLoader, shop, "/app/review", count),
    },
    { name: "history, first page", query: "", route: "routes/app.history", paths: repeat("/app/history") },
    {
      name: "history, failed",
      query: "?state=failed",
      route: "routes/app.history",
      paths: repeat("/app/history?state=failed"),
    },
    {
      name: "history, one product",
      query: "?productId=<a product in review>",
      route: "routes/app.history",
      paths: repeat(`/app/history?productId=${product}`),
    },
    {
      name: "history, next pages",
      query: "?after=<cursor>",
      route: "routes/app.history",
      paths: await pagedPaths(historyLoader, shop, "/app/history", count),
    },
  ];
}

/** A browser's document request; the Shopify library turns away clients that look like bots (Node's own agent). */
const DOCUMENT_HEADERS = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Encoding": "gzip, deflate, br",
};

/** The URL the admin loads in the app's frame: `?embedded=1&shop=…&host=…&id_token=…`, on the server's origin. */
async function documentUrl(origin: string, path: string, shop: string): Promise<string> {
  const signed = new URL((await embeddedDocumentRequest(path, shop)).url);
  return new URL(`${signed.pathname}${signed.search}`, origin).href;
}

/** One document load, timed from sending the request to reading the last byte of HTML (decompressed). */
async function loadDocument(url: string, route: DocumentView["route"]): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: DOCUMENT_HEADERS, redirect: "manual" });
  const html = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200 || !html.includes(`"${route}"`)) {
    throw new Error(`${new URL(url).pathname} answered ${response.status} without the ${route} page`);
  }
  return { ms, bytes: Buffer.byteLength(html) };
}

interface ViewMeasurement {
  timings: number[];
  medianBytes: number;
  serverCpuMs: number;
  databaseCpuMs: number;
}

/** Loads one view's documents one after another, after a warm-up, with the CPU the server and database spent. */
async function measureView(app: ProductionServer, shop: string, view: DocumentView): Promise<ViewMeasurement> {
  for (let i = 0; i < WARMUP; i++) await loadDocument(await documentUrl(app.url, view.paths[0]!, shop), view.route);
  const serverCpu = processCpuMs(app.pid);
  const databaseCpu = await backendCpu(database.prisma);
  const loads: Array<{ ms: number; bytes: number }> = [];
  for (const path of view.paths) loads.push(await loadDocument(await documentUrl(app.url, path, shop), view.route));
  const sizes = loads.map((load) => load.bytes).sort((a, b) => a - b);
  return {
    timings: loads.map((load) => load.ms),
    medianBytes: sizes[Math.floor(sizes.length / 2)] ?? 0,
    // The work itself, apart from waiting for a core: on a busy machine the times are this plus the wait.
    serverCpuMs: (processCpuMs(app.pid) - serverCpu) / loads.length,
    databaseCpuMs: cpuSince(databaseCpu, await backendCpu(database.prisma)) / loads.length,
  };
}

async function measureDocuments(): Promise<DocumentsReport> {
  const encryptionKeys = z.string().min(1).parse(process.env.APP_ENCRYPTION_KEYS);
  const fakeServer = await startFakeAdminServer({ fake });
  const adminBefore = fake.requests.length;
  const app = await serveProductionBuild({ databaseUrl: database.url, encryptionKeys, fakeAdminUrl: fakeServer.url });
  const report: DocumentsReport = {
    views: [],
    timings: {},
    bytes: {},
    serverCpuMs: {},
    databaseCpuMs: {},
    loadAverage: [loadavg()[0] ?? Number.NaN, Number.NaN],
    adminRequests: [],
  };
  try {
    for (const { shop, label } of SHOPS) {
      const views = await documentViews(shop, DOCUMENT_REQUESTS);
      report.views = views.map(({ name, query }) => ({ name, query }));
      for (const view of views) {
        const key = `${view.name} ${label}`;
        const measured = await measureView(app, shop, view);
        report.timings[key] = measured.timings;
        report.bytes[key] = measured.medianBytes;
        report.serverCpuMs[key] = measured.serverCpuMs;
        report.databaseCpuMs[key] = measured.databaseCpuMs;
      }
    }
  } finally {
    await app.stop();
    await fakeServer.close();
  }
  report.loadAverage[1] = loadavg()[0] ?? Number.NaN;
  report.adminRequests = fake.requests
    .slice(adminBefore)
    .map((entry) => [entry.target, entry.operationName ?? entry.grantType, entry.status].filter(Boolean).join(" "));
  return report;
}

// The production build needs a PostgreSQL server (it refuses the embedded database).
const documents = kind === "postgres" ? await measureDocuments() : null;

const previews = adminCalls.filter(
  (entry) => entry.operationName === "GetFileStatuses" && entry.shop === SHOPS[0]?.shop,
);
const report: StaffPagesReport = {
  kind,
  version,
  timings,
  seedMs,
  admin: {
    requests: previews.length,
    throttled: previews.filter((entry) => entry.outcome === "throttled").length,
    requestedCost: Math.max(0, ...previews.map((entry) => entry.requestedQueryCost ?? 0)),
  },
  documents,
};
const appPrisma = globalThis.__modelShotsPrisma as { $disconnect(): Promise<void> } | undefined;
await appPrisma?.$disconnect();
await database.close();
process.send?.(report, () => process.exit(0));
