import type { Render } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRenders } from "../../harness/render-fixtures";
import {
  getAs,
  jsonOf,
  postFormAs,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";

const SHOP = "history-act-a.myshopify.com";
const OTHER = "history-act-b.myshopify.com";

interface HistoryView {
  rows: Array<{
    id: string;
    problem: string | null;
    canRetry: boolean;
    canRevert: boolean;
    thumbnailUrl: string | null;
    thumbnailIsResult: boolean;
  }>;
}

describe("History: try again and remove from product", () => {
  let app: MerchantApp;
  let history: { loader: RouteFunction; action: RouteFunction };
  let productId: string;
  let failed: Render;
  let published: Render;
  let publishedFileId: string;

  const only = async (shop: string, fields: Partial<Render>) =>
    (await seedRenders(app.database.prisma, shop, 1, fields as never)).at(-1) as Render;
  const post = async (shop: string, fields: Record<string, string>) =>
    respond(history.action, await postFormAs(shop, "/app/history", fields));
  const render = (id: string) => app.database.prisma.render.findUniqueOrThrow({ where: { id } });

  beforeAll(async () => {
    app = await startMerchantApp();
    history = await import("~/routes/app.history/route");
    await app.installShop(SHOP);
    await app.installShop(OTHER);
    await app.saveServiceKey(SHOP);
    const product = app.fake.store.addProduct(SHOP, { title: "Wrap midi dress", images: [{ alt: "Front" }] });
    productId = product.id;
    failed = await only(SHOP, {
      productId,
      productTitle: "Wrap midi dress",
      state: "failed",
      creditsCharged: 5,
      creditsRefunded: 5,
      errorCode: "failed_by_service",
      // As older rows were stored: the service's reason ended with its own full stop.
      errorMessage:
        "The try-on service could not make this render: the garment could not be separated from its background.. Its 5 credits were refunded.",
    });
    const file = app.fake.store.addFile(SHOP, { filename: "model-shot-history.png", alt: "Model shot" });
    publishedFileId = file.id;
    app.fake.store.attach(app.fake.store.shop(SHOP), file, product);
    published = await only(SHOP, {
      productId,
      state: "published",
      fileId: file.id,
      publishedAt: new Date(),
      resultPreviewUrl: `${app.fake.cdnOrigin}/s/files/model-shot-history.png?width=640`,
    });
  });
  afterAll(async () => app?.close());

  it("shows each row's thumbnail, a reason with one full stop, and which rows can be tried again or removed", async () => {
    const view = await jsonOf<HistoryView>(await respond(history.loader, await getAs(SHOP, "/app/history")));
    const failedRow = view.rows.find((row) => row.id === failed.id);
    const publishedRow = view.rows.find((row) => row.id === published.id);
    expect(failedRow).toMatchObject({ canRetry: true, canRevert: false, thumbnailIsResult: false });
    expect(failedRow?.problem).toContain("from its background. Its 5 credits were refunded.");
    expect(failedRow?.problem).not.toContain("..");
    expect(failedRow?.thumbnailUrl).toMatch(/^https:\/\/images\.test\//);
    expect(publishedRow).toMatchObject({ canRetry: false, canRevert: true, thumbnailIsResult: true });
    expect(publishedRow?.thumbnailUrl).toContain("width=160");
  });

  it("tries a failed render again once per request key, with the same options, and refuses other shops and states", async () => {
    const fields = { intent: "retry", renderId: failed.id, requestKey: "history-retry-0001" };
    expect((await post(OTHER, fields)).status).toBe(400);
    const first = await post(SHOP, fields);
    expect(first.status).toBe(200);
    const { newRenderId } = await jsonOf<{ newRenderId: string }>(first);
    expect(await render(newRenderId)).toMatchObject({
      state: "queued",
      regeneratedFromId: failed.id,
      productId,
      creditsCost: failed.creditsCost,
      lookKey: failed.lookKey,
    });
    const again = await jsonOf<{ newRenderId: string }>(await post(SHOP, fields));
    expect(again.newRenderId).toBe(newRenderId);
    expect(await app.database.prisma.render.count({ where: { regeneratedFromId: failed.id } })).toBe(1);

    const notFinished = await post(SHOP, { intent: "retry", renderId: newRenderId, requestKey: "history-retry-0002" });
    expect(notFinished.status).toBe(400);
    expect(await app.database.prisma.render.count({ where: { regeneratedFromId: newRenderId } })).toBe(0);
    expect((await post(SHOP, { intent: "retry", renderId: failed.id })).status).toBe(400);
  });

  it("removes a published image from its product and puts it back in review; only the shop's own", async () => {
    const media = () => app.fake.store.productMedia(SHOP, productId).map((item) => item.id);
    expect(media()).toContain(publishedFileId);
    expect((await post(OTHER, { intent: "revert", renderId: published.id })).status).toBe(400);
    expect(media()).toContain(publishedFileId);
    expect((await post(SHOP, { intent: "revert", renderId: published.id })).status).toBe(200);
    expect((await render(published.id)).state).toBe("in_review");
    expect(media()).not.toContain(publishedFileId);
    expect((await post(SHOP, { intent: "revert", renderId: published.id })).status).toBe(400);
  });
});
