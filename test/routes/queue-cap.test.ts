/**
 * The per-shop queue cap (MAX_QUEUED_PER_SHOP) on every path that queues renders, through the real route modules:
 * Generate (one render, candidates, one per colour), regenerate from Review, a bulk run from the app, and the admin
 * extensions' API (one render, candidates, one per colour, a bulk run). With a cap of 2, each path refuses what
 * would pass it in words, with a 4xx, and queues nothing (issue 27 point 3).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedRenders } from "../../harness/render-fixtures";
import {
  DEFAULT_LOOK,
  getAs,
  jsonOf,
  OPTION_FIELDS,
  postFormAs,
  postJsonAs,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";

const SHOP = "queue-cap.myshopify.com";
const CAP = 2;
// The refusal is a message key with its figures (messages.json words it in the staff member's language).
// The app's pages get the refusal as a message key and word it themselves; the extension API words it in the
// dialog's language (English when none is asked, ADR 094).
const FULL = /^messages:queue\.full\?count=\d+&queued=\d+&max=2$/;
const FULL_IN_WORDS =
  /^This would add \d+ renders? to a queue that already has \d+ waiting; at most 2 may wait at once\./;

describe(`every path that queues, with MAX_QUEUED_PER_SHOP=${CAP}`, () => {
  let app: MerchantApp;
  let generate: { loader: RouteFunction; action: RouteFunction };
  let review: RouteFunction;
  let bulkRun: RouteFunction;
  let apiRenders: RouteFunction;
  let apiRuns: RouteFunction;
  let shirt: string;
  let shirtFront: string;
  let colourTee: string;
  let collectionId: string;
  let inReview: string;

  beforeAll(async () => {
    // Read once by env() when the app's modules load (startMerchantApp loads them afresh).
    process.env.MAX_QUEUED_PER_SHOP = String(CAP);
    app = await startMerchantApp({ simulator: true });
    generate = await import("~/routes/app.generate/route");
    review = (await import("~/routes/app.review/route")).action;
    bulkRun = (await import("~/routes/app.runs.new/route")).action;
    apiRenders = (await import("~/routes/api.renders/route")).action;
    apiRuns = (await import("~/routes/api.runs/route")).action;
    await app.installShop(SHOP);
    await app.saveServiceKey(SHOP, { defaults: DEFAULT_LOOK });
    const store = app.fake.store;
    const product = store.addProduct(SHOP, { title: "Linen shirt", images: [{ alt: "Front" }] });
    shirt = product.id;
    shirtFront = store.productMedia(SHOP, shirt)[0]!.id;
    const colour = (value: string) => [{ name: "Color", value }];
    colourTee = store.addProduct(SHOP, {
      title: "Colour tee",
      productType: "T-Shirts",
      images: [
        { filename: "tee.jpg", alt: "Colour tee" },
        { filename: "tee-red.jpg", alt: "Colour tee" },
        { filename: "tee-blue.jpg", alt: "Colour tee" },
      ],
      variants: [
        { title: "Red", selectedOptions: colour("Red"), imageIndex: 1 },
        { title: "Blue", selectedOptions: colour("Blue"), imageIndex: 2 },
      ],
    }).id;
    const tees = ["Tee 1", "Tee 2", "Tee 3"].map((title) => store.addProduct(SHOP, { title, images: [{ alt: "F" }] }));
    collectionId = store.addCollection(SHOP, { title: "Three tees", productIds: tees.map((tee) => tee.id) }).id;
  });
  afterAll(async () => {
    await app?.close();
    delete process.env.MAX_QUEUED_PER_SHOP;
  });

  /** Empties the shop's queue, then puts `queued` renders in it (of no product the tests render). */
  beforeEach(async () => {
    await app.database.prisma.render.deleteMany({ where: { shop: SHOP } });
    await app.database.prisma.run.deleteMany({ where: { shop: SHOP } });
  });
  const fillQueue = (queued: number) => seedRenders(app.database.prisma, SHOP, queued);
  const queued = () => app.database.prisma.render.count({ where: { shop: SHOP, state: "queued" } });

  /** A refusal as staff and the extensions see it: a 4xx status and the sentence saying why (409: the extension API). */
  async function expectRefused(response: Response, status: number) {
    expect(response.status).toBe(status);
    const body = await jsonOf<{ ok: boolean; formError?: string; error?: string }>(response);
    expect(body.ok).toBe(false);
    expect(body.formError ?? body.error).toMatch(status === 409 ? FULL_IN_WORDS : FULL);
  }

  const generateForm = (fields: Record<string, string>) =>
    postFormAs(SHOP, "/app/generate", {
      intent: "generate",
      productId: shirt,
      frontMediaId: shirtFront,
      backMediaId: "",
      ...OPTION_FIELDS,
      ...fields,
    });

  it("Generate refuses one render into a full queue", async () => {
    await fillQueue(CAP);
    await expectRefused(await respond(generate.action, await generateForm({ requestKey: "gen-one-1" })), 400);
    expect(await queued()).toBe(CAP);
  });

  it("Generate refuses candidates that would pass the cap, and queues them when they fit", async () => {
    const four = await respond(generate.action, await generateForm({ requestKey: "gen-four-1", candidates: "4" }));
    await expectRefused(four, 400);
    expect(await queued()).toBe(0);
    const two = await respond(generate.action, await generateForm({ requestKey: "gen-two-1", candidates: "2" }));
    expect(two.status).toBe(200);
    expect(await queued()).toBe(2);
  });

  it("Generate refuses one shot per colour when the colours do not all fit, queueing none of them", async () => {
    await fillQueue(1);
    const media = app.fake.store.productMedia(SHOP, colourTee);
    const response = await respond(
      generate.action,
      await postFormAs(SHOP, "/app/generate", {
        intent: "generate",
        productId: colourTee,
        requestKey: "gen-colours-1",
        frontMediaId: media[0]!.id,
        backMediaId: "",
        perColour: "true",
        ...OPTION_FIELDS,
      }),
    );
    await expectRefused(response, 400);
    expect(await queued()).toBe(1);
  });

  it("Review refuses to regenerate into a full queue", async () => {
    const file = app.fake.store.addFile(SHOP, { filename: "model-shot-queue-cap.png", alt: "Model shot" });
    inReview = (
      await seedRenders(app.database.prisma, SHOP, 1, { productId: shirt, state: "in_review", fileId: file.id })
    )[0]!.id;
    await fillQueue(CAP);
    const response = await respond(
      review,
      await postFormAs(SHOP, "/app/review", {
        intent: "regenerate",
        renderId: inReview,
        requestKey: "regen-full-1",
        ...OPTION_FIELDS,
      }),
    );
    await expectRefused(response, 400);
    expect(await queued()).toBe(CAP);
    expect(await app.database.prisma.render.count({ where: { regeneratedFromId: inReview } })).toBe(0);
  });

  const bulkForm = (requestKey: string) =>
    postFormAs(SHOP, "/app/runs/new", {
      intent: "start",
      scopeKind: "collection",
      collectionId,
      requestKey,
      ...OPTION_FIELDS,
    });

  it("a bulk run from the app is refused when its renders would pass the cap", async () => {
    await expectRefused(await respond(bulkRun, await bulkForm("bulk-app-1")), 400);
    expect(await app.database.prisma.run.count({ where: { shop: SHOP } })).toBe(0);
    expect(await queued()).toBe(0);
  });

  /**
   * The plan is checked against the queue, then the run is created in a transaction that checks again under the
   * shop's queue lock. Here another request holds that lock and fills the queue while this one waits for it.
   */
  async function withQueueFilledBeforeTheStart(request: () => Promise<Response>): Promise<Response> {
    const { lockShopQueue } = await import("~/renders/lifecycle/queue-renders.server");
    const db = app.database.prisma;
    let answer: Promise<Response> | undefined;
    await db.$transaction(
      async (tx) => {
        await lockShopQueue(tx, SHOP);
        answer = request();
        // The route has planned (room for it) and now waits for the lock held here.
        for (;;) {
          const [waiting] = await db.$queryRaw<Array<{ n: number }>>`
            SELECT count(*)::int AS n FROM pg_locks
            WHERE locktype = 'advisory' AND NOT granted
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
          if ((waiting?.n ?? 0) > 0) break;
          if (await Promise.race([answer.then(() => true), new Promise((resolve) => setImmediate(resolve, false))]))
            break;
        }
        await seedRenders(tx as typeof db, SHOP, CAP);
      },
      { timeout: 20_000 },
    );
    return answer!;
  }

  it("a bulk run from the app whose queue filled up after its plan is refused in words, not a 500", async () => {
    const tees = app.fake.store.collection(SHOP, collectionId)!.productIds.slice(0, 1);
    const request = await postFormAs(SHOP, "/app/runs/new", {
      intent: "start",
      scopeKind: "products",
      productIds: tees,
      requestKey: "bulk-app-race-1",
      ...OPTION_FIELDS,
    });
    const response = await withQueueFilledBeforeTheStart(() => respond(bulkRun, request));
    await expectRefused(response, 400);
    expect(await app.database.prisma.run.count({ where: { shop: SHOP } })).toBe(0);
    expect(await queued()).toBe(CAP);
  });

  const apiRender = (body: Record<string, unknown>) => postJsonAs(SHOP, "/api/renders", { productId: shirt, ...body });

  it("the product action refuses one render into a full queue with 409, not a 500", async () => {
    await fillQueue(CAP);
    await expectRefused(await respond(apiRenders, await apiRender({ requestKey: "api-one-1" })), 409);
    expect(await queued()).toBe(CAP);
  });

  it("the product action's candidates count against the cap: three calls of 4 queue nothing, not 12", async () => {
    for (const key of ["api-four-1", "api-four-2", "api-four-3"])
      await expectRefused(await respond(apiRenders, await apiRender({ requestKey: key, candidates: 4 })), 409);
    expect(await queued()).toBe(0);
    // One at a time: two fit, the third is refused.
    const answers = [];
    for (const key of ["api-one-a", "api-one-b", "api-one-c"])
      answers.push(await respond(apiRenders, await apiRender({ requestKey: key })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 409]);
    expect(await queued()).toBe(CAP);
  });

  it("the product action refuses one shot per colour when the colours do not all fit", async () => {
    await fillQueue(1);
    const response = await respond(
      apiRenders,
      await postJsonAs(SHOP, "/api/renders", { productId: colourTee, requestKey: "api-colours-1", perColour: true }),
    );
    await expectRefused(response, 409);
    expect(await queued()).toBe(1);
  });

  it("the bulk actions refuse a run whose renders would pass the cap, with 409", async () => {
    const start = (requestKey: string) =>
      postJsonAs(SHOP, "/api/runs", { scope: { kind: "collection", collectionId }, requestKey });
    await expectRefused(await respond(apiRuns, await start("api-run-1")), 409);
    expect(await app.database.prisma.run.count({ where: { shop: SHOP } })).toBe(0);
    expect(await queued()).toBe(0);
  });

  it("the bulk actions refuse a run whose queue filled up after its plan in words, not a 500", async () => {
    const one = app.fake.store.collection(SHOP, collectionId)!.productIds.slice(0, 1);
    const request = await postJsonAs(SHOP, "/api/runs", {
      scope: { kind: "products", productIds: one },
      requestKey: "api-run-2",
    });
    const response = await withQueueFilledBeforeTheStart(() => respond(apiRuns, request));
    await expectRefused(response, 409);
    expect(await app.database.prisma.run.count({ where: { shop: SHOP } })).toBe(0);
    expect(await queued()).toBe(CAP);
  });

  it("reads Generate's page as usual: the cap refuses work, not pages", async () => {
    await fillQueue(CAP);
    const page = await respond(generate.loader, await getAs(SHOP, `/app/generate?productId=${shirt.split("/").pop()}`));
    expect(page.status).toBe(200);
  });
});
