import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getAs,
  jsonOf,
  OPTION_FIELDS,
  postFormAs,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";
import { wordsFor } from "~/i18n/words.server";

// Sentences from below the screens are message keys; these read them in English through the messages file.
const english = wordsFor("en");

const SHOP = "generate-a.myshopify.com";
const OTHER = "generate-b.myshopify.com";

interface ProductView {
  kind: "product";
  product: { id: string; title: string };
  photos: Array<{ mediaId: string; url: string; alt: string | null }>;
  defaultFrontMediaId: string;
  defaultBackMediaId: string | null;
  initialOptions: Record<string, unknown>;
  looks: Array<{ id: string; name: string }>;
  catalog: { ok: boolean };
}

describe("Generate for a product", () => {
  let app: MerchantApp;
  let loader: RouteFunction;
  let action: RouteFunction;
  let productId: string;
  let view: ProductView;

  beforeAll(async () => {
    app = await startMerchantApp({ simulator: true });
    ({ loader, action } = await import("~/routes/app.generate/route"));
    await app.installShop(SHOP);
    await app.installShop(OTHER);
    await app.saveServiceKey(SHOP);
    const product = app.fake.store.addProduct(SHOP, {
      title: "Linen shirt",
      productType: "Dress Shirts",
      images: [{ alt: "Back of the shirt" }, { alt: "Front of the shirt" }, { alt: "Detail" }],
      variants: [{ title: "S" }, { title: "M" }],
    });
    productId = product.id;
    view = await jsonOf<ProductView>(
      await respond(loader, await getAs(SHOP, `/app/generate?productId=${productId.split("/").pop()}`)),
    );
  });
  afterAll(async () => app?.close());

  const generate = async (shop: string, fields: Record<string, string>) =>
    respond(
      action,
      await postFormAs(shop, "/app/generate", {
        intent: "generate",
        productId,
        requestKey: "key-generate-0001",
        frontMediaId: view.defaultFrontMediaId,
        backMediaId: view.defaultBackMediaId ?? "",
        ...OPTION_FIELDS,
        ...fields,
      }),
    );

  it("asks for a product when none is given, and says when it does not exist", async () => {
    expect(await jsonOf(await respond(loader, await getAs(SHOP, "/app/generate")))).toEqual({ kind: "pick" });
    expect(await jsonOf(await respond(loader, await getAs(SHOP, "/app/generate?productId=999999")))).toMatchObject({
      kind: "not_found",
    });
  });

  it("shows the product's photos with front and back chosen, the catalog, and options guessed from the product type", () => {
    expect(view.kind).toBe("product");
    expect(view.photos).toHaveLength(3);
    const front = view.photos.find((photo) => photo.mediaId === view.defaultFrontMediaId);
    const back = view.photos.find((photo) => photo.mediaId === view.defaultBackMediaId);
    expect(front?.alt).toBe("Front of the shirt");
    expect(back?.alt).toBe("Back of the shirt");
    expect(view.catalog.ok).toBe(true);
    expect(view.initialOptions).toMatchObject({
      productType: "top",
      productCategory: "shirt",
      mannequinId: expect.any(String),
      poseId: expect.any(String),
    });
  });

  it("names every invalid field and creates nothing", async () => {
    const response = await generate(SHOP, {
      requestKey: "bad key!",
      mannequinId: "",
      resolution: "8K",
      userInstruction: "x".repeat(1001),
      frontMediaId: "",
    });
    expect(response.status).toBe(400);
    const { fieldErrors } = await jsonOf<{ fieldErrors: Record<string, string> }>(response);
    expect(Object.keys(fieldErrors).sort()).toEqual([
      "frontMediaId",
      "mannequinId",
      "requestKey",
      "resolution",
      "userInstruction",
    ]);
    expect(await app.database.prisma.render.count()).toBe(0);
  });

  it("refuses a photo that is not the product's and ids the catalog does not list", async () => {
    const response = await generate(SHOP, {
      frontMediaId: "gid://shopify/MediaImage/1",
      mannequinId: "mnq_nobody",
      requestKey: "key-generate-0002",
    });
    expect(response.status).toBe(400);
    const { fieldErrors } = await jsonOf<{ fieldErrors: Record<string, string> }>(response);
    expect(fieldErrors.frontMediaId).toBe("generate:errors.frontNotOnProduct");
    expect(english(fieldErrors.mannequinId ?? "")).toMatch(/not in the try-on catalog/);
    expect(await app.database.prisma.render.count()).toBe(0);
  });

  it("queues one render per request key: a double click or a retry returns the same render", async () => {
    const first = await generate(SHOP, {});
    expect(first.status).toBe(200);
    const created = await jsonOf<{ ok: boolean; renderId: string; created: boolean }>(first);
    expect(created).toMatchObject({ ok: true, created: true });
    const again = await jsonOf<{ renderId: string; created: boolean }>(await generate(SHOP, {}));
    expect(again).toMatchObject({ renderId: created.renderId, created: false });
    const renders = await app.database.prisma.render.findMany({ where: { shop: SHOP } });
    expect(renders).toHaveLength(1);
    const front = view.photos.find((photo) => photo.mediaId === view.defaultFrontMediaId);
    expect(renders[0]).toMatchObject({ productId, state: "queued", creditsCost: 5, requestKey: "key-generate-0001" });
    expect(renders[0]?.sourceImages).toMatchObject({ front: [front?.url] });
  });

  it("queues 3 candidates side by side in one request, once per request key, and refuses 0 or 5", async () => {
    for (const candidates of ["0", "5", "two", "2.5"]) {
      const refused = await generate(SHOP, { requestKey: "key-generate-candidates-bad", candidates });
      expect(refused.status).toBe(400);
      const { fieldErrors } = await jsonOf<{ fieldErrors: Record<string, string> }>(refused);
      expect(english(fieldErrors.candidates ?? "")).toBe("Choose between 1 and 4 candidates per product.");
    }
    const before = await app.database.prisma.render.count({ where: { shop: SHOP } });
    expect(before).toBe(1);

    const first = await jsonOf<{ renderId: string; renderCount: number; created: boolean; message: string }>(
      await generate(SHOP, { requestKey: "key-generate-candidates", candidates: "3" }),
    );
    expect(first).toMatchObject({ created: true, renderCount: 3 });
    // Messages travel as keys with their figures; the page words them in the staff member's language.
    expect(first.message).toBe("generate:done.candidatesQueued?count=3");
    const again = await jsonOf<{ renderId: string; created: boolean }>(
      await generate(SHOP, { requestKey: "key-generate-candidates", candidates: "3" }),
    );
    expect(again).toMatchObject({ renderId: first.renderId, created: false });

    const made = await app.database.prisma.render.findMany({
      where: { shop: SHOP, candidateGroup: { not: null } },
      orderBy: { candidateIndex: "asc" },
    });
    expect(made).toHaveLength(3);
    expect(new Set(made.map((render) => render.candidateGroup)).size).toBe(1);
    expect(made.map((render) => render.candidateIndex)).toEqual([1, 2, 3]);
    // Each candidate is its own render and charge, with the same product, photos and options.
    expect(made.map((render) => render.creditsCost)).toEqual([5, 5, 5]);
    expect(made.map((render) => render.requestKey)).toEqual(["key-generate-candidates", null, null]);
    expect(new Set(made.map((render) => JSON.stringify([render.productId, render.params, render.lookKey]))).size).toBe(
      1,
    );
    expect(await app.database.prisma.render.count({ where: { shop: SHOP } })).toBe(before + 3);
  });

  it("saves a look, lists it, and lets only its shop delete it", async () => {
    const saved = await respond(
      action,
      await postFormAs(SHOP, "/app/generate", { intent: "save-look", lookName: "Summer 2026", ...OPTION_FIELDS }),
    );
    expect(saved.status).toBe(200);
    const { look } = await jsonOf<{ look: { id: string; name: string } }>(saved);
    const page = await jsonOf<ProductView>(
      await respond(loader, await getAs(SHOP, `/app/generate?productId=${productId}`)),
    );
    expect(page.looks.map((item) => item.name)).toEqual(["Summer 2026"]);

    const nameless = await respond(
      action,
      await postFormAs(SHOP, "/app/generate", { intent: "save-look", lookName: " ", ...OPTION_FIELDS }),
    );
    expect(english((await jsonOf<{ fieldErrors: Record<string, string> }>(nameless)).fieldErrors.lookName ?? "")).toBe(
      "Give the look a name.",
    );

    const foreign = await respond(
      action,
      await postFormAs(OTHER, "/app/generate", { intent: "delete-look", lookId: look.id }),
    );
    expect(foreign.status).toBe(400);
    expect(await app.database.prisma.look.count({ where: { shop: SHOP } })).toBe(1);
    expect(
      (await respond(action, await postFormAs(SHOP, "/app/generate", { intent: "delete-look", lookId: look.id })))
        .status,
    ).toBe(200);
    expect(await app.database.prisma.look.count()).toBe(0);
  });

  it("cannot render another shop's product", async () => {
    const response = await generate(OTHER, { requestKey: "key-generate-other" });
    expect(response.status).toBe(400);
    expect((await jsonOf<{ formError: string }>(response)).formError).toBe("generate:errors.productGone");
    expect(await app.database.prisma.render.count({ where: { shop: OTHER } })).toBe(0);
  });
});
