/**
 * Every way staff make a render sends the garment the product is, as bulk runs decide it (issue 13 point 1), and
 * says what it will send by name before spending. Proven from the try-on simulator's submit log: the request the
 * service received, not the app's own columns.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { submitQueuedRenders } from "../support/submit-queued";
import { wordsFor } from "~/i18n/words.server";

const SHOP = "right-garment.myshopify.com";
// The shop's default look is for tops, in a pose no dress can take ("Arms open": tops, outerwear, jumpsuits).
const TOP_LOOK = { ...DEFAULT_LOOK, poseId: "pose_arms_open", background: "bg_warm_beige" };
const DRESS_SENT = { garment: "Dress", model: "Amara", pose: "Front, relaxed", background: "Warm beige", credits: 5 };

interface SubmitBody {
  product_type: string;
  product_category?: string;
  pose_id: string;
  mannequin_id: string;
}

describe("The garment a render sends, from every entry point", () => {
  let app: MerchantApp;
  let dressId: string;
  let collectionId: string;
  const routes: Record<string, RouteFunction> = {};

  beforeAll(async () => {
    app = await startMerchantApp({ simulator: true });
    routes.summary = (await import("~/routes/api.product-summary/route")).loader;
    routes.renders = (await import("~/routes/api.renders/route")).action;
    routes.preview = (await import("~/routes/api.run-preview/route")).action;
    routes.runs = (await import("~/routes/api.runs/route")).action;
    const generate = await import("~/routes/app.generate/route");
    routes.generateLoader = generate.loader;
    routes.generate = generate.action;
    routes.bulkRun = (await import("~/routes/app.runs.new/route")).action;
    await app.installShop(SHOP);
    await app.saveServiceKey(SHOP, { defaults: TOP_LOOK });
    // Five entry points, five renders running at once: above the default cap the fifth would wait its turn.
    await app.database.prisma.shopSettings.update({ where: { shop: SHOP }, data: { concurrencyCap: 10 } });
    dressId = app.fake.store.addProduct(SHOP, {
      title: "Midi wrap",
      productType: "Dresses",
      images: [{ alt: "Front" }],
    }).id;
    collectionId = app.fake.store.addCollection(SHOP, { title: "Evening", productIds: [dressId] }).id;
  });
  afterAll(async () => app?.close());

  /** The body the simulator received for the render an entry point made. */
  async function sentFor(where: { requestKey: string } | { runRequestKey: string }): Promise<SubmitBody> {
    await submitQueuedRenders(app.database.prisma);
    const render =
      "requestKey" in where
        ? await app.database.prisma.render.findFirstOrThrow({ where: { shop: SHOP, requestKey: where.requestKey } })
        : await app.database.prisma.render.findFirstOrThrow({
            where: { shop: SHOP, run: { requestKey: where.runRequestKey } },
          });
    const submit = app.simulator?.getSubmits().find((record) => record.jobId && record.jobId === render.externalJobId);
    expect(submit, `the simulator received no submit for render ${render.id} (${render.state})`).toBeDefined();
    return submit?.body as SubmitBody;
  }

  const expectDress = (body: SubmitBody) =>
    expect(body).toMatchObject({ product_type: "dress", product_category: "dress", pose_id: "pose_front_relaxed" });

  it("product action: shows the dress, model, pose and background by name, then sends a dress", async () => {
    const summary = await jsonOf<{ looks: Array<{ summary: string; sends: unknown; problem: string | null }> }>(
      await respond(
        routes.summary as RouteFunction,
        await getAs(SHOP, `/api/product-summary?productId=${encodeURIComponent(dressId)}`),
      ),
    );
    expect(summary.looks[0]).toMatchObject({ sends: DRESS_SENT, problem: null });
    expect(summary.looks[0]?.summary).toBe("Dress · Amara · Front, relaxed · Warm beige");
    expect(JSON.stringify(summary)).not.toMatch(/mnq_|pose_|bg_/);

    const created = await respond(
      routes.renders as RouteFunction,
      await postJsonAs(SHOP, "/api/renders", { productId: dressId, requestKey: "garment-product-action" }),
    );
    expect(created.status).toBe(200);
    expectDress(await sentFor({ requestKey: "garment-product-action" }));
  });

  it("Generate page: starts from a dress in a pose that suits it, shown by name, and sends a dress", async () => {
    const view = await jsonOf<{ initialOptions: Record<string, string>; defaultFrontMediaId: string }>(
      await respond(
        routes.generateLoader as RouteFunction,
        await getAs(SHOP, `/app/generate?productId=${dressId.split("/").pop()}`),
      ),
    );
    expect(view.initialOptions).toMatchObject({ productType: "dress", poseId: "pose_front_relaxed" });
    const posted = await respond(
      routes.generate as RouteFunction,
      await postFormAs(SHOP, "/app/generate", {
        intent: "generate",
        productId: dressId,
        requestKey: "garment-generate-page",
        frontMediaId: view.defaultFrontMediaId,
        ...Object.fromEntries(Object.entries(view.initialOptions).filter(([key]) => key !== "lockBackground")),
      }),
    );
    expect(posted.status).toBe(200);
    expectDress(await sentFor({ requestKey: "garment-generate-page" }));
  });

  it.each([
    ["product selection action", { kind: "products", productIds: ["DRESS"] }],
    ["collection action", { kind: "collection", collectionId: "COLLECTION" }],
  ])("%s: previews what it sends by name, then sends a dress", async (name, template) => {
    const scope = JSON.parse(JSON.stringify(template).replace("DRESS", dressId).replace("COLLECTION", collectionId));
    const preview = await jsonOf<{ summary: { sends: Array<Record<string, unknown>> } }>(
      await respond(routes.preview as RouteFunction, await postJsonAs(SHOP, "/api/run-preview", { scope })),
    );
    // The extension API words the garment in the dialog's language (English without a locale).
    expect(preview.summary.sends).toEqual([{ ...DRESS_SENT, count: 1 }]);
    const requestKey = `garment-${name.replace(/ /g, "-")}`;
    const started = await respond(
      routes.runs as RouteFunction,
      await postJsonAs(SHOP, "/api/runs", { scope, requestKey, regenerate: true }),
    );
    expect(started.status).toBe(200);
    expectDress(await sentFor({ runRequestKey: requestKey }));
  });

  it("bulk run page: previews what it sends by name, then sends a dress", async () => {
    const fields = {
      scopeKind: "collection",
      collectionId,
      detectGarments: "on",
      regenerate: "on",
      ...OPTION_FIELDS,
      poseId: "pose_arms_open",
      background: "bg_warm_beige",
    };
    const preview = await jsonOf<{ summary: { sends: Array<Record<string, unknown>> } }>(
      await respond(
        routes.bulkRun as RouteFunction,
        await postFormAs(SHOP, "/app/runs/new", { intent: "preview", ...fields }),
      ),
    );
    // The page words the garment (a message key) in the staff member's language; the catalog's names are data.
    expect(preview.summary.sends).toEqual([{ ...DRESS_SENT, garment: "messages:garment.dress", count: 1 }]);
    expect(wordsFor("en")(String(preview.summary.sends[0]?.garment))).toBe("Dress");
    const started = await respond(
      routes.bulkRun as RouteFunction,
      await postFormAs(SHOP, "/app/runs/new", { intent: "start", requestKey: "garment-bulk-run-page", ...fields }),
    );
    expect(started.status).toBe(302);
    expectDress(await sentFor({ runRequestKey: "garment-bulk-run-page" }));
  });
});
