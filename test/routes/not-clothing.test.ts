/**
 * What is not clothing is never rendered by default, on every path that spends credits, and a product the app
 * cannot place waits for staff to choose (issue 26 point 2). The decision is the same one everywhere
 * (app/catalog/garment-decision.ts); these tests prove each entry point asks it and spends nothing on a bag.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wordsFor } from "~/i18n/words.server";
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

const SHOP = "not-clothing.myshopify.com";
const BAG_CATEGORY = {
  id: "gid://shopify/TaxonomyCategory/aa-5-4",
  fullName: "Apparel & Accessories > Handbags, Wallets & Cases > Handbags",
};

interface Summary {
  garment: { kind: string; sentence: string; choices: Array<{ value: string; label: string }> } | null;
  looks: Array<{ sends: unknown; problem: string | null }>;
}

describe("products that are not clothing, and products the app cannot place", () => {
  let app: MerchantApp;
  let bagId: string;
  let palermoId: string;
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
    await app.installShop(SHOP);
    await app.saveServiceKey(SHOP, { defaults: DEFAULT_LOOK });
    const store = app.fake.store;
    bagId = store.addProduct(SHOP, { title: "Canvas Tote", category: BAG_CATEGORY, images: [{ alt: "Front" }] }).id;
    palermoId = store.addProduct(SHOP, {
      title: "The Palermo",
      productType: "Clothing",
      images: [{ alt: "Front" }],
    }).id;
    const tee = store.addProduct(SHOP, { title: "Cotton tee", images: [{ alt: "Front" }] }).id;
    collectionId = store.addCollection(SHOP, { title: "Mixed", productIds: [bagId, palermoId, tee] }).id;
  });
  afterAll(async () => app?.close());

  const renderCount = () => app.database.prisma.render.count({ where: { shop: SHOP } });

  it("product action: words the decision, the garments and the look in the dialog's language (ADR 094)", async () => {
    const path = `/api/product-summary?productId=${encodeURIComponent(bagId)}`;
    const german = await jsonOf<Summary & { looks: Array<{ name: string }> }>(
      await respond(routes.summary!, await getAs(SHOP, `${path}&locale=de`)),
    );
    expect(german.garment?.sentence).toBe(
      "Eine Tasche, laut Produktkategorie in Shopify: Handbags: keine Kleidung, daher wird kein Model-Shot erstellt, es sei denn, du wählst ein Kleidungsstück.",
    );
    expect(german.garment?.choices.find((choice) => choice.value === "dress")?.label).toBe("Kleid");
    expect(german.looks[0]?.name).toBe("Standard-Look");
    // A language the app has no words for, or none named (an older bundle): English, never a key.
    const unknown = await jsonOf<Summary>(await respond(routes.summary!, await getAs(SHOP, `${path}&locale=xx`)));
    expect(unknown.garment?.sentence).toMatch(/^A bag, from the product's category/);
    // The pseudo-locale only outside production, as the pages have it.
    const pseudo = await jsonOf<Summary>(await respond(routes.summary!, await getAs(SHOP, `${path}&locale=⟦éñ⟧`)));
    expect(pseudo.garment?.sentence).toMatch(/^⟦⟦Å bàg⟧, fröm/);
  });

  it("product action: says the bag is not clothing and where it read that, and queues nothing without a choice", async () => {
    const summary = await jsonOf<Summary>(
      await respond(routes.summary!, await getAs(SHOP, `/api/product-summary?productId=${encodeURIComponent(bagId)}`)),
    );
    expect(summary.garment).toMatchObject({
      kind: "not_clothing",
      sentence:
        "A bag, from the product's category in Shopify: Handbags: not clothing, so no model shot is made unless you choose a garment.",
    });
    expect(summary.garment?.choices.map((choice) => choice.value)).toContain("top");
    expect(summary.looks[0]).toMatchObject({ sends: null });

    const refused = await respond(
      routes.renders!,
      await postJsonAs(SHOP, "/api/renders", { productId: bagId, requestKey: "bag-action-1" }),
    );
    expect(refused.status).toBe(400);
    expect((await jsonOf<{ fieldErrors: Record<string, string> }>(refused)).fieldErrors.garment).toMatch(/A bag/);
    expect(await renderCount()).toBe(0);

    // Staff insist: the product action sends the garment they chose, and the summary shows what it would send.
    const insisted = await jsonOf<Summary>(
      await respond(
        routes.summary!,
        await getAs(SHOP, `/api/product-summary?productId=${encodeURIComponent(bagId)}&garment=top`),
      ),
    );
    expect(insisted.garment).toMatchObject({ kind: "garment", sentence: "Top, as you chose." });
    const queued = await respond(
      routes.renders!,
      await postJsonAs(SHOP, "/api/renders", { productId: bagId, requestKey: "bag-action-2", garment: "top" }),
    );
    expect(queued.status).toBe(200);
    expect(await renderCount()).toBe(1);
    await app.database.prisma.render.deleteMany({ where: { shop: SHOP } });
  });

  it("Generate page: starts a bag with no garment, says why, and refuses to render it unless staff choose one", async () => {
    const page = await jsonOf<{ garment: { kind: string; sentence: string }; initialOptions: { productType: string } }>(
      await respond(routes.generateLoader!, await getAs(SHOP, `/app/generate?productId=${encodeURIComponent(bagId)}`)),
    );
    expect(page.garment.kind).toBe("not_clothing");
    expect(page.initialOptions.productType).toBe("");
    const media = app.fake.store.shop(SHOP).products.get(bagId)?.mediaIds[0] ?? "";
    const fields = {
      intent: "generate",
      productId: bagId,
      frontMediaId: media,
      candidates: "1",
      ...OPTION_FIELDS,
      productType: "top",
    };
    const refused = await respond(
      routes.generate!,
      await postFormAs(SHOP, "/app/generate", { ...fields, requestKey: "bag-generate-1" }),
    );
    expect(refused.status).toBe(400);
    const fieldError = (await jsonOf<{ fieldErrors: Record<string, string> }>(refused)).fieldErrors.productType ?? "";
    expect(wordsFor("en")(fieldError)).toMatch(/^Choose a garment for this product\. A bag, from/);
    expect(await renderCount()).toBe(0);
    const insisted = await respond(
      routes.generate!,
      await postFormAs(SHOP, "/app/generate", { ...fields, requestKey: "bag-generate-2", insistGarment: "top" }),
    );
    expect(insisted.status).toBe(200);
    expect(await renderCount()).toBe(1);
    await app.database.prisma.render.deleteMany({ where: { shop: SHOP } });
  });

  it("bulk actions: skip the bag with its reason, leave the unplaced product out, and start a run of the tee only", async () => {
    const scope = { kind: "collection", collectionId };
    const preview = await jsonOf<{
      summary: {
        eligibleCount: number;
        skipped: Array<{ title: string; reasonText: string }>;
        needsChoice: Array<{ title: string }>;
      };
    }>(await respond(routes.preview!, await postJsonAs(SHOP, "/api/run-preview", { scope })));
    expect(preview.summary.eligibleCount).toBe(1);
    expect(preview.summary.skipped.map((skip) => skip.title)).toEqual(["Canvas Tote"]);
    expect(preview.summary.needsChoice.map((product) => product.title)).toEqual(["The Palermo"]);

    const started = await respond(
      routes.runs!,
      await postJsonAs(SHOP, "/api/runs", {
        scope,
        requestKey: "mixed-run-1",
        garmentChoices: { [palermoId]: "dress" },
      }),
    );
    expect(started.status).toBe(200);
    const renders = await app.database.prisma.render.findMany({
      where: { shop: SHOP },
      select: { productTitle: true },
    });
    expect(renders.map((render) => render.productTitle).sort()).toEqual(["Cotton tee", "The Palermo"]);
  });
});
