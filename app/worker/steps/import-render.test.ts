/**
 * The import step tick by tick, against a try-on service and a Shopify that answer from a script and an injected
 * clock (issue 27 point 7): a finished render brought into Files, and each way an import does not go through.
 */
import type { Prisma, Render } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messageKey } from "~/lib/staff-message";
import { makeMetrics } from "~/metrics/metrics.server";
import { MediaChangeRefused, renderFilename, type RenderMedia, type StagedImage } from "~/renders/review/media-port";
import { backoffMs } from "~/worker/tick-context";
import { makeWorkerConfig } from "~/worker/worker-config";
import { createTestDatabase, type TestDatabase } from "../../../harness/database";
import { seedRenders } from "../../../harness/render-fixtures";
import {
  resultImage,
  scriptedMedia,
  scriptedTryOn,
  seedShopWithKey,
  stepWorker,
  type TryOnScript,
} from "../../../harness/worker-steps";

const SHOP = "import-step.myshopify.com";
const T0 = new Date(Date.UTC(2026, 5, 1, 12));
const OUTPUT = "https://results.test/job-i.png";
const FILE = "gid://shopify/MediaImage/imported";
const STAGED = { resourceUrl: "https://uploads.test/staged", filename: "staged.png" } satisfies StagedImage;
const CONFIG = { retryBaseMs: 10_000, retryMaxMs: 600_000 };
/** The wait before attempt `attempt + 1`, as the worker computes it with random 0.5. */
const retryAfter = (attempt: number) => backoffMs({ config: makeWorkerConfig(CONFIG), random: () => 0.5 }, attempt);

