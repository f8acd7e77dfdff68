/**
 * Every page and API route, called with a session token signed for shop A and shop B's ids: nothing of B's
 * comes back, and nothing of B's (or anyone's) changes. Runs on PGlite and on the PostgreSQL server.
 */
import type { Render, Run } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS, snapshotAllRows } from "../../harness/database";
import { seedRenders } from "../../harness/render-fixtures";
import {
  DEFAULT_LOOK,
  getAs,
  OPTION_FIELDS,
  postFormAs,
  postJsonAs,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";

const A = "isolation-a.myshopify.com";
const B = "isolation-b.myshopify.com";

describe.each(DATABASE_KINDS)("a request signed for one shop, on %s", (kind) => {
  let app: MerchantApp;
  const routes: Record<string, { loader?: RouteFunction; action?: RouteFunction }> = {};
  let bRun: Run;
  let bReview: Render;
  let bPublished: Render;
  let bUnknown: Render;
  let bLookId: string;
  let bProductId: string;
  let bCollectionId: string;
  let secretsOfB: string[];
  /** A's own product and collection: a request about them fails only for the other shop's ids it names. */
  let aProductId: string;
  let aCollectionId: string;

  beforeAll(async () => {
    app = await startMerchantApp({ kind });
    for (const name of [
      "app._index",
      "app.settings",
      "app.generate",
      "app.runs._index",
      "app.runs.new",
      "app.runs.$runId",
      "app.review",
      "app.renders.$renderId",
      "app.history",
      "api.product-summary",
      "api.renders",
      "api.run-preview",
      "api.runs",
    ]) {
      routes[name] = await import(`../../app/routes/${name}/route.tsx`).catch(
        () => import(`../../app/routes/${name}/route.ts`),
      );
    }
    await app.installShop(A);
    await app.installShop(B);
    await app.saveServiceKey(A, { defaults: DEFAULT_LOOK });
    await app.saveServiceKey(B, { apiKey: "shop-b-secret-key-WXYZ", defaults: DEFAULT_LOOK });
    const db = app.database.prisma;
    aProductId = app.fake.store.addProduct(A, { title: "A's own tee", images: [{ alt: "Front" }] }).id;
    aCollectionId = app.fake.store.addCollection(A, { title: "A's collection", productIds: [aProductId] }).id;
    const product = app.fake.store.addProduct(B, { title: "B's secret dress", images: [{ alt: "Front" }] });
    bProductId = product.id;
    bCollectionId = app.fake.store.addCollection(B, { title: "B's collection", productIds: [product.id] }).id;
    bRun = await db.run.create({
      data: {
        shop: B,
        scope: { kind: "collection", collectionId: bCollectionId, title: "B's collection" },
        options: DEFAULT_LOOK,
        estimateCredits: 5,
        requestKey: "b-run-key-0001",
      },
    });
    const file = app.fake.store.addFile(B, { filename: "model-shot-b.png", alt: "B" });
    bReview = (
      await seedRenders(db, B, 1, {
        state: "in_review",
        runId: bRun.id,
        productId: bProductId,
        productTitle: "B's secret dress",
        fileId: file.id,
        requestKey: "b-request-key-0001",
        candidateGroup: "b-candidates",
        candidateIndex: 1,
      })
    )[0] as Render;
    bPublished = (
      await seedRenders(db, B, 1, {
        state: "published",
        productId: bProductId,
        productTitle: "B's secret dress",
        fileId: file.id,
      })
    ).find((r) => r.state === "published") as Render;
    bUnknown = (
      await seedRenders(db, B, 1, { state: "submit_unknown", productId: bProductId, productTitle: "B's secret dress" })
    ).find((r) => r.state === "submit_unknown") as Render;
    bLookId = (await db.look.create({ data: { shop: B, name: "B's look", options: DEFAULT_LOOK } })).id;
    await db.shopSettings.update({
      where: { shop: B },
      data: { pausedReason: "out_of_credits", pausedMessage: "B is out of credits", pausedAt: new Date() },
    });
    secretsOfB = [
      B,
      bRun.id,
      bReview.id,
      bPublished.id,
      bUnknown.id,
      bLookId,
      "B's secret dress",
      "B's collection",
      "WXYZ",
    ];
  });
  afterAll(async () => app?.close());

  const call = async (
    route: string,
    fn: "loader" | "action",
    request: Request,
    params: Record<string, string> = {},
  ) => {
    const handler = routes[route]?.[fn];
    if (!handler) throw new Error(`${route} has no ${fn}`);
    const asked = decodeURIComponent(request.url) + decodeURIComponent(await request.clone().text());
    const response = await respond(handler, request, params);
    return { status: response.status, text: await response.text(), asked };
  };
  /** B's data in an answer, not counting the ids the request itself named (echoed back as filters or failures). */
  const leaked = (answer: { text: string; asked: string }) =>
    secretsOfB.filter((secret) => !answer.asked.includes(secret) && answer.text.includes(secret));

  it("reads none of the other shop's runs, renders, looks or settings on any page", async () => {
    const reads: Array<[string, string, Record<string, string>?]> = [
      ["app._index", "/app"],
      ["app.settings", "/app/settings"],
      ["app.generate", `/app/generate?productId=${encodeURIComponent(bProductId)}`],
      ["app.runs._index", "/app/runs"],
      ["app.runs.new", `/app/runs/new?collectionId=${encodeURIComponent(bCollectionId)}`],
      ["app.runs.$runId", `/app/runs/${bRun.id}`, { runId: bRun.id }],
      ["app.review", "/app/review"],
      ["app.review", `/app/review?runId=${bRun.id}`],
      ["app.review", "/app/review?state=published"],
      ["app.renders.$renderId", `/app/renders/${bReview.id}`, { renderId: bReview.id }],
      ["app.renders.$renderId", `/app/renders/${bPublished.id}`, { renderId: bPublished.id }],
      ["app.renders.$renderId", `/app/renders/${bUnknown.id}`, { renderId: bUnknown.id }],
      // Cursors naming the other shop's renders and runs.
      ["app.review", `/app/review?after=${bReview.id}`],
      ["app.review", `/app/review?before=${bReview.id}&state=published`],
      ["app.history", `/app/history?after=${bPublished.id}`],
      ["app.runs._index", `/app/runs?after=${bRun.id}`],
      ["app.review", `/app/review?productId=${encodeURIComponent(bProductId)}`],
      ["app.history", "/app/history"],
      ["app.history", `/app/history?runId=${bRun.id}&productId=${encodeURIComponent(bProductId)}`],
      ["api.product-summary", `/api/product-summary?productId=${encodeURIComponent(bProductId)}`],
    ];
    for (const [route, path, params] of reads) {
      const answer = await call(route, "loader", await getAs(A, path), params);
      expect(answer.status, `${route} ${path}`).toBeLessThan(500);
      expect(leaked(answer), `${route} ${path}`).toEqual([]);
    }
  });

  it("changes none of the other shop's data through any action", async () => {
    const before = await snapshotAllRows(app.database.prisma);
    const writes: Array<[string, Request, Record<string, string>?]> = [
      ["app.review", await postFormAs(A, "/app/review", { intent: "approve", renderId: bReview.id, variantIds: [] })],
      [
        "app.review",
        await postFormAs(A, "/app/review", {
          intent: "approve",
          renderId: bReview.id,
          variantIds: [],
          makeFirst: "on",
          rejectSiblings: "on",
        }),
      ],
      ["app.review", await postFormAs(A, "/app/review", { intent: "reject", renderId: bReview.id })],
      ["app.review", await postFormAs(A, "/app/review", { intent: "revert", renderId: bPublished.id })],
      ["app.review", await postFormAs(A, "/app/review", { intent: "approve-many", renderIds: [bReview.id] })],
      ["app.review", await postFormAs(A, "/app/review", { intent: "reject-many", renderIds: [bReview.id] })],
      [
        "app.review",
        await postFormAs(A, "/app/review", {
          intent: "regenerate",
          renderId: bReview.id,
          requestKey: "isolation-regen-1",
          ...OPTION_FIELDS,
        }),
      ],
      ["app.runs.$runId", await postFormAs(A, `/app/runs/${bRun.id}`, { intent: "pause" }), { runId: bRun.id }],
      ["app.runs.$runId", await postFormAs(A, `/app/runs/${bRun.id}`, { intent: "cancel" }), { runId: bRun.id }],
      ["app.runs.$runId", await postFormAs(A, `/app/runs/${bRun.id}`, { intent: "resume" }), { runId: bRun.id }],
      ["app.history", await postFormAs(A, "/app/history", { intent: "resolve-not-started", renderId: bUnknown.id })],
      [
        "app.history",
        await postFormAs(A, "/app/history", {
          intent: "resolve-started",
          renderId: bUnknown.id,
          externalJobId: "job-of-a",
        }),
      ],
      ["app.settings", await postFormAs(A, "/app/settings", { intent: "delete-look", lookId: bLookId })],
      ["app.generate", await postFormAs(A, "/app/generate", { intent: "delete-look", lookId: bLookId })],
      [
        "app.generate",
        await postFormAs(A, "/app/generate", {
          intent: "generate",
          productId: bProductId,
          requestKey: "isolation-gen-1",
          frontMediaId: "x",
          ...OPTION_FIELDS,
        }),
      ],
      [
        "app.runs.new",
        await postFormAs(A, "/app/runs/new", {
          intent: "start",
          scopeKind: "collection",
          collectionId: bCollectionId,
          requestKey: "isolation-run-1",
          ...OPTION_FIELDS,
        }),
      ],
      ["api.renders", await postJsonAs(A, "/api/renders", { productId: bProductId, requestKey: "isolation-api-1" })],
      // B's look on A's own product, collection and selection: refused, never rendered with B's options.
      [
        "api.renders",
        await postJsonAs(A, "/api/renders", { productId: aProductId, lookId: bLookId, requestKey: "isolation-api-3" }),
      ],
      [
        "api.renders",
        await postJsonAs(A, "/api/renders", {
          productId: aProductId,
          lookId: bLookId,
          requestKey: "isolation-api-4",
          candidates: 2,
          perColour: true,
        }),
      ],
      [
        "api.runs",
        await postJsonAs(A, "/api/runs", {
          scope: { kind: "collection", collectionId: aCollectionId },
          lookId: bLookId,
          requestKey: "isolation-api-5",
        }),
      ],
      [
        "api.runs",
        await postJsonAs(A, "/api/runs", {
          scope: { kind: "products", productIds: [aProductId] },
          lookId: bLookId,
          requestKey: "isolation-api-6",
        }),
      ],
      [
        "api.run-preview",
        await postJsonAs(A, "/api/run-preview", {
          scope: { kind: "collection", collectionId: aCollectionId },
          lookId: bLookId,
        }),
      ],
      // A's collection of B's products, and a selection naming B's product: B's are not A's to render.
      [
        "app.runs.new",
        await postFormAs(A, "/app/runs/new", {
          intent: "start",
          scopeKind: "products",
          productIds: [bProductId],
          requestKey: "isolation-run-2",
          ...OPTION_FIELDS,
        }),
      ],
      [
        "api.runs",
        await postJsonAs(A, "/api/runs", {
          scope: { kind: "products", productIds: [bProductId] },
          requestKey: "isolation-api-7",
        }),
      ],
      [
        "api.run-preview",
        await postJsonAs(A, "/api/run-preview", {
          scope: { kind: "collection", collectionId: bCollectionId },
          lookId: bLookId,
        }),
      ],
      [
        "api.runs",
        await postJsonAs(A, "/api/runs", {
          scope: { kind: "collection", collectionId: bCollectionId },
          requestKey: "isolation-api-2",
        }),
      ],
      ["app._index", await postFormAs(A, "/app", { intent: "resume-shop" })],
    ];
    for (const [route, request, params] of writes) {
      const answer = await call(route, "action", request, params);
      // Refused in words (4xx) or a no-op answer; never a crash, never B's data.
      expect(answer.status, `${route} ${request.url}`).toBeLessThan(500);
      expect(leaked(answer), `${route} ${request.url}`).toEqual([]);
    }
    expect(await snapshotAllRows(app.database.prisma)).toEqual(before);
  });

  it("refuses the other shop's look on this shop's own product, selection and collection, as a look that is not there", async () => {
    const requests: Array<[string, Request]> = [
      [
        "api.renders",
        await postJsonAs(A, "/api/renders", {
          productId: aProductId,
          lookId: bLookId,
          requestKey: "isolation-look-0001",
        }),
      ],
      [
        "api.runs",
        await postJsonAs(A, "/api/runs", {
          scope: { kind: "products", productIds: [aProductId] },
          lookId: bLookId,
          requestKey: "isolation-look-0002",
        }),
      ],
      [
        "api.run-preview",
        await postJsonAs(A, "/api/run-preview", {
          scope: { kind: "collection", collectionId: aCollectionId },
          lookId: bLookId,
        }),
      ],
    ];
    for (const [route, request] of requests) {
      const answer = await call(route, "action", request);
      expect(answer.status, route).toBe(400);
      expect(JSON.parse(answer.text), route).toMatchObject({ ok: false, error: "That look no longer exists." });
      expect(leaked(answer), route).toEqual([]);
    }
    // Control: the same requests without the look are this shop's to make.
    const own = await call(
      "api.run-preview",
      "action",
      await postJsonAs(A, "/api/run-preview", { scope: { kind: "collection", collectionId: aCollectionId } }),
    );
    expect(own.status).toBe(200);
  });

  it("a request key the other shop used gives this shop its own render or run, never the other's", async () => {
    const before = await snapshotAllRows(app.database.prisma);
    const render = await call(
      "api.renders",
      "action",
      await postJsonAs(A, "/api/renders", { productId: aProductId, requestKey: bReview.requestKey }),
    );
    expect(render.status).toBe(200);
    const created = JSON.parse(render.text) as { renderId: string; renderIds: string[]; created: boolean };
    expect(created.created).toBe(true);
    expect(created.renderIds).not.toContain(bReview.id);
    const run = await call(
      "api.runs",
      "action",
      await postJsonAs(A, "/api/runs", {
        scope: { kind: "products", productIds: [aProductId] },
        requestKey: bRun.requestKey,
      }),
    );
    expect(run.status).toBe(200);
    const started = JSON.parse(run.text) as { runId: string; created: boolean };
    expect(started).toMatchObject({ created: true });
    expect(started.runId).not.toBe(bRun.id);
    for (const answer of [render, run]) expect(leaked(answer)).toEqual([]);
    // B's rows are as they were; A's new ones are A's.
    const after = await snapshotAllRows(app.database.prisma);
    const ofB = (rows: typeof after) =>
      Object.fromEntries(
        Object.entries(rows).map(([table, list]) => [
          table,
          (list as Array<Record<string, unknown>>).filter((row) => Object.values(row).includes(B)),
        ]),
      );
    expect(ofB(after)).toEqual(ofB(before));
    const db = app.database.prisma;
    expect(await db.render.findMany({ where: { id: { in: created.renderIds } } })).toEqual([
      expect.objectContaining({ shop: A, productId: aProductId }),
    ]);
    expect(await db.run.findUniqueOrThrow({ where: { id: started.runId } })).toMatchObject({ shop: A });
    await db.render.deleteMany({ where: { shop: A } });
    await db.run.deleteMany({ where: { shop: A } });
  });

  it("saving its own settings leaves the other shop's untouched", async () => {
    const before = await app.database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: B } });
    const { status } = await call(
      "app.settings",
      "action",
      await postFormAs(A, "/app/settings", {
        intent: "save",
        concurrencyCap: "1",
        // A's own address, unchanged (a new address needs the key again).
        tryOnBaseUrl: "http://127.0.0.1:9",
      }),
    );
    expect(status).toBe(200);
    expect(await app.database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: B } })).toEqual(before);
  });
});
