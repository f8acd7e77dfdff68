/**
 * Benchmark 5, collection enumeration: the app's product source (`makeProductSource(...).collectionProducts`,
 * via `productsInScope`, as planning a bulk run does) lists a 5,000-product collection from the fake Admin API,
 * which throttles at the Standard plan's rate (2,000 points, 100 points/s). The client's throttle waits run on a
 * simulated clock shared with the fake's bucket: real processing time passes for real, waits are skipped
 * forward instead of slept, so the 5-8 minutes the rate imposes take seconds. Baseline, same client, clock and
 * plan: the cheapest query that pages through the collection at all, product ids only, 250 a page. --full also
 * lists a 500-product collection in real time, to check the simulated clock against the wall clock.
 */
import { productsInScope } from "../app/renders/plan-run.server";
import { AdminThrottledError } from "../app/shopify/admin-errors";
import { makeAdminGraphql, type AdminGraphql } from "../app/shopify/admin-graphql.server";
import { makeProductSource } from "../app/shopify/product-source.server";
import { createFakeAdminApi, STANDARD_PLAN } from "../fakes/shopify-admin";
import { adminGraphqlRequest } from "../fakes/shopify-admin/requests";
import { z } from "zod";
import { fixed } from "./lib/stats";
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
  fake.store.addShop({ domain: SHOP });
  const productIds: string[] = [];
  for (let i = 0; i < products; i++) {
    // One to six photos per product (apparel usually has several); the page asks for up to six.
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
  const collection = fake.store.addCollection(SHOP, { title: "Everything", productIds });
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
    "The product source lists a 5,000-product collection (1-6 photos each) from the fake Admin API throttling at the Standard plan (2,000 points, 100/s), with the client options of a staff request; throttle waits on a simulated clock (processing time real, waits skipped). Requests, query cost and time vs the bound the rate allows, and vs the cheapest ids-only query (250 ids a page) through the same client. No database. --full adds a 500-product collection in real time.",
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
    const ratio = run.wallMs / run.boundMs;
    const notes: string[] = [];
    const met =
      run.products === PRODUCTS && ratio <= GOAL_RATIO && run.surfacedThrottled === 0 && run.otherError === null;
    if (idsOnly.products !== PRODUCTS || idsOnly.otherError !== null) {
      notes.push(
        `The ids-only baseline listed ${idsOnly.products} products${idsOnly.otherError ? ` (${idsOnly.otherError})` : ""}.`,
      );
    }
    if (run.wallMs > 100_000) {
      notes.push(
        `Listing takes ${fixed(run.wallMs / 60_000, 1)} minutes (${fixed(run.wallMs / PRODUCTS, 0)} s per 1,000 products) at the limit the rate allows. Collections over 250 products are therefore read by the worker's collection lister, not inside the staff request (ADR 025): the preview shows its progress and the run is planned from what it stored.`,
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
      database: "none",
      figures,
      headline: `${fixed(run.wallMs / 1000, 0)} s, ${run.requests} requests (${run.throttled} THROTTLED, retried), cost ${run.actualCost.toLocaleString("en-US")}; ${run.surfacedThrottled} surfaced`,
      baseline: `rate bound ${fixed(run.boundMs / 1000, 0)} s (${fixed(ratio)}×); ids only: ${fixed(idsOnly.wallMs / 1000, 0)} s, ${idsOnly.requests} requests, cost ${idsOnly.actualCost.toLocaleString("en-US")} (the app ${fixed(run.wallMs / idsOnly.wallMs, 1)}× its time, ${fixed(run.actualCost / idsOnly.actualCost, 1)}× its cost)`,
      goal: `≤ ${GOAL_RATIO}× the bound, 0 THROTTLED errors surfaced`,
      met,
      notes,
    };
  },
};
