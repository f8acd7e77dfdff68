import sharp from "sharp";
import { wordsFor } from "~/i18n/words.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lookKeyOf } from "~/renders/lifecycle/queue-renders.server";
import { renderOptionsFormSchema } from "~/web/render-options-form";
import { seedRenders } from "../../harness/render-fixtures";
import {
  DEFAULT_LOOK,
  getAs,
  jsonOf,
  OPTION_FIELDS,
  postFormAs,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";

// Pages get decisions and notes as message keys (app/lib/staff-message.ts) and word them; English here.
const english = wordsFor("en");

const SHOP = "runs-a.myshopify.com";
const OTHER = "runs-b.myshopify.com";
// A GIF: the service takes only JPEG, PNG and WebP.
// A file that says it is a PNG and is not one: Shopify's CDN has no rendition of it to send.
const CORRUPT = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

interface Preview {
  ok: true;
  intent: "preview";
  summary: {
    productCount: number;
    eligibleCount: number;
    skippedCount: number;
    skipped: Array<{ title: string; reason: string; reasonText: string }>;
    creditsPerRender: number;
    estimateCredits: number;
    scopeTitle: string;
  };
}

describe("Bulk runs", () => {
  let app: MerchantApp;
  let newRun: { loader: RouteFunction; action: RouteFunction };
  let runPage: { loader: RouteFunction; action: RouteFunction };
  let runsList: { loader: RouteFunction };
  let collectionId: string;
  let approvedProductId: string;

  beforeAll(async () => {
    app = await startMerchantApp({ simulator: true });
    newRun = await import("~/routes/app.runs.new/route");
    runPage = await import("~/routes/app.runs.$runId/route");
    runsList = await import("~/routes/app.runs._index/route");
    await app.installShop(SHOP);
    await app.installShop(OTHER);
    await app.saveServiceKey(SHOP, { defaults: DEFAULT_LOOK });
    const store = app.fake.store;
    const gif = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
        .gif()
        .toBuffer(),
    );
    const products = [
      store.addProduct(SHOP, { title: "Tee 1", images: [{ alt: "Front" }] }),
      store.addProduct(SHOP, { title: "Tee 2", images: [{ alt: "Front" }, { alt: "Back" }] }),
      store.addProduct(SHOP, { title: "Tee 3", images: [{ alt: "Front" }] }),
      store.addProduct(SHOP, { title: "No photo" }),
      store.addProduct(SHOP, { title: "Animated tee", images: [{ filename: "spin.gif", alt: "Front", bytes: gif }] }),
      store.addProduct(SHOP, { title: "Tee already done", images: [{ alt: "Front" }] }),
      store.addProduct(SHOP, {
        title: "Broken tee",
        images: [{ filename: "broken.png", alt: "Front", bytes: CORRUPT }],
      }),
    ];
    approvedProductId = products[5]?.id ?? "";
    collectionId = store.addCollection(SHOP, { title: "Summer", productIds: products.map((product) => product.id) }).id;
    // An approved render of the same look: skipped unless "regenerate".
    const look = renderOptionsFormSchema.parse(OPTION_FIELDS);
    await seedRenders(app.database.prisma, SHOP, 1, {
      productId: approvedProductId,
      state: "published",
      lookKey: lookKeyOf(look),
    });
  });
  afterAll(async () => app?.close());

  const post = async (shop: string, fields: Record<string, string | string[]>) =>
    respond(
      newRun.action,
      await postFormAs(shop, "/app/runs/new", { scopeKind: "collection", collectionId, ...OPTION_FIELDS, ...fields }),
    );

  it("previews a collection: eligible count, skipped products with the reason, and the estimate", async () => {
    const response = await post(SHOP, { intent: "preview" });
    expect(response.status).toBe(200);
    const { summary } = await jsonOf<Preview>(response);
    expect(summary).toMatchObject({
      scopeTitle: "Summer",
      productCount: 7,
      // The GIF is sent as a JPEG rendition from Shopify's CDN, as every path sends it (catalog/photo-rule.ts).
      eligibleCount: 4,
      skippedCount: 3,
      creditsPerRender: 5,
      estimateCredits: 20,
    });
    const reasons = Object.fromEntries(summary.skipped.map((skip) => [skip.title, skip.reason]));
    expect(reasons).toEqual({
      "No photo": "no_image",
      "Broken tee": "image_unusable",
      "Tee already done": "already_approved",
    });
    expect(english(summary.skipped.find((skip) => skip.title === "Broken tee")?.reasonText ?? "")).toBe(
      "The photo could not be downloaded: the image could not be fetched (HTTP 422).",
    );
    // A preview changes nothing.
    expect(await app.database.prisma.run.count()).toBe(0);
  });

  it("includes products that already have the look when regenerate is chosen", async () => {
    const { summary } = await jsonOf<Preview>(await post(SHOP, { intent: "preview", regenerate: "on" }));
    expect(summary.eligibleCount).toBe(5);
  });

  it("names what is wrong with the form", async () => {
    const noScope = await respond(
      newRun.action,
      await postFormAs(SHOP, "/app/runs/new", { intent: "preview", ...OPTION_FIELDS }),
    );
    expect(noScope.status).toBe(400);
    expect((await jsonOf<{ fieldErrors: Record<string, string> }>(noScope)).fieldErrors.scope).toBeTruthy();
    const badBudget = await post(SHOP, { intent: "preview", budgetCredits: "lots", aspectRatio: "2:1" });
    expect(Object.keys((await jsonOf<{ fieldErrors: Record<string, string> }>(badBudget)).fieldErrors).sort()).toEqual([
      "aspectRatio",
      "budgetCredits",
    ]);
    const tooSmall = await post(SHOP, { intent: "preview", budgetCredits: "3" });
    expect((await jsonOf<{ fieldErrors: Record<string, string> }>(tooSmall)).fieldErrors.budgetCredits).toBe(
      "bulkRun:errors.budgetBelowRender?count=5",
    );
    const noKey = await post(SHOP, { intent: "start", budgetCredits: "10" });
    expect((await jsonOf<{ fieldErrors: Record<string, string> }>(noKey)).fieldErrors.requestKey).toBeTruthy();
    expect(await app.database.prisma.run.count()).toBe(0);
  });

  it("starts one run per request key, with its renders and budget, and opens its page", async () => {
    const first = await post(SHOP, { intent: "start", requestKey: "run-key-000001", budgetCredits: "10" });
    expect(first.status).toBe(302);
    const location = first.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/app\/runs\/\w+$/);
    const again = await post(SHOP, { intent: "start", requestKey: "run-key-000001", budgetCredits: "10" });
    expect(again.headers.get("Location")).toBe(location);
    const runs = await app.database.prisma.run.findMany({ where: { shop: SHOP } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      estimateCredits: 20,
      budgetCredits: 10,
      status: "active",
      requestKey: "run-key-000001",
    });
    expect(await app.database.prisma.render.count({ where: { runId: runs[0]?.id } })).toBe(4);
  });

  it("shows a run's progress and counts, and lets staff pause, resume and cancel it", async () => {
    const run = await app.database.prisma.run.findFirstOrThrow({ where: { shop: SHOP } });
    const rendersOfRun = await app.database.prisma.render.findMany({
      where: { runId: run.id },
      orderBy: { createdAt: "asc" },
    });
    await app.database.prisma.render.update({ where: { id: rendersOfRun[0]?.id }, data: { state: "in_review" } });
    const load = async (shop: string) =>
      respond(runPage.loader, await getAs(shop, `/app/runs/${run.id}`), { runId: run.id });
    const { run: view } = await jsonOf<{
      run: {
        heading: { key: string; params?: Record<string, unknown> };
        progress: Record<string, unknown>;
        counts: Array<{ state: string; count: number }>;
      };
    }>(await load(SHOP));
    expect(view.heading).toEqual({ key: "runs:scope.collection", params: { title: "Summer" } });
    expect(view.progress).toMatchObject({
      total: 4,
      done: 1,
      waiting: 3,
      awaitingReview: 1,
      percent: 25,
      live: true,
      statusLabel: "Running",
    });
    expect(view.counts).toEqual([
      { state: "queued", count: 3 },
      { state: "in_review", count: 1 },
    ]);

    const act = async (shop: string, intent: string) =>
      respond(runPage.action, await postFormAs(shop, `/app/runs/${run.id}`, { intent }), { runId: run.id });
    expect((await act(SHOP, "pause")).status).toBe(200);
    expect((await act(SHOP, "pause")).status).toBe(400); // already paused: said in words, not a crash
    expect((await act(SHOP, "resume")).status).toBe(200);
    expect((await act(SHOP, "explode")).status).toBe(400);
    expect((await act(SHOP, "cancel")).status).toBe(200);
    const after = await app.database.prisma.render.groupBy({
      by: ["state"],
      where: { runId: run.id },
      _count: { _all: true },
    });
    expect(Object.fromEntries(after.map((group) => [group.state, group._count._all]))).toEqual({
      cancelled: 3,
      in_review: 1,
    });

    const list = await jsonOf<{ runs: Array<{ id: string; progress: { statusLabel: string } }> }>(
      await respond(runsList.loader, await getAs(SHOP, "/app/runs")),
    );
    expect(list.runs).toEqual([
      expect.objectContaining({ id: run.id, progress: expect.objectContaining({ statusLabel: "Cancelled" }) }),
    ]);
  });

  it("keeps runs to their shop: another shop can neither see nor change them", async () => {
    const run = await app.database.prisma.run.findFirstOrThrow({ where: { shop: SHOP } });
    expect((await respond(runPage.loader, await getAs(OTHER, `/app/runs/${run.id}`), { runId: run.id })).status).toBe(
      404,
    );
    const pause = await respond(runPage.action, await postFormAs(OTHER, `/app/runs/${run.id}`, { intent: "resume" }), {
      runId: run.id,
    });
    expect(pause.status).toBe(400);
    expect((await app.database.prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("cancelled");
    const list = await jsonOf<{ runs: unknown[] }>(await respond(runsList.loader, await getAs(OTHER, "/app/runs")));
    expect(list.runs).toEqual([]);
    // OTHER's store has no such collection: nothing is planned from SHOP's products.
    const preview = await respond(
      newRun.action,
      await postFormAs(OTHER, "/app/runs/new", {
        intent: "preview",
        scopeKind: "collection",
        collectionId,
        ...OPTION_FIELDS,
      }),
    );
    expect(preview.status).toBe(400);
  });

  it("renders each product of a mixed collection as the garment it is, skips what is not clothing, and asks staff about the rest", async () => {
    const store = app.fake.store;
    const mixed = [
      store.addProduct(SHOP, { title: "Linen shirt", productType: "Shirts", images: [{ alt: "Front" }] }),
      store.addProduct(SHOP, { title: "Wrap dress", productType: "Dresses", images: [{ alt: "Front" }] }),
      store.addProduct(SHOP, { title: "Straight jeans", productType: "Jeans", images: [{ alt: "Front" }] }),
      store.addProduct(SHOP, { title: "Silk scarf", images: [{ alt: "Front" }] }),
      store.addProduct(SHOP, {
        title: "Black Leather Bag",
        category: {
          id: "gid://shopify/TaxonomyCategory/aa-5-4",
          fullName: "Apparel & Accessories > Handbags, Wallets & Cases > Handbags",
        },
        images: [{ alt: "Front" }],
      }),
      store.addProduct(SHOP, { title: "The Palermo", productType: "Clothing", images: [{ alt: "Front" }] }),
    ];
    const [, , , scarf, bag, palermo] = mixed;
    const mixedId = store.addCollection(SHOP, { title: "Mixed", productIds: mixed.map((product) => product.id) }).id;
    // "Hands on hips" suits tops and dresses, not bottoms.
    const fields = { scopeKind: "collection", collectionId: mixedId, ...OPTION_FIELDS, poseId: "pose_hands_on_hips" };
    type MixedSummary = Preview["summary"] & {
      garments: Array<{ productType: string; count: number }>;
      needsChoice: Array<{ productId: string; title: string; sentence: string }>;
      decisions: Array<{ title: string; rendersAs: string; sentence: string }>;
      decidedBy: Record<string, number>;
    };
    const previewOf = async (extra: Record<string, string>) =>
      (
        await jsonOf<{ summary: MixedSummary }>(
          await respond(
            newRun.action,
            await postFormAs(SHOP, "/app/runs/new", { intent: "preview", ...fields, ...extra }),
          ),
        )
      ).summary;

    const detected = await previewOf({});
    expect(detected.eligibleCount).toBe(3);
    expect(detected.garments).toEqual([
      { productType: "bottom", count: 1 },
      { productType: "dress", count: 1 },
      { productType: "top", count: 1 },
    ]);
    // Not clothing: skipped, saying what it is and where the app read it. The bag's category decides.
    const skipped = Object.fromEntries(detected.skipped.map((skip) => [skip.title, english(skip.reasonText)]));
    expect(skipped[scarf!.title]).toBe("A scarf, from its title: “Silk scarf”: not clothing.");
    expect(skipped[bag!.title]).toBe("A bag, from the product's category in Shopify: Handbags: not clothing.");
    // Nothing says what The Palermo is: it is left out until staff choose, never rendered as the form's garment.
    expect(detected.needsChoice).toEqual([
      { productId: palermo!.id, title: "The Palermo", sentence: "messages:decision.nothing" },
    ]);
    expect(english(detected.decisions.find((decision) => decision.title === "Wrap dress")?.sentence ?? "")).toBe(
      "Dress, from its product type: Dresses.",
    );
    expect(detected.decidedBy).toMatchObject({ type: 3, staff: 0 });

    const garmentChoices = JSON.stringify({ [palermo!.id]: "dress" });
    const chosen = await previewOf({ garmentChoices });
    expect(chosen.eligibleCount).toBe(4);
    expect(chosen.needsChoice).toEqual([]);
    expect(chosen.decidedBy).toMatchObject({ staff: 1 });
    // A choice that is not JSON is refused with a sentence.
    const refused = await respond(
      newRun.action,
      await postFormAs(SHOP, "/app/runs/new", { intent: "preview", ...fields, garmentChoices: "{nope" }),
    );
    expect(refused.status).toBe(400);

    const started = await respond(
      newRun.action,
      await postFormAs(SHOP, "/app/runs/new", {
        intent: "start",
        requestKey: "run-key-mixed-01",
        garmentChoices,
        ...fields,
      }),
    );
    expect(started.status).toBe(302);
    const renders = await app.database.prisma.render.findMany({
      where: { productId: { in: mixed.map((product) => product.id) } },
    });
    const sent = Object.fromEntries(
      renders.map((render) => {
        const params = render.params as { productType: string; productCategory?: string; poseId: string };
        return [render.productTitle, [params.productType, params.productCategory ?? null, params.poseId]];
      }),
    );
    expect(sent).toEqual({
      "Linen shirt": ["top", "shirt", "pose_hands_on_hips"],
      "Wrap dress": ["dress", "dress", "pose_hands_on_hips"],
      "Straight jeans": ["bottom", "jeans", "pose_front_relaxed"],
      "The Palermo": ["dress", null, "pose_hands_on_hips"],
    });
    // Each render's look is its own, so "already approved with this look" holds per product.
    expect(new Set(renders.map((render) => render.lookKey)).size).toBe(4);
  });

  it("makes candidates × products renders: the estimate, the count and the run say so, each product's candidates grouped", async () => {
    const store = app.fake.store;
    const tees = [
      store.addProduct(SHOP, { title: "Candidate tee 1", images: [{ alt: "Front" }] }),
      store.addProduct(SHOP, { title: "Candidate tee 2", images: [{ alt: "Front" }] }),
      store.addProduct(SHOP, { title: "Candidate tee 3", images: [{ alt: "Front" }] }),
    ];
    const teesId = store.addCollection(SHOP, { title: "Tees", productIds: tees.map((product) => product.id) }).id;
    const postTees = async (fields: Record<string, string>) =>
      respond(
        newRun.action,
        await postFormAs(SHOP, "/app/runs/new", {
          scopeKind: "collection",
          collectionId: teesId,
          ...OPTION_FIELDS,
          ...fields,
        }),
      );
    const refused = await postTees({ intent: "preview", candidates: "5" });
    const { fieldErrors } = await jsonOf<{ fieldErrors: Record<string, string> }>(refused);
    expect(english(fieldErrors.candidates ?? "")).toMatch(/1 and 4/);

    const { summary } = await jsonOf<Preview & { summary: { candidatesPerProduct: number; renderCount: number } }>(
      await postTees({ intent: "preview", candidates: "2" }),
    );
    expect(summary).toMatchObject({
      eligibleCount: 3,
      candidatesPerProduct: 2,
      renderCount: 6,
      creditsPerRender: 5,
      estimateCredits: 30,
    });

    const started = await postTees({ intent: "start", requestKey: "run-key-candidates", candidates: "2" });
    expect(started.status).toBe(302);
    const run = await app.database.prisma.run.findFirstOrThrow({
      where: { shop: SHOP, requestKey: "run-key-candidates" },
    });
    expect(run).toMatchObject({ candidatesPerProduct: 2, estimateCredits: 30 });
    const renders = await app.database.prisma.render.findMany({ where: { runId: run.id } });
    expect(renders).toHaveLength(6);
    const groups = new Map<string, Array<{ productId: string; index: number | null }>>();
    for (const render of renders) {
      const group = groups.get(render.candidateGroup ?? "none") ?? [];
      group.push({ productId: render.productId, index: render.candidateIndex });
      groups.set(render.candidateGroup ?? "none", group);
    }
    expect(groups.size).toBe(3);
    for (const members of groups.values()) {
      expect(new Set(members.map((member) => member.productId)).size).toBe(1);
      expect(members.map((member) => member.index).sort()).toEqual([1, 2]);
    }

    const page = await jsonOf<{
      run: { candidatesPerProduct: number; progress: { total: number; waiting: number } };
    }>(await respond(runPage.loader, await getAs(SHOP, `/app/runs/${run.id}`), { runId: run.id }));
    expect(page.run.progress).toMatchObject({ total: 6, waiting: 6 });
    expect(page.run.candidatesPerProduct).toBe(2);
  });
});
