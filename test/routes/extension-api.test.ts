import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wordedAnswer } from "~/i18n/words.server";
import { badSessionTokenRequest, sessionTokenRequest } from "../../harness/shopify-requests";
import { variantColourOf } from "~/renders/lifecycle/variant-colour";
import { createI18n } from "~/i18n/i18n-instance";
import { translationsFor } from "~/i18n/resources.server";
import { translateMessage } from "~/i18n/translate-message";
import type { ListingProgress } from "~/renders/runs/plan-scope.server";
import { listingWords } from "~/routes/app.runs.new/bulk-run-listing";
import {
  DEFAULT_LOOK,
  jsonOf,
  OPTION_FIELDS,
  postFormAs,
  postJsonAs,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";
import { wordsFor } from "~/i18n/words.server";
import { pauseShop, resumeShop } from "~/shops/pause.server";

const english = wordsFor("en");

const SHOP = "api-a.myshopify.com";
const OTHER = "api-b.myshopify.com";
/** A shop of its own for one shot per colour and large collections: the counts above stay the first shop's. */
const COLOURS = "api-c.myshopify.com";
const CREDITS_PER_RENDER = 5;
// Just over .env.example's BULK_RUN_LIST_INLINE_UP_TO (250): read in the background (ADR 055).
const LARGE_COLLECTION = 260;
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
    summary = (await import("~/routes/api.product-summary/route")).loader;
    renders = (await import("~/routes/api.renders/route")).action;
    preview = (await import("~/routes/api.run-preview/route")).action;
    runs = (await import("~/routes/api.runs/route")).action;
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

  it("says why the shop is paused in the dialog's language, the service's own words not shown", async () => {
    await pauseShop(app.database.prisma, { shop: SHOP, reason: "out_of_credits", at: new Date(), detail: "balance 0" });
    try {
      const path = `/api/product-summary?productId=${encodeURIComponent(productIds[0] ?? "")}`;
      const inGerman = await jsonOf<{ paused: string }>(await respond(summary, await get(SHOP, `${path}&locale=de`)));
      expect(inGerman.paused).toBe(wordsFor("de")("messages:paused.out_of_credits"));
      expect(inGerman.paused).not.toBe(english("messages:paused.out_of_credits"));
      const inEnglish = await jsonOf<{ paused: string }>(await respond(summary, await get(SHOP, path)));
      expect(inEnglish.paused).toBe(
        "The try-on service account has run out of credits. Add credits, then resume from the home page.",
      );
    } finally {
      await resumeShop(app.database.prisma, SHOP);
    }
    expect(
      (
        await jsonOf<{ paused: unknown }>(
          await respond(
            summary,
            await get(SHOP, `/api/product-summary?productId=${encodeURIComponent(productIds[0] ?? "")}`),
          ),
        )
      ).paused,
    ).toBeNull();
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

  it("tells the product action where its renders are, only this shop's, and refuses a request naming none", async () => {
    const statusRoute = (await import("~/routes/api.render-status/route")).loader;
    const [mine] = await app.database.prisma.render.findMany({ where: { shop: SHOP }, take: 1 });
    expect(mine).toBeDefined();
    const ask = async (shop: string, query: string) =>
      respond(statusRoute, await get(shop, `/api/render-status?${query}`));
    const own = await jsonOf<{ renders: Array<{ id: string; stage: string }>; settled: boolean }>(
      await ask(SHOP, `ids=${mine!.id}`),
    );
    expect(own).toMatchObject({ ok: true, renders: [{ id: mine!.id, stage: "waiting" }], settled: false });
    await app.database.prisma.render.update({ where: { id: mine!.id }, data: { state: "in_review" } });
    expect(await jsonOf(await ask(SHOP, `ids=${mine!.id}`))).toMatchObject({
      renders: [{ stage: "in_review" }],
      settled: true,
    });
    // Another shop asking for the same id learns nothing.
    expect(await jsonOf(await ask(OTHER, `ids=${mine!.id}`))).toMatchObject({ ok: true, renders: [], settled: false });
    const none = await ask(SHOP, "ids=");
    expect(none.status).toBe(400);
    expect(await jsonOf(await ask(SHOP, "ids=&locale=de"))).toMatchObject({
      error: "Gib die Renderings an, die verfolgt werden sollen.",
    });
  });

  describe("one shot per colour and large collections, from the bulk actions", () => {
    let bulkPage: RouteFunction;
    let teeId: string;
    let colourCollection: string;
    let largeCollection: string;
    let overCapCollection: string;

    beforeAll(async () => {
      bulkPage = (await import("~/routes/app.runs.new/route")).action;
      await app.installShop(COLOURS);
      await app.saveServiceKey(COLOURS, { defaults: DEFAULT_LOOK });
      const store = app.fake.store;
      const colour = (value: string, size: string) => [
        { name: "Color", value },
        { name: "Size", value: size },
      ];
      // As in colour-variants.test.ts: red and blue show photos of their own, green none (not rendered).
      teeId = store.addProduct(COLOURS, {
        title: "Colour tee",
        productType: "T-Shirts",
        images: [
          { filename: "colour-tee.jpg", alt: "Colour tee" },
          { filename: "colour-tee-red.jpg", alt: "Colour tee" },
          { filename: "colour-tee-blue.jpg", alt: "Colour tee" },
        ],
        variants: [
          { title: "Red / S", selectedOptions: colour("Red", "S"), imageIndex: 1 },
          { title: "Blue / S", selectedOptions: colour("Blue", "S"), imageIndex: 2 },
          { title: "Green / S", selectedOptions: colour("Green", "S") },
        ],
      }).id;
      // Colours, but no variant shows a photo: one shot from the product's photos.
      const plainDress = store.addProduct(COLOURS, {
        title: "Plain dress",
        productType: "Dresses",
        images: [{ filename: "plain-dress.jpg", alt: "Plain dress" }],
        variants: [
          { title: "Black", selectedOptions: [{ name: "Colour", value: "Black" }] },
          { title: "White", selectedOptions: [{ name: "Colour", value: "White" }] },
        ],
      }).id;
      const plainTee = store.addProduct(COLOURS, { title: "Plain tee", images: [{ alt: "Front" }] }).id;
      colourCollection = store.addCollection(COLOURS, {
        title: "Colours",
        productIds: [teeId, plainDress, plainTee],
      }).id;
      const many = (count: number, title: string) =>
        Array.from({ length: count }, (_, i) => store.addProduct(COLOURS, { title: `${title} ${i + 1}` }).id);
      largeCollection = store.addCollection(COLOURS, {
        title: "Whole catalog",
        productIds: many(LARGE_COLLECTION, "Catalog tee"),
      }).id;
      overCapCollection = store.addCollection(COLOURS, { title: "Hundred and one", productIds: many(101, "Tee") }).id;
    });

    const post = async (route: RouteFunction, path: string, body: Record<string, unknown>) =>
      respond(route, await postJsonAs(COLOURS, path, body));
    /** What this shop has queued: a refused or preview-only request changes neither. */
    const created = async () => ({
      runs: await app.database.prisma.run.count({ where: { shop: COLOURS } }),
      renders: await app.database.prisma.render.count({ where: { shop: COLOURS } }),
    });

    type Summary = {
      eligibleCount: number;
      productCount: number;
      renderCount: number;
      estimateCredits: number;
      colours?: { renders: number; products: number; notes: Array<{ title: string; text: string }> };
    };

    it("says a large collection's progress in the bulk-run page's words while Shopify exports it, counts kept", async () => {
      const before = await created();
      const scope = { kind: "collection", collectionId: largeCollection };
      const response = await post(preview, "/api/run-preview?locale=en", { scope });
      expect(response.status).toBe(200);
      const body = await jsonOf<{ listing: Record<string, unknown>; summary?: unknown }>(response);
      expect(body.listing).toEqual({
        // What extension bundles older than the words read.
        scopeTitle: "Whole catalog",
        listed: 0,
        expected: LARGE_COLLECTION,
        phase: "exporting",
        exported: 0,
        sentence: `"Whole catalog" is a large collection: Shopify is preparing an export of its ${LARGE_COLLECTION} products.`,
        detail:
          "Shopify exports large collections in the background, in seconds to a few minutes. You can leave this page; the preview is ready when you come back.",
      });
      expect(body.summary).toBeUndefined();

      // The worker has Shopify's export under way, then stores what it exported: the words follow, with a bar.
      const where = { shop_collectionId: { shop: COLOURS, collectionId: largeCollection } };
      await app.database.prisma.collectionListing.update({
        where,
        data: { bulkStatus: "RUNNING", bulkObjects: 1_234 },
      });
      expect(
        (await jsonOf<{ listing: unknown }>(await post(preview, "/api/run-preview", { scope }))).listing,
      ).toMatchObject({
        sentence: `"Whole catalog" is a large collection: Shopify is exporting its products, 1,234 items so far (products and their photos).`,
      });
      await app.database.prisma.collectionListing.update({ where, data: { listed: 130 } });
      const storing = await jsonOf<{ listing: Record<string, unknown> }>(
        await post(preview, "/api/run-preview", { scope }),
      );
      expect(storing.listing).toMatchObject({
        listed: 130,
        expected: LARGE_COLLECTION,
        sentence: `"Whole catalog" is a large collection: reading its products from Shopify, 130 of ${LARGE_COLLECTION} so far.`,
        progress: 50,
      });
      // The page words the same listing from the same keys (its browser code calls listingWords on what it gets).
      const page = await jsonOf<{ listing: ListingProgress }>(
        await respond(
          bulkPage,
          await postFormAs(COLOURS, "/app/runs/new", {
            intent: "preview",
            scopeKind: "collection",
            collectionId: largeCollection,
            ...OPTION_FIELDS,
          }),
        ),
      );
      const { t } = createI18n("en", translationsFor("en"));
      expect(storing.listing).toEqual({
        ...page.listing,
        ...listingWords((message) => translateMessage(t, message, "en"), page.listing),
      });
      expect(await created()).toEqual(before);
    });

    it("says a large collection's progress in the dialog's language, from the locale files' bulkRun listing keys", async () => {
      const scope = { kind: "collection", collectionId: largeCollection };
      const ask = async (locale: string) =>
        (
          await jsonOf<{ listing: Record<string, unknown> }>(
            await post(preview, `/api/run-preview?locale=${locale}`, { scope }),
          )
        ).listing;
      // The German words of bulkRun.json's listing keys, filled in as German writes numbers.
      const german = JSON.parse(readFileSync("app/i18n/locales/de/bulkRun.json", "utf8")) as {
        listing: Record<string, string>;
      };
      const fill = (template: string | undefined, values: Record<string, string>) =>
        Object.entries(values).reduce((text, [name, value]) => text.replace(`{{${name}}}`, value), template ?? "");
      // Asking starts the listing (or finds the one an earlier test started) before Shopify's export has begun.
      await ask("de");
      await app.database.prisma.collectionListing.update({
        where: { shop_collectionId: { shop: COLOURS, collectionId: largeCollection } },
        data: { bulkStatus: "CREATED", bulkObjects: 0, listed: 0 },
      });
      expect(await ask("de")).toMatchObject({
        sentence: fill(german.listing.preparing, { title: "Whole catalog", expected: String(LARGE_COLLECTION) }),
        detail: german.listing.exportingDetail,
      });
      await app.database.prisma.collectionListing.update({
        where: { shop_collectionId: { shop: COLOURS, collectionId: largeCollection } },
        data: { bulkStatus: "RUNNING", bulkObjects: 1_234 },
      });
      const asked = { listing: await ask("de") };
      expect(asked.listing).toMatchObject({
        exported: 1_234,
        sentence: fill(german.listing.exporting, { title: "Whole catalog", exported: "1.234" }),
        detail: german.listing.exportingDetail,
      });
      expect(asked.listing.sentence).toMatch(/^„Whole catalog“ ist eine große Kollektion: .*1\.234/);
      // The same answer in English, from the English file.
      expect((await ask("en")).sentence).toBe(
        `"Whole catalog" is a large collection: Shopify is exporting its products, 1,234 items so far (products and their photos).`,
      );
    });

    it("counts colours in the preview when asked, as the bulk-run page plans them, and not otherwise", async () => {
      const before = await created();
      const scope = { kind: "collection", collectionId: colourCollection };
      const perColour = await jsonOf<{ summary: Summary }>(
        await post(preview, "/api/run-preview", { scope, perColour: true, candidates: 2 }),
      );
      // Red and blue of the tee, the dress once from its photo, the plain tee once; two candidates of each.
      expect(perColour.summary).toMatchObject({
        eligibleCount: 4,
        productCount: 3,
        renderCount: 8,
        estimateCredits: 8 * CREDITS_PER_RENDER,
        colours: { renders: 2, products: 1 },
      });
      expect(perColour.summary.colours?.notes.map((note) => note.title)).toEqual(["Colour tee", "Plain dress"]);
      expect(perColour.summary.colours?.notes[1]?.text).toBe(
        "None of the Colour values (Black, White) has a photo of its own, so one shot is made from the product's photos and added to no variant.",
      );
      const page = await jsonOf<{ summary: Summary }>(
        await respond(
          bulkPage,
          await postFormAs(COLOURS, "/app/runs/new", {
            intent: "preview",
            scopeKind: "collection",
            collectionId: colourCollection,
            perColour: "on",
            candidates: "2",
            ...OPTION_FIELDS,
          }),
        ),
      );
      // The page words its messages itself; the API words them for the dialog (English without a locale).
      expect(perColour.summary.colours).toEqual(wordedAnswer(page.summary.colours, "en"));
      const once = await jsonOf<{ summary: Summary }>(await post(preview, "/api/run-preview", { scope }));
      expect(once.summary).toMatchObject({ eligibleCount: 3, renderCount: 3, estimateCredits: 3 * CREDITS_PER_RENDER });
      expect(once.summary.colours).toBeUndefined();
      expect(await created()).toEqual(before);
    });

    it("starts a run with one render per colour, each on its colour's variants", async () => {
      const start = { scope: { kind: "collection", collectionId: colourCollection }, requestKey: "ext-colours-run-1" };
      const answer = await jsonOf<{ ok: boolean; runId: string; estimateCredits: number }>(
        await post(runs, "/api/runs", { ...start, perColour: true }),
      );
      expect(answer).toMatchObject({ ok: true, estimateCredits: 4 * CREDITS_PER_RENDER });
      const rows = await app.database.prisma.render.findMany({ where: { runId: answer.runId } });
      expect(rows).toHaveLength(4);
      const colours = rows.filter((row) => row.productId === teeId).map((row) => variantColourOf(row.variantColour));
      expect(colours.map((colour) => colour?.value).sort()).toEqual(["Blue", "Red"]);
      expect(await app.database.prisma.run.findUniqueOrThrow({ where: { id: answer.runId } })).toMatchObject({
        scope: { perColour: true },
      });
      await app.database.prisma.render.deleteMany({ where: { shop: COLOURS } });
      await app.database.prisma.run.deleteMany({ where: { shop: COLOURS } });
    });

    it("refuses one shot per colour past 100 products with the bulk-run page's sentence, creating nothing", async () => {
      const before = await created();
      const scope = { kind: "collection", collectionId: overCapCollection };
      const page = await jsonOf<{ formError: string; fieldErrors: Record<string, string> }>(
        await respond(
          bulkPage,
          await postFormAs(COLOURS, "/app/runs/new", {
            intent: "preview",
            scopeKind: "collection",
            collectionId: overCapCollection,
            perColour: "on",
            ...OPTION_FIELDS,
          }),
        ),
      );
      // The page sends message keys (it words them itself); the API answers in words (English without a locale).
      const pageWords = { error: english(page.formError), perColour: english(page.fieldErrors.perColour ?? "") };
      expect(pageWords.error).toMatch(/takes at most 100 products/);
      for (const [route, path, body] of [
        [preview, "/api/run-preview", { scope, perColour: true }],
        [runs, "/api/runs", { scope, perColour: true, requestKey: "ext-colours-over-cap" }],
      ] as const) {
        const response = await post(route, path, body);
        expect(response.status).toBe(400);
        expect(await jsonOf(response)).toMatchObject({
          ok: false,
          error: pageWords.error,
          fieldErrors: { perColour: pageWords.perColour },
        });
      }
      // Once per product, the same collection is fine.
      const once = await post(preview, "/api/run-preview", { scope });
      expect(once.status).toBe(200);
      expect(await created()).toEqual(before);
    });

    it("refuses a perColour that is not true or false, saying so, and creates nothing", async () => {
      const before = await created();
      const scope = { kind: "collection", collectionId: colourCollection };
      for (const perColour of ["yes", "on", 1, null, { colours: true }]) {
        for (const [route, path, body] of [
          [preview, "/api/run-preview", { scope, perColour }],
          [runs, "/api/runs", { scope, perColour, requestKey: "ext-colours-invalid" }],
          [renders, "/api/renders", { productId: teeId, perColour, requestKey: "ext-colours-invalid" }],
        ] as const) {
          const response = await post(route, path, body);
          expect(response.status, `${path} ${JSON.stringify(perColour)}`).toBe(400);
          expect(await jsonOf(response)).toMatchObject({
            ok: false,
            fieldErrors: { perColour: "One shot per colour must be true or false." },
          });
        }
      }
      expect(await created()).toEqual(before);
    });
  });
});
