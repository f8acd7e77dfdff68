import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badSessionTokenRequest, sessionTokenRequest } from "../../harness/shopify-requests";
import {
  DEFAULT_LOOK,
  jsonOf,
  postJsonAs,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";

const SHOP = "api-a.myshopify.com";
const OTHER = "api-b.myshopify.com";
const EXTENSION_ORIGIN = "https://extensions.shopifycdn.com";

describe("The admin extensions' API", () => {
  let app: MerchantApp;
  let summary: RouteFunction;
  let renders: RouteFunction;
  let preview: RouteFunction;
  let runs: RouteFunction;
  let productIds: string[];
  let collectionId: string;

  beforeAll(async () => {
    app = await startMerchantApp();
    summary = (await import("../../app/routes/api.product-summary/route")).loader;
    renders = (await import("../../app/routes/api.renders/route")).action;
    preview = (await import("../../app/routes/api.run-preview/route")).action;
    runs = (await import("../../app/routes/api.runs/route")).action;
    await app.installShop(SHOP);
    await app.installShop(OTHER);
    await app.saveServiceKey(SHOP, { defaults: DEFAULT_LOOK });
    productIds = [
      app.fake.store.addProduct(SHOP, { title: "Denim jacket", images: [{ alt: "Front" }, { alt: "Back" }] }).id,
      app.fake.store.addProduct(SHOP, { title: "Plain tee", images: [{ alt: "Front" }] }).id,
      app.fake.store.addProduct(SHOP, { title: "Bare", images: [] }).id,
    ];
    collectionId = app.fake.store.addCollection(SHOP, { title: "Autumn", productIds }).id;
  });
  afterAll(async () => app?.close());

  const get = (shop: string, path: string) =>
    sessionTokenRequest(path, shop, { headers: { Origin: EXTENSION_ORIGIN } });

  it("answers the extensions' preflight with CORS headers", async () => {
    const request = new Request("http://localhost:3000/api/renders", {
      method: "OPTIONS",
      headers: { Origin: EXTENSION_ORIGIN, "Access-Control-Request-Method": "POST" },
    });
    const response = await respond(renders, request);
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(response.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
  });

  it("refuses a forged or expired session token and creates nothing", async () => {
    for (const flaw of ["forged", "expired"] as const) {
      const signed = await badSessionTokenRequest("/api/renders", SHOP, flaw);
      const request = new Request(signed.url, {
        method: "POST",
        headers: signed.headers,
        body: JSON.stringify({ productId: productIds[0], requestKey: "forged-key-0001" }),
      });
      expect((await respond(renders, request)).status).toBe(401);
    }
    expect(await app.database.prisma.render.count()).toBe(0);
  });

  it("summarises a product: its photo, the looks with their cost, with CORS headers", async () => {
    const response = await respond(
      summary,
      await get(SHOP, `/api/product-summary?productId=${encodeURIComponent(productIds[0] ?? "")}`),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(await jsonOf(response)).toMatchObject({
      ok: true,
      product: { id: productIds[0], title: "Denim jacket", imageUrl: expect.stringContaining("http") },
      looks: [{ id: null, name: "Default look", credits: 5 }],
      problem: null,
      reviewPath: expect.stringContaining("/app/review?productId="),
    });
    const bare = await jsonOf<{ problem: string }>(
      await respond(
        summary,
        await get(SHOP, `/api/product-summary?productId=${encodeURIComponent(productIds[2] ?? "")}`),
      ),
    );
    expect(bare.problem).toMatch(/no photo/);
    const invalid = await respond(summary, await get(SHOP, "/api/product-summary?productId=shirt"));
    expect(invalid.status).toBe(400);
  });

  it("tells a shop without a key or defaults what to set up first", async () => {
    const response = await respond(
      summary,
      await get(OTHER, `/api/product-summary?productId=${encodeURIComponent(productIds[0] ?? "")}`),
    );
    // OTHER's store does not have SHOP's product.
    expect(response.status).toBe(404);
    const own = app.fake.store.addProduct(OTHER, { title: "Scarf", images: [{ alt: "Front" }] });
    const answer = await jsonOf<{ problem: string }>(
      await respond(summary, await get(OTHER, `/api/product-summary?productId=${encodeURIComponent(own.id)}`)),
    );
    expect(answer.problem).toMatch(/try-on service key/);
  });

  it("validates the create body with zod and names the fields", async () => {
    const notJson = await respond(renders, await postJsonAs(SHOP, "/api/renders", "{nope"));
    expect(notJson.status).toBe(400);
    const response = await respond(renders, await postJsonAs(SHOP, "/api/renders", { productId: "jacket" }));
    expect(response.status).toBe(400);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const body = await jsonOf<{ ok: boolean; fieldErrors: Record<string, string> }>(response);
    expect(body.ok).toBe(false);
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["productId", "requestKey"]);
    expect(await app.database.prisma.render.count()).toBe(0);
  });

  it("creates one render per request key with the default look", async () => {
    const body = { productId: productIds[0], requestKey: "ext-render-key-1" };
    const first = await jsonOf<{ ok: boolean; renderId: string; created: boolean; reviewPath: string }>(
      await respond(renders, await postJsonAs(SHOP, "/api/renders", body)),
    );
    expect(first).toMatchObject({ ok: true, created: true });
    const second = await jsonOf<{ renderId: string; created: boolean }>(
      await respond(renders, await postJsonAs(SHOP, "/api/renders", body)),
    );
    expect(second).toMatchObject({ renderId: first.renderId, created: false });
    const rows = await app.database.prisma.render.findMany({ where: { shop: SHOP } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ productId: productIds[0], state: "queued", creditsCost: 5 });
    expect(rows[0]?.sourceImages).toMatchObject({ back: expect.any(String) });
  });

  it("creates candidates from the product action, refusing a count outside 1-4", async () => {
    const refused = await respond(
      renders,
      await postJsonAs(SHOP, "/api/renders", {
        productId: productIds[1],
        requestKey: "ext-candidates-1",
        candidates: 7,
      }),
    );
    expect(refused.status).toBe(400);
    expect((await jsonOf<{ fieldErrors: Record<string, string> }>(refused)).fieldErrors.candidates).toMatch(/1 and 4/);
    const body = { productId: productIds[1], requestKey: "ext-candidates-1", candidates: 2 };
    const first = await jsonOf<{ renderId: string; renderIds: string[]; created: boolean }>(
      await respond(renders, await postJsonAs(SHOP, "/api/renders", body)),
    );
    expect(first).toMatchObject({ created: true });
    expect(first.renderIds).toHaveLength(2);
    const again = await jsonOf<{ renderIds: string[]; created: boolean }>(
      await respond(renders, await postJsonAs(SHOP, "/api/renders", body)),
    );
    expect(again).toMatchObject({ created: false, renderIds: first.renderIds });
    const rows = await app.database.prisma.render.findMany({ where: { shop: SHOP, productId: productIds[1] } });
    expect(rows.map((row) => row.candidateIndex).sort()).toEqual([1, 2]);
    // The rest of this file counts the product action's first render only.
    await app.database.prisma.render.deleteMany({ where: { id: { in: first.renderIds } } });
  });

  it("previews and starts a bulk run for a selection and for a collection, once per request key", async () => {
    const selection = { kind: "products", productIds };
    const previewed = await jsonOf<{
      ok: boolean;
      summary: { eligibleCount: number; skippedCount: number; estimateCredits: number };
    }>(await respond(preview, await postJsonAs(SHOP, "/api/run-preview", { scope: selection })));
    // The jacket already has a queued render, not an approved one, so it is still eligible.
    expect(previewed.summary).toMatchObject({ eligibleCount: 2, skippedCount: 1, estimateCredits: 10 });

    const badScope = await respond(
      preview,
      await postJsonAs(SHOP, "/api/run-preview", { scope: { kind: "products", productIds: [] } }),
    );
    expect(badScope.status).toBe(400);
    expect((await jsonOf<{ fieldErrors: Record<string, string> }>(badScope)).fieldErrors["scope.productIds"]).toMatch(
      /at least one/,
    );

    const start = { scope: { kind: "collection", collectionId }, requestKey: "ext-run-key-1", budgetCredits: 100 };
    const first = await jsonOf<{ ok: boolean; runId: string; created: boolean; runPath: string }>(
      await respond(runs, await postJsonAs(SHOP, "/api/runs", start)),
    );
    expect(first).toMatchObject({ ok: true, created: true, runPath: `/app/runs/${first.runId}` });
    const again = await jsonOf<{ runId: string; created: boolean }>(
      await respond(runs, await postJsonAs(SHOP, "/api/runs", start)),
    );
    expect(again).toMatchObject({ runId: first.runId, created: false });
    expect(await app.database.prisma.run.count()).toBe(1);
    expect(await app.database.prisma.render.count({ where: { runId: first.runId } })).toBe(2);
    expect(await app.database.prisma.run.findUniqueOrThrow({ where: { id: first.runId } })).toMatchObject({
      scope: { title: "Autumn" },
      budgetCredits: 100,
    });
  });

  it("does not let another shop start a run over this shop's collection", async () => {
    const response = await respond(
      runs,
      await postJsonAs(OTHER, "/api/runs", {
        scope: { kind: "collection", collectionId },
        requestKey: "ext-run-key-2",
      }),
    );
    expect(response.status).toBe(400);
    expect(await app.database.prisma.run.count({ where: { shop: OTHER } })).toBe(0);
  });
});
