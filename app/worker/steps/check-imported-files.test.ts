/**
 * After the import: the worker asks Shopify, in one request per shop, how each uploaded file is doing (issue 27 point 7).
 * Processed files go to review (or straight to publishing), failed ones are deleted and imported again, and a check
 * that cannot be made is retried; each with a last attempt that gives up. Shopify answers from a script; the clock is
 * injected.
 */
import type { Prisma, Render } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messageKey } from "~/lib/staff-message";
import type { FileState } from "~/renders/review/media-port";
import { backoffMs } from "~/worker/tick-context";
import { makeWorkerConfig } from "~/worker/worker-config";
import { createTestDatabase, type TestDatabase } from "../../../harness/database";
import { seedRenders } from "../../../harness/render-fixtures";
import { scriptedMedia, scriptedTryOn, seedShopWithKey, stepWorker } from "../../../harness/worker-steps";

const SHOP = "check-files.myshopify.com";
const T0 = new Date(Date.UTC(2026, 5, 1, 12));
const IMAGE = { url: "https://cdn.shopify.test/r.jpg", previewUrl: "https://cdn.shopify.test/r_small.jpg" };
const retryAfter = (attempt: number) =>
  backoffMs({ config: makeWorkerConfig({ retryBaseMs: 10_000, retryMaxMs: 600_000 }), random: () => 0.5 }, attempt);

describe("checking imported files", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await seedShopWithKey(database.prisma, SHOP, "check-files-key-0001");
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.prisma.render.deleteMany();
    await database.prisma.shopSettings.update({ where: { shop: SHOP }, data: { publishWithoutReview: false } });
  });

  const importing = async (fileId: string, overrides: Partial<Prisma.RenderUncheckedCreateInput> = {}) =>
    (
      await seedRenders(database.prisma, SHOP, 1, {
        state: "importing",
        externalJobId: `job-${fileId}`,
        fileId,
        creditsCharged: 5,
        renderedAt: new Date(T0.getTime() - 60_000),
        nextAttemptAt: T0,
        ...overrides,
      })
    ).at(-1)!;
  const row = (render: Render) => database.prisma.render.findUniqueOrThrow({ where: { id: render.id } });

  /** One tick; Shopify answers `states` (or throws it), and records what it was asked. */
  async function tick(states: Record<string, FileState> | Error) {
    const asked: string[][] = [];
    const deleted: string[] = [];
    const media = scriptedMedia({
      async fileStates(ids) {
        asked.push(ids);
        if (states instanceof Error) throw states;
        return new Map(Object.entries(states));
      },
      async deleteFile(id) {
        deleted.push(id);
      },
    });
    await stepWorker(database.prisma, { tryOn: scriptedTryOn().client, media, now: () => T0 }).tick();
    return { asked, deleted };
  }

  it("sends a processed file to review with its image, and checks one still processing later, backing off", async () => {
    const ready = await importing("f-ready");
    const processing = await importing("f-processing");
    const { asked } = await tick({
      "f-ready": { status: "READY", image: { ...IMAGE, width: 1536, height: 2048 } },
      "f-processing": { status: "PROCESSING" },
    });
    expect(asked.map((ids) => [...ids].sort())).toEqual([["f-processing", "f-ready"]]);
    expect(await row(ready)).toMatchObject({
      state: "in_review",
      fileStatus: "READY",
      resultUrl: IMAGE.url,
      resultPreviewUrl: IMAGE.previewUrl,
      resultWidth: 1536,
      resultHeight: 2048,
      importedAt: T0,
      nextAttemptAt: null,
      reviewDecision: null,
    });
    // Waited a minute since it was rendered: a quarter of that, within 2 s and 30 s.
    expect(await row(processing)).toMatchObject({
      state: "importing",
      fileStatus: "PROCESSING",
      nextAttemptAt: new Date(T0.getTime() + 15_000),
    });
  });

  it("publishes a processed file straight away when the shop publishes without review", async () => {
    await database.prisma.shopSettings.update({ where: { shop: SHOP }, data: { publishWithoutReview: true } });
    const ready = await importing("f-auto");
    await tick({ "f-auto": { status: "READY", image: { ...IMAGE, width: null, height: null } } });
    expect(await row(ready)).toMatchObject({
      state: "publishing",
      reviewDecision: "auto_published",
      reviewedAt: T0,
      nextAttemptAt: T0,
      importedAt: T0,
    });
  });

  it("deletes a file Shopify failed and imports it again later, giving up at the last attempt", async () => {
    const failed = await importing("f-failed", {
      stagedUpload: { resourceUrl: "https://uploads.test/x", filename: "x" },
    });
    const missing = await importing("f-missing", { attempts: 7 });
    const { deleted } = await tick({ "f-failed": { status: "FAILED", errorMessage: "Image could not be read" } });
    expect(deleted.sort()).toEqual(["f-failed", "f-missing"]);
    const reason = messageKey("messages:render.fileFailed", { detail: "Image could not be read" });
    expect(await row(failed)).toMatchObject({
      state: "import_failed",
      fileId: null,
      stagedUpload: null,
      fileStatus: "FAILED",
      attempts: 1,
      nextAttemptAt: new Date(T0.getTime() + retryAfter(1)),
      errorCode: "file_failed",
      errorMessage: messageKey("messages:render.retrying", { reason }),
      finishedAt: null,
    });
    expect(await row(missing)).toMatchObject({
      state: "failed",
      fileId: null,
      fileStatus: null,
      attempts: 8,
      nextAttemptAt: null,
      errorCode: "file_failed",
      errorMessage: messageKey("messages:render.importGaveUp", {
        reason: "messages:render.fileFailedNoDetail",
        count: 8,
      }),
      finishedAt: T0,
    });
  });

  it("checks again later when Shopify cannot be asked, giving up at the last attempt", async () => {
    const first = await importing("f-1");
    const last = await importing("f-2", { attempts: 7 });
    await tick(new Error("Shopify 502"));
    const reason = messageKey("messages:render.checkFileFailed", { detail: "Shopify 502" });
    expect(await row(first)).toMatchObject({
      state: "importing",
      fileId: "f-1",
      attempts: 1,
      nextAttemptAt: new Date(T0.getTime() + retryAfter(1)),
      errorMessage: messageKey("messages:render.retrying", { reason }),
    });
    expect(await row(last)).toMatchObject({
      state: "failed",
      attempts: 8,
      nextAttemptAt: null,
      errorCode: "import_failed",
      errorMessage: messageKey("messages:render.checkGaveUp", { reason, count: 8 }),
      finishedAt: T0,
    });
  });
});
