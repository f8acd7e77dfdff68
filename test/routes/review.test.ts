import type { Render } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRenders } from "../../harness/render-fixtures";
import { createI18n } from "~/i18n/i18n-instance";
import { translateText } from "~/i18n/react";
import { translationsFor } from "~/i18n/resources.server";
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

const SHOP = "review-a.myshopify.com";
const OTHER = "review-b.myshopify.com";

/** An answer of the page (an encoded message) as English staff read it. */
const english = createI18n("en", translationsFor("en"));
const inEnglish = (text: string | undefined) => translateText(english.t, text ?? "", "en");

interface ReviewView {
  items: Array<{
    id: string;
    productId: string;
    sourceUrl: string | null;
    result: { url: string; previewUrl: string } | null;
    asked: Record<string, unknown>;
    staffNote: string | null;
  }>;
  nextCursor: string | null;
  filters: { state: string; runId: string | null; productId: string | null };
}

describe("Review", () => {
  let app: MerchantApp;
  let review: { loader: RouteFunction; action: RouteFunction };
  let detail: { loader: RouteFunction };
  let productId: string;
  let variantIds: string[];
  let inReview: Render[];
  let foreign: Render;
  let published: Render;
  let publishedFileId: string;

  /** An in_review render whose image Shopify holds as a file, as the worker leaves it. */
  async function renderInReview(
    shop: string,
    product: string,
    count: number,
    extra: Partial<Render> = {},
  ): Promise<Render[]> {
    const created: Render[] = [];
    for (let i = 0; i < count; i++) {
      const file = app.fake.store.addFile(shop, {
        filename: `model-shot-${shop}-${product.split("/").pop()}-${i}-${Math.random()}.png`,
        alt: "Model shot",
      });
      const rows = await seedRenders(app.database.prisma, shop, 1, {
        productId: product,
        state: "in_review",
        fileId: file.id,
        ...extra,
      } as never);
      const row = rows.find((render) => render.fileId === file.id);
      if (row) created.push(row);
    }
    return created;
  }

  beforeAll(async () => {
    app = await startMerchantApp({ simulator: true });
    review = await import("~/routes/app.review/route");
    detail = await import("~/routes/app.renders.$renderId/route");
    await app.installShop(SHOP);
    await app.installShop(OTHER);
    await app.saveServiceKey(SHOP);
    const product = app.fake.store.addProduct(SHOP, {
      title: "Wool coat",
      images: [{ alt: "Front" }],
      variants: [{ title: "Grey" }, { title: "Navy" }],
    });
    productId = product.id;
    variantIds = product.variantIds;
    inReview = await renderInReview(SHOP, productId, 26);
    const otherProduct = app.fake.store.addProduct(OTHER, { title: "Other coat", images: [{ alt: "Front" }] });
    [foreign] = (await renderInReview(OTHER, otherProduct.id, 1)) as [Render];
    const publishedFile = app.fake.store.addFile(SHOP, { filename: "model-shot-published.png", alt: "Model shot" });
    publishedFileId = publishedFile.id;
    app.fake.store.attach(app.fake.store.shop(SHOP), publishedFile, product);
    [published] = (
      await seedRenders(app.database.prisma, SHOP, 1, {
        productId,
        state: "published",
        fileId: publishedFile.id,
        publishedAt: new Date(),
      })
    ).filter((render) => render.state === "published") as [Render];
  });
  afterAll(async () => app?.close());

  const decide = async (shop: string, fields: Record<string, string | string[]>) =>
    respond(review.action, await postFormAs(shop, "/app/review", fields));
  const stateOf = async (id: string) => (await app.database.prisma.render.findUniqueOrThrow({ where: { id } })).state;

  it("lists the shop's renders awaiting review, 24 a page, each with its source photo and the imported image", async () => {
    const view = await jsonOf<ReviewView>(await respond(review.loader, await getAs(SHOP, "/app/review")));
    expect(view.filters.state).toBe("in_review");
    expect(view.items).toHaveLength(24);
    expect(view.nextCursor).not.toBeNull();
    expect(view.items.every((item) => item.productId === productId)).toBe(true);
    expect(view.items[0]?.sourceUrl).toMatch(/^https:\/\/images\.test\//);
    expect(view.items[0]?.result?.url).toContain(app.fake.cdnOrigin);
    expect(view.items[0]?.result?.previewUrl).toContain("640");
    // What was asked for, by name: never a catalog id (the page puts the garment and the rest in words).
    expect(view.items[0]?.asked).toEqual({
      productType: "top",
      productCategory: "t_shirt",
      model: "Amara",
      pose: "Front, relaxed",
      background: { kind: "default" },
      resolution: "2K",
      aspectRatio: "3:4",
    });
    const next = await jsonOf<ReviewView>(
      await respond(review.loader, await getAs(SHOP, `/app/review?after=${view.nextCursor}`)),
    );
    expect(next.items).toHaveLength(2);

    const otherView = await jsonOf<ReviewView>(await respond(review.loader, await getAs(OTHER, "/app/review")));
    expect(otherView.items.map((item) => item.id)).toEqual([foreign.id]);
  });

  it("shows the image the worker stored at import without asking Shopify, and looks up only renders without one", async () => {
    const stored = await renderInReview(OTHER, foreign.productId, 1, {
      resultUrl: `${app.fake.cdnOrigin}/stored.png`,
      resultPreviewUrl: `${app.fake.cdnOrigin}/stored.png?width=640`,
      resultWidth: 768,
      resultHeight: 1024,
    });
    const lookups = () => app.fake.requests.filter((entry) => entry.operationName === "GetFileStatuses");
    const before = lookups().length;
    const view = await jsonOf<ReviewView>(await respond(review.loader, await getAs(OTHER, "/app/review")));
    const storedItem = view.items.find((item) => item.id === stored[0]?.id);
    expect(storedItem?.result).toEqual({
      url: `${app.fake.cdnOrigin}/stored.png`,
      previewUrl: `${app.fake.cdnOrigin}/stored.png?width=640`,
      width: 768,
      height: 1024,
    });
    // The older render without stored URLs is still looked up, alone.
    expect(view.items.find((item) => item.id === foreign.id)?.result?.url).toContain(app.fake.cdnOrigin);
    expect(
      lookups()
        .slice(before)
        .map((entry) => entry.variables?.ids),
    ).toEqual([[foreign.fileId]]);
    await app.database.prisma.render.delete({ where: { id: stored[0]!.id } });
  });

  it("shows staff why a render came back to review: Shopify's refusal, in words", async () => {
    const refusedProduct = app.fake.store.addProduct(OTHER, { title: "Refused coat", images: [{ alt: "Front" }] });
    const note =
      "Shopify refused to add the image to the product: Non-ready files cannot be updated. The image was not published; change the choices or the product in Shopify, then approve again.";
    await renderInReview(OTHER, refusedProduct.id, 1, { errorCode: "publish_refused", errorMessage: note });
    const url = `/app/review?productId=${encodeURIComponent(refusedProduct.id)}`;
    const view = await jsonOf<ReviewView>(await respond(review.loader, await getAs(OTHER, url)));
    expect(view.items.map((item) => item.staffNote)).toEqual([note]);
  });

  it("filters by product and by state", async () => {
    const none = await jsonOf<ReviewView>(
      await respond(review.loader, await getAs(SHOP, "/app/review?productId=gid://shopify/Product/1")),
    );
    expect(none.items).toEqual([]);
    const publishedView = await jsonOf<ReviewView>(
      await respond(review.loader, await getAs(SHOP, "/app/review?state=published")),
    );
    expect(publishedView.items.map((item) => item.id)).toEqual([published.id]);
  });

  it("approves with the variants and first-image choice, queuing the publish", async () => {
    const target = inReview[0] as Render;
    const badVariant = await decide(SHOP, {
      intent: "approve",
      renderId: target.id,
      variantIds: ["gid://shopify/Product/1"],
    });
    expect(badVariant.status).toBe(400);
    expect(
      inEnglish((await jsonOf<{ fieldErrors: Record<string, string> }>(badVariant)).fieldErrors["variantIds.0"]),
    ).toMatch(/not valid/);

    const response = await decide(SHOP, {
      intent: "approve",
      renderId: target.id,
      variantIds: [variantIds[1] ?? ""],
      makeFirst: "on",
    });
    expect(response.status).toBe(200);
    const row = await app.database.prisma.render.findUniqueOrThrow({ where: { id: target.id } });
    expect(row).toMatchObject({
      state: "publishing",
      reviewDecision: "approved",
      publishOptions: { variantIds: [variantIds[1]], makeFirst: true },
    });
    expect(row.reviewedBy).toMatch(/^staff:/);
    // Twice is harmless: the second says so in words.
    const twice = await decide(SHOP, { intent: "approve", renderId: target.id, variantIds: [] });
    expect(twice.status).toBe(400);
    expect(inEnglish((await jsonOf<{ formError: string }>(twice)).formError)).toMatch(
      /changed since the page was loaded/,
    );
  });

  it("rejects a render and removes its file from Shopify", async () => {
    const target = inReview[1] as Render;
    expect((await decide(SHOP, { intent: "reject", renderId: target.id })).status).toBe(200);
    expect(await stateOf(target.id)).toBe("rejected");
    expect(app.fake.store.file(SHOP, target.fileId ?? "")).toBeUndefined();
  });

  it("approves and rejects many at once, leaving another shop's render untouched", async () => {
    const ids = [inReview[2]?.id, inReview[3]?.id, foreign.id].filter((id): id is string => Boolean(id));
    const response = await decide(SHOP, { intent: "approve-many", renderIds: ids });
    expect(response.status).toBe(200);
    const result = await jsonOf<{ renderIds: string[]; failed: Array<{ renderId: string }> }>(response);
    expect(result.renderIds).toEqual(ids.slice(0, 2));
    expect(result.failed.map((failure) => failure.renderId)).toEqual([foreign.id]);
    expect(await stateOf(foreign.id)).toBe("in_review");

    const rejected = await decide(SHOP, { intent: "reject-many", renderIds: [inReview[4]?.id ?? "", foreign.id] });
    expect((await jsonOf<{ renderIds: string[] }>(rejected)).renderIds).toEqual([inReview[4]?.id]);
    expect(await stateOf(foreign.id)).toBe("in_review");
    expect(app.fake.store.file(OTHER, foreign.fileId ?? "")).toBeDefined();

    const empty = await decide(SHOP, { intent: "approve-many" });
    expect(inEnglish((await jsonOf<{ fieldErrors: Record<string, string> }>(empty)).fieldErrors.renderIds)).toBe(
      "Select at least one render.",
    );
  });

  it("shows each render's colour score, filters and sorts by it, and leaves drift out of a bulk approval", async () => {
    const shop = "review-colour.myshopify.com";
    await app.installShop(shop);
    const coat = app.fake.store.addProduct(shop, { title: "Coat", images: [{ alt: "Coat" }] }).id;
    const scored = (verdict: string, deltaE: number) => ({
      colourVerdict: verdict,
      colourDeltaE: deltaE,
      colourDetail: {
        status: "scored",
        thresholds: { good: 5, drift: 10 },
        matched: [{ source: "#2f6faf", render: "#4d8a3a", deltaE, share: 1 }],
      },
    });
    const [good] = await renderInReview(shop, coat, 1, scored("good", 1.3) as never);
    const [drift] = await renderInReview(shop, coat, 1, scored("drift", 14.2) as never);
    const [check] = await renderInReview(shop, coat, 1, scored("check", 6.4) as never);
    const [unscored] = await renderInReview(shop, coat, 1, {
      colourVerdict: "not_scored",
      colourDetail: { status: "not_scored", reason: "one of the images could not be read" },
    } as never);
    const view = async (query: string) =>
      jsonOf<ReviewView & { items: Array<{ colour: { verdict: string; deltaE: number | null } | null }> }>(
        await respond(review.loader, await getAs(shop, `/app/review${query}`)),
      );

    const drifted = await view("?colour=drift");
    expect(drifted.items.map((item) => item.id)).toEqual([drift?.id]);
    expect(drifted.items[0]?.colour).toMatchObject({
      verdict: "drift",
      deltaE: 14.2,
      matched: [{ source: "#2f6faf", render: "#4d8a3a", deltaE: 14.2 }],
    });
    const sorted = await view("?sort=colour");
    expect(sorted.items.map((item) => item.id)).toEqual([drift?.id, check?.id, good?.id, unscored?.id]);
    expect((await view("?colour=not_scored")).items[0]?.colour).toMatchObject({
      verdict: "not_scored",
      deltaE: null,
      reason: "one of the images could not be read",
    });
    // An unknown value is no filter, not an error page.
    expect((await view("?colour=purple")).items).toHaveLength(4);

    const response = await decide(shop, {
      intent: "approve-many",
      renderIds: [good?.id ?? "", drift?.id ?? "", check?.id ?? ""],
      leaveOutDrift: "on",
    });
    const result = await jsonOf<{ renderIds: string[]; message: string; note?: string }>(response);
    expect(result.renderIds.sort()).toEqual([good?.id, check?.id].sort());
    expect(result.message).toBe("review:answers.approvedMany?count=2");
    expect(`${inEnglish(result.message)} ${inEnglish(result.note)}`).toBe(
      "Approved 2 renders. 1 with colour drift was left in review for a closer look.",
    );
    expect(await stateOf(drift?.id ?? "")).toBe("in_review");

    // Unticked, staff approve drift too: the score advises, it does not decide.
    const all = await decide(shop, { intent: "approve-many", renderIds: [drift?.id ?? ""] });
    expect((await jsonOf<{ renderIds: string[] }>(all)).renderIds).toEqual([drift?.id]);
  });

  it("regenerates with changed options once per request key, at the new cost", async () => {
    const original = inReview[5] as Render;
    const fields = {
      intent: "regenerate",
      renderId: original.id,
      requestKey: "regen-key-0001",
      ...OPTION_FIELDS,
      resolution: "4K",
    };
    const first = await jsonOf<{ newRenderId: string }>(await decide(SHOP, fields));
    const second = await jsonOf<{ newRenderId: string }>(await decide(SHOP, fields));
    expect(second.newRenderId).toBe(first.newRenderId);
    const created = await app.database.prisma.render.findUniqueOrThrow({ where: { id: first.newRenderId } });
    expect(created).toMatchObject({
      state: "queued",
      regeneratedFromId: original.id,
      creditsCost: 6,
      resolution: "4K",
      productId,
    });
    expect(await app.database.prisma.render.count({ where: { regeneratedFromId: original.id } })).toBe(1);

    const invalid = await decide(SHOP, { ...fields, requestKey: "regen-key-0002", poseId: "" });
    expect(inEnglish((await jsonOf<{ fieldErrors: Record<string, string> }>(invalid)).fieldErrors.poseId)).toBe(
      "Choose a pose.",
    );
    const foreignRegen = await decide(OTHER, { ...fields, requestKey: "regen-key-0003" });
    expect(foreignRegen.status).toBe(400);
  });

  it("reverts a published render: detached from the product and back in review", async () => {
    expect(app.fake.store.productMedia(SHOP, productId).map((media) => media.id)).toContain(publishedFileId);
    expect((await decide(OTHER, { intent: "revert", renderId: published.id })).status).toBe(400);
    expect((await decide(SHOP, { intent: "revert", renderId: published.id })).status).toBe(200);
    expect(await stateOf(published.id)).toBe("in_review");
    expect(app.fake.store.productMedia(SHOP, productId).map((media) => media.id)).not.toContain(publishedFileId);
  });

  it("gives the large view the product's variants and the catalog, for the shop's own renders only", async () => {
    const target = inReview[6] as Render;
    const own = await respond(detail.loader, await getAs(SHOP, `/app/renders/${target.id}`), { renderId: target.id });
    expect(await jsonOf(own)).toMatchObject({
      ok: true,
      detail: { variants: [{ title: "Grey" }, { title: "Navy" }], catalog: { ok: true } },
    });
    const other = await respond(detail.loader, await getAs(OTHER, `/app/renders/${target.id}`), {
      renderId: target.id,
    });
    expect(other.status).toBe(404);
  });

  it("refuses an unknown action", async () => {
    expect((await decide(SHOP, { intent: "publish-everything" })).status).toBe(400);
  });

  it("shows a product's candidates side by side and, approving one, rejects the others and deletes their files", async () => {
    const dress = app.fake.store.addProduct(SHOP, { title: "Slip dress", images: [{ alt: "Front" }] });
    const group = "candidates-slip-dress";
    const candidates = [
      ...(await renderInReview(SHOP, dress.id, 1, { candidateGroup: group, candidateIndex: 2 })),
      ...(await renderInReview(SHOP, dress.id, 1, { candidateGroup: group, candidateIndex: 1 })),
      ...(await renderInReview(SHOP, dress.id, 1, { candidateGroup: group, candidateIndex: 3 })),
    ];
    // A lone render of the same product, made on its own, stays outside the group.
    const [lone] = (await renderInReview(SHOP, dress.id, 1)) as [Render];
    type CandidateView = {
      id: string;
      candidate: { index: number; size: number | null; othersInReview: number } | null;
    };
    const view = await jsonOf<{ items: CandidateView[] }>(
      await respond(review.loader, await getAs(SHOP, `/app/review?productId=${encodeURIComponent(dress.id)}`)),
    );
    const grouped = view.items.filter((item) => item.candidate);
    // "Candidate 1 of 3" on the page.
    expect(grouped.map((item) => [item.candidate?.index, item.candidate?.size])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(grouped.every((item) => item.candidate?.othersInReview === 2)).toBe(true);
    // Together on the page, not interleaved with the lone render.
    const positions = grouped.map((item) => view.items.indexOf(item));
    expect(positions[2]! - positions[0]!).toBe(2);
    expect(view.items.find((item) => item.id === lone.id)?.candidate).toBeNull();

    const [second, first, third] = candidates as [Render, Render, Render];
    const response = await decide(SHOP, { intent: "approve", renderId: second.id, rejectSiblings: "on" });
    expect(response.status).toBe(200);
    expect(inEnglish((await jsonOf<{ message: string }>(response)).message)).toMatch(
      /other 2 candidates were rejected/,
    );
    expect(await stateOf(second.id)).toBe("publishing");
    for (const sibling of [first, third]) {
      expect(await stateOf(sibling.id)).toBe("rejected");
      expect(app.fake.store.file(SHOP, sibling.fileId ?? "")).toBeUndefined();
    }
    expect(app.fake.store.file(SHOP, second.fileId ?? "")).toBeDefined();
    // The render made on its own is not a sibling.
    expect(await stateOf(lone.id)).toBe("in_review");
  });

  it("leaves the other candidates in review when staff untick the offer, and regenerates a candidate into its group", async () => {
    const tee = app.fake.store.addProduct(SHOP, { title: "Boxy tee", images: [{ alt: "Front" }] });
    const group = "candidates-boxy-tee";
    const [first, second] = [
      ...(await renderInReview(SHOP, tee.id, 1, { candidateGroup: group, candidateIndex: 1 })),
      ...(await renderInReview(SHOP, tee.id, 1, { candidateGroup: group, candidateIndex: 2 })),
    ] as [Render, Render];
    expect((await decide(SHOP, { intent: "approve", renderId: first.id })).status).toBe(200);
    expect(await stateOf(second.id)).toBe("in_review");
    expect(app.fake.store.file(SHOP, second.fileId ?? "")).toBeDefined();

    const regenerated = await jsonOf<{ newRenderId: string }>(
      await decide(SHOP, {
        intent: "regenerate",
        renderId: second.id,
        requestKey: "regen-candidate-1",
        ...OPTION_FIELDS,
      }),
    );
    const created = await app.database.prisma.render.findUniqueOrThrow({ where: { id: regenerated.newRenderId } });
    expect(created).toMatchObject({
      state: "queued",
      candidateGroup: group,
      candidateIndex: 3,
      regeneratedFromId: second.id,
    });
  });
});