describe("the import step", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await seedShopWithKey(database.prisma, SHOP, "import-step-key-0001");
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.prisma.render.deleteMany();
  });

  const finished = async (overrides: Partial<Prisma.RenderUncheckedCreateInput> = {}): Promise<Render> =>
    (
      await seedRenders(database.prisma, SHOP, 1, {
        state: "rendered",
        externalJobId: `job-i-${Math.random()}`,
        outputUrl: OUTPUT,
        creditsCharged: 5,
        nextAttemptAt: T0,
        ...overrides,
      })
    ).at(-1)!;
  const row = (id: string) => database.prisma.render.findUniqueOrThrow({ where: { id } });
  const takeOver = (id: string) =>
    database.prisma.render.update({ where: { id }, data: { leaseToken: { increment: 1 } } });

  async function tick(script: TryOnScript, media: RenderMedia | (() => Promise<RenderMedia>)) {
    const tryOn = scriptedTryOn(script);
    await stepWorker(database.prisma, { tryOn: tryOn.client, media, now: () => T0 }).tick();
    return tryOn;
  }

  it("downloads a finished render, records its staged upload before creating the file, names it and counts its bytes", async () => {
    const render = await finished({
      variantColour: { optionName: "Colour", value: "Navy", variantIds: ["gid://shopify/ProductVariant/1"] },
    });
    const staged: Array<{ filename: string; byteLength: number | null; contentType: string }> = [];
    const created: Array<{ staged: StagedImage; alt: string; recorded: unknown }> = [];
    const media = scriptedMedia({
      async stageImage({ filename, byteLength, contentType }) {
        staged.push({ filename, byteLength, contentType });
        return STAGED;
      },
      async createFileFrom(upload, alt) {
        created.push({ staged: upload, alt, recorded: (await row(render.id)).stagedUpload });
        return { created: { fileId: FILE, status: "UPLOADED" } };
      },
    });
    const metrics = makeMetrics(database.prisma, { process: "worker" });
    const tryOn = scriptedTryOn({ download: async () => resultImage(4_000, "image/png") });
    await stepWorker(database.prisma, { tryOn: tryOn.client, media, now: () => T0, metrics }).tick();

    expect(tryOn.downloads).toEqual([{ jobId: render.externalJobId, outputUrl: OUTPUT }]);
    expect(staged).toEqual([
      { filename: renderFilename(render, "image/png"), byteLength: 4_000, contentType: "image/png" },
    ]);
    expect(created).toEqual([
      { staged: STAGED, alt: `${render.productTitle} in Navy, worn by a model`, recorded: STAGED },
    ]);
    expect(await row(render.id)).toMatchObject({
      state: "importing",
      fileId: FILE,
      fileStatus: "UPLOADED",
      stagedUpload: STAGED,
      nextAttemptAt: new Date(T0.getTime() + makeWorkerConfig().fileReadyPollMs),
      errorCode: null,
      leaseOwner: null,
    });
    const bytes = (await metrics.importBytes.get()).values;
    expect(bytes.find((value) => value.metricName === "model_shots_import_bytes_sum")?.value).toBe(4_000);
    expect(bytes.find((value) => value.metricName === "model_shots_import_bytes_count")?.value).toBe(1);
    const seconds = (await metrics.importSeconds.get()).values;
    expect(seconds.find((value) => value.metricName === "model_shots_import_duration_seconds_count")?.value).toBe(1);
  });

  it("creates a file from a recorded upload without downloading again, naming a whole-product render without a colour", async () => {
    const render = await finished({ stagedUpload: STAGED });
    const alts: string[] = [];
    const media = scriptedMedia({
      async createFileFrom(_upload, alt) {
        alts.push(alt);
        return { existing: { fileId: FILE, status: "READY" } };
      },
    });
    const tryOn = await tick({}, media);
    expect(tryOn.downloads).toEqual([]);
    expect(alts).toEqual([`${render.productTitle}, worn by a model`]);
    expect(await row(render.id)).toMatchObject({ state: "importing", fileId: FILE, fileStatus: "READY" });
  });

  it("retries a failed upload later with back-off, saying why", async () => {
    const render = await finished();
    const media = scriptedMedia({
      async stageImage() {
        throw new Error("Shopify 503");
      },
    });
    await tick({ download: async () => resultImage(10) }, media);
    expect(await row(render.id)).toMatchObject({
      state: "import_failed",
      attempts: 1,
      nextAttemptAt: new Date(T0.getTime() + retryAfter(1)),
      errorCode: "import_failed",
      errorMessage: messageKey("messages:render.retrying", {
        reason: messageKey("messages:render.saveFailed", { detail: "Shopify 503" }),
      }),
      stagedUpload: null,
      finishedAt: null,
      leaseOwner: null,
    });
  });

  it("gives up at the last attempt: failed, saying how many attempts were made and why", async () => {
    const media = scriptedMedia({
      async stageImage() {
        throw new Error("Shopify 503");
      },
    });
    const last = await finished({ state: "import_failed", attempts: 7 });
    const before = await finished({ state: "import_failed", attempts: 6 });
    await tick({ download: async () => resultImage(10) }, media);
    const reason = messageKey("messages:render.saveFailed", { detail: "Shopify 503" });
    expect(await row(last.id)).toMatchObject({
      state: "failed",
      attempts: 8,
      nextAttemptAt: null,
      errorCode: "import_failed",
      errorMessage: messageKey("messages:render.importGaveUp", { reason, count: 8 }),
      finishedAt: T0,
    });
    expect(await row(before.id)).toMatchObject({ state: "import_failed", attempts: 7, finishedAt: null });
  });

  it("keeps a recorded upload for the next attempt, unless Shopify refused to make a file of it", async () => {
    const refused = await finished({
      stagedUpload: { resourceUrl: "https://uploads.test/expired", filename: "a.jpg" },
    });
    const failing = await finished({ stagedUpload: { resourceUrl: "https://uploads.test/kept", filename: "b.jpg" } });
    const refusal = new MediaChangeRefused("messages:mediaAction.createFile", ["Upload expired"]);
    const media = scriptedMedia({
      async createFileFrom(upload) {
        throw upload.resourceUrl.endsWith("expired") ? refusal : new Error("timeout");
      },
    });
    const tryOn = await tick({}, media);
    expect(tryOn.downloads).toEqual([]);
    expect(await row(refused.id)).toMatchObject({
      state: "import_failed",
      stagedUpload: null,
      errorMessage: messageKey("messages:render.retrying", {
        reason: messageKey("messages:render.saveFailed", { detail: refusal.message }),
      }),
    });
    expect(await row(failing.id)).toMatchObject({
      state: "import_failed",
      stagedUpload: { resourceUrl: "https://uploads.test/kept", filename: "b.jpg" },
    });
  });

  it("retries, keeping its upload, when Shopify says the file exists but does not list it yet", async () => {
    const render = await finished({ stagedUpload: STAGED });
    await tick({}, scriptedMedia({ createFileFrom: async () => ({ existing: null }) }));
    expect(await row(render.id)).toMatchObject({
      state: "import_failed",
      attempts: 1,
      fileId: null,
      stagedUpload: STAGED,
      errorMessage: messageKey("messages:render.retrying", { reason: "messages:render.fileNotListed" }),
    });
  });

  it("creates nothing from a recorded upload when another worker took the render over meanwhile", async () => {
    const render = await finished({ stagedUpload: STAGED });
    let creates = 0;
    const media = scriptedMedia({
      async createFileFrom() {
        creates += 1;
        return { created: { fileId: FILE, status: "UPLOADED" } };
      },
    });
    await tick({}, async () => {
      await takeOver(render.id);
      return media;
    });
    expect(creates).toBe(0);
    expect(await row(render.id)).toMatchObject({ state: "rendered", fileId: null, attempts: 0, errorCode: null });
  });

  it("uploads nothing and cancels the download when another worker took the render over while it was asked for", async () => {
    const render = await finished();
    let stages = 0;
    let cancelled = false;
    const media = scriptedMedia({
      async stageImage() {
        stages += 1;
        return STAGED;
      },
    });
    await tick(
      {
        async download() {
          await takeOver(render.id);
          return {
            ...resultImage(0),
            body: new ReadableStream<Uint8Array>({ cancel: () => void (cancelled = true) }),
          };
        },
      },
      media,
    );
    expect([stages, cancelled]).toEqual([0, true]);
    expect(await row(render.id)).toMatchObject({ state: "rendered", stagedUpload: null, attempts: 0 });
  });

  it("creates no file from an upload it could not record because another worker took the render over during it", async () => {
    const render = await finished();
    let creates = 0;
    const media = scriptedMedia({
      async stageImage() {
        await takeOver(render.id);
        return STAGED;
      },
      async createFileFrom() {
        creates += 1;
        return { created: { fileId: FILE, status: "UPLOADED" } };
      },
    });
    await tick({ download: async () => resultImage(10) }, media);
    expect(creates).toBe(0);
    expect(await row(render.id)).toMatchObject({ state: "rendered", stagedUpload: null, fileId: null });
  });
});
