/**
 * Benchmark 6's measuring process, one per database kind (the app's modules bind to DATABASE_URL when first
 * imported, so each kind gets a fresh process). Seeds a shop with 10,000 renders and one with 100, then calls
 * the review and history route loaders with signed session tokens, as test/shopify-auth.test.ts does, the fake
 * Admin API behind msw for the review page's previews. Sends its timings to the parent over IPC.
 */
import "./lib/env";
import type { Prisma, RenderState } from "@prisma/client";
import { setupServer } from "msw/node";
import { seededRandom } from "../app/lib/seeded-random";
import { createFakeAdminApi, fakeAdminHandlers, routeShopifyApiFetchThroughMsw } from "../fakes/shopify-admin";
import { createTestDatabase, type DatabaseKind } from "../harness/database";
import { installShop } from "../harness/install-shop";
import { sessionTokenRequest } from "../harness/shopify-requests";
import { BENCH_OPTIONS, insertRenders } from "./lib/fixtures";

export interface StaffPagesReport {
  kind: DatabaseKind;
  version: string;
  /** Loader times in ms, per shop size and page. */
  timings: Record<string, number[]>;
  seedMs: number;
  /** The review page's previews request to the Admin API: how many were sent, THROTTLED, and what one costs. */
  admin: { requests: number; throttled: number; requestedCost: number };
}

const kind = (process.env.BENCH_DB_KIND ?? "pglite") as DatabaseKind;
const REQUESTS = 50;
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

const review = await import("../app/routes/app.review/route");
const history = await import("../app/routes/app.history/route");
const { sessionStorage } = await import("../app/shopify.server");

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
    const url = cursor ? `${path}${path.includes("?") ? "&" : "?"}after=${encodeURIComponent(cursor)}` : path;
    const request = await sessionTokenRequest(url, shop);
    // As if the staff member's page loads were spread out: Shopify's cost bucket refilled in between.
    if (fullBucket) fake.setBucketAvailable(shop, 2_000);
    const started = performance.now();
    const response = (await loader({ request, params: {}, context: {} })) as Response;
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    const body = (await response.json()) as { nextCursor?: string | null };
    cursor = body.nextCursor ?? null;
  }
  return times;
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
};
server.close();
const appPrisma = globalThis.__modelShotsPrisma as { $disconnect(): Promise<void> } | undefined;
await appPrisma?.$disconnect();
await database.close();
process.send?.(report, () => process.exit(0));
