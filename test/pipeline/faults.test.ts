import type { Prisma, Render } from "@prisma/client";
import { wordsFor } from "~/i18n/words.server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { approveRender } from "~/renders/review/review-actions.server";
import { recordProductDeleted, recordShopUninstalled } from "~/shops/shop-lifecycle.server";
import type { TestDatabase } from "../../harness/database";
import {
  fakeAdminGraphql,
  startRunningPipeline,
  type PipelineHarness,
  type RunningPipeline,
} from "../../harness/pipeline";
import { renderFilename, renderFileStemOf } from "~/renders/review/media-port";
import { makeRenderMedia } from "~/shopify/render-media.server";
import { makePng } from "../../fakes/shopify-admin/images";

// Failure reasons are stored as message keys (app/lib/staff-message.ts); staff read them in their language.
const english = wordsFor("en");

const TIME_FACTOR = 0.005;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each scenario has its own shop and service key, so faults aimed at one key touch no other scenario. */
describe("the pipeline under faults", () => {
  let pipeline: RunningPipeline;
  let database: TestDatabase;
  let harness: PipelineHarness;

  beforeAll(async () => {
    pipeline = await startRunningPipeline({ timeFactor: TIME_FACTOR });
    ({ database, harness } = pipeline);
  });
  afterEach(() => {
    harness.sim.clearFaults();
  });
  afterAll(async () => {
    await pipeline?.stop();
  });

  async function startShop(shop: string, products = 8) {
    const key = harness.sim.addApiKey({ credits: 10_000 });
    const { collectionId, productIds } = await harness.addShop(shop, { products, apiKey: key });
    const runId = await harness.startCollectionRun(shop, collectionId);
    return { key, runId, productIds };
  }
  const statesOf = async (runId: string) =>
    Object.fromEntries(
      (await database.prisma.render.groupBy({ by: ["state"], where: { runId }, _count: { _all: true } })).map((g) => [
        g.state,
        g._count._all,
      ]),
    );
  async function until(runId: string, done: (counts: Record<string, number>) => boolean, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const counts = await statesOf(runId);
      if (done(counts)) return counts;
      if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(counts)}`);
      await sleep(100);
    }
  }
  const submitsPerJobOf = (key: string) => harness.sim.getSubmits(key).filter((submit) => submit.jobId).length;

  it("a 429 storm pauses the key for every worker (Retry-After) and ends in review with no submit repeated", async () => {
    const shop = "storm.myshopify.com";
    const key = harness.sim.addApiKey({ credits: 10_000 });
    harness.sim.injectFault({
      apiKey: key,
      fault: { type: "rate_limit", retryAfterSeconds: 1 },
      endpoints: ["submit", "status"],
      times: 12,
    });
    const { collectionId } = await harness.addShop(shop, { products: 8, apiKey: key });
    const runId = await harness.startCollectionRun(shop, collectionId);
    await until(runId, (counts) => counts.in_review === 8);
    const gate = await database.prisma.serviceGate.findFirst({ where: { pausedUntil: { not: null } } });
    expect(gate?.pausedUntil).toBeInstanceOf(Date);
    expect(submitsPerJobOf(key)).toBe(8);
    expect(harness.sim.getSubmits(key).filter((submit) => submit.httpStatus === 429).length).toBeGreaterThan(0);
  });

  it("a service answering 5xx for a while opens the circuit, and running renders complete once it recovers", async () => {
    const { key, runId } = await startShop("outage.myshopify.com");
    await until(
      runId,
      (counts) =>
        (counts.running ?? 0) + (counts.rendered ?? 0) + (counts.importing ?? 0) + (counts.in_review ?? 0) === 8,
    );
    const outage = harness.sim.injectFault({
      apiKey: key,
      fault: { type: "server_error", status: 503 },
      endpoints: ["status", "result"],
    });
    // The outage lasts until the circuit opens (or 10 s, and the test fails), then a little longer.
    let circuitOpened = false;
    const giveUp = Date.now() + 10_000;
    while (!circuitOpened && Date.now() < giveUp) {
      circuitOpened = Boolean(
        await database.prisma.serviceGate.findFirst({ where: { circuitOpenUntil: { gt: new Date() } } }),
      );
      await sleep(20);
    }
    await sleep(500);
    harness.sim.removeFault(outage);
    await until(runId, (counts) => counts.in_review === 8);
    expect(circuitOpened).toBe(true);
    expect(submitsPerJobOf(key)).toBe(8);
  });

  it("a 5xx answer to a submit leaves the render submit_unknown, never sent again", async () => {
    const shop = "unknown.myshopify.com";
    const key = harness.sim.addApiKey({ credits: 10_000 });
    harness.sim.injectFault({
      apiKey: key,
      fault: { type: "server_error", status: 502, jobCreated: true },
      endpoints: ["submit"],
      times: 1,
    });
    const { collectionId } = await harness.addShop(shop, { products: 3, apiKey: key });
    const runId = await harness.startCollectionRun(shop, collectionId);
    const counts = await until(runId, (c) => c.submit_unknown === 1 && c.in_review === 2);
    await sleep(500);
    expect(await statesOf(runId)).toEqual(counts);
    expect(harness.sim.getSubmits(key)).toHaveLength(3);
    const unknown = await database.prisma.render.findFirstOrThrow({ where: { runId, state: "submit_unknown" } });
    expect(english(unknown.errorMessage ?? "")).toMatch(/may have started and been charged/);
    expect(unknown.creditsCharged).toBe(5);
  });

  it("a throttled Admin API slows imports down without surfacing an error", async () => {
    const shop = "throttled.myshopify.com";
    const { runId } = await startShop(shop);
    harness.admin.fake.setBucketAvailable(shop, 0);
    harness.admin.fake.throttleNext(6, { shop });
    await until(runId, (counts) => counts.in_review === 8);
    const renders = await database.prisma.render.findMany({ where: { runId } });
    expect(renders.every((render) => render.errorCode === null)).toBe(true);
    expect(
      harness.admin.fake.requests.filter((entry) => entry.shop === shop && entry.outcome === "throttled").length,
    ).toBeGreaterThan(0);
  });

  it("files that end FAILED in Shopify are deleted and imported again", async () => {
    const shop = "failing-files.myshopify.com";
    harness.admin.fake.failNextFileProcessing(3);
    const { runId } = await startShop(shop);
    await until(runId, (counts) => counts.in_review === 8);
    const renders = await database.prisma.render.findMany({ where: { runId } });
    // Three failed imports (possibly of the same render twice), each retried; the failed files are gone.
    expect(renders.reduce((retries, render) => retries + render.attempts - 1, 0)).toBeGreaterThanOrEqual(3);
    const files = harness.admin.fake.store.files(shop).filter((file) => file.filename.includes("-model-shot-"));
    expect(files).toHaveLength(8);
    expect(files.every((file) => file.outcome.status === "READY")).toBe(true);
  });

  it("a file Shopify fails every time is uploaded at most importMaxAttempts times, then failed with words", async () => {
    const shop = "always-failing-file.myshopify.com";
    // importMaxAttempts is 8 and the submit claim counted one attempt: seven failed files use them all up.
    harness.admin.fake.failNextFileProcessing(7);
    const { runId } = await startShop(shop, 1);
    await until(runId, (counts) => counts.failed === 1);
    const failed = await database.prisma.render.findFirstOrThrow({ where: { runId } });
    expect(failed.attempts).toBe(8);
    expect(failed.errorCode).toBe("file_failed");
    expect(english(failed.errorMessage ?? "")).toMatch(
      /Gave up after 8 attempts; the try-on service charged for this render\.$/,
    );
    const creates = () =>
      harness.admin.fake.graphqlRequests().filter((r) => r.shop === shop && r.operationName === "CreateFile").length;
    expect(creates()).toBe(7);
    await sleep(300);
    expect(creates()).toBe(7);
  });

  it("status checks that keep failing stop at pollMaxFailures: the render becomes stalled, with words", async () => {
    const shop = "unpollable.myshopify.com";
    const key = harness.sim.addApiKey({ credits: 10_000 });
    harness.sim.injectFault({ apiKey: key, fault: { type: "server_error", status: 500 }, endpoints: ["status"] });
    const { collectionId } = await harness.addShop(shop, { products: 1, apiKey: key });
    const runId = await harness.startCollectionRun(shop, collectionId);
    await until(runId, (counts) => counts.stalled === 1, 40_000);
    const stalled = await database.prisma.render.findFirstOrThrow({ where: { runId } });
    expect(stalled.errorCode).toBe("poll_failed");
    expect(english(stalled.errorMessage ?? "")).toMatch(/failed 20 status checks .* will not send it again\.$/);
    // Never sent again, however the polls went.
    expect(harness.sim.getSubmits(key)).toHaveLength(1);
  });

  it("a crash between fileCreate and recording it adopts the file from the staged upload: never a second file", async () => {
    const shop = "crash-after-create.myshopify.com";
    const { runId } = await startShop(shop, 1);
    await until(runId, (counts) => counts.in_review === 1);
    const first = await database.prisma.render.findFirstOrThrow({ where: { runId } });
    // What a worker killed right after fileCreate leaves: a `rendered` render, its staged upload recorded, a file
    // in Shopify that file search does not show yet (fileSearchDelayMs), and no fileId.
    const crashed = await database.prisma.render.create({
      data: {
        ...omitForCopy(first),
        state: "rendered",
        // A job id of its own: a shop's job ids are unique (ADR 046). The import below never downloads it.
        externalJobId: `${first.externalJobId}-copy`,
        submittedAt: first.submittedAt,
        renderedAt: new Date(),
        nextAttemptAt: new Date(Date.now() + 60_000),
      },
    });
    const media = makeRenderMedia(fakeAdminGraphql(harness.admin.url, shop, harness.tokens.get(shop)!));
    const bytes = makePng(64, 80);
    const staged = await media.stageImage({
      body: new Blob([bytes.slice()]).stream(),
      byteLength: bytes.byteLength,
      contentType: "image/png",
      filename: renderFilename(crashed, "image/png"),
    });
    const made = await media.createFileFrom(staged, "left by a crashed worker");
    if (!("created" in made)) throw new Error("the first create must create");
    await database.prisma.render.update({
      where: { id: crashed.id },
      data: { stagedUpload: { ...staged }, nextAttemptAt: new Date() },
    });

    await until(runId, (counts) => counts.in_review === 2);
    const adopted = await database.prisma.render.findUniqueOrThrow({ where: { id: crashed.id } });
    expect(adopted.fileId).toBe(made.created.fileId);
    const files = harness.admin.fake.store
      .files(shop)
      .filter((file) => file.filename.startsWith(renderFileStemOf(crashed)));
    expect(files.map((file) => file.id)).toEqual([made.created.fileId]);
  });

  it("a product deleted mid-run cancels its queued render and, once approved, its publish, removing the file", async () => {
    const shop = "deleted.myshopify.com";
    const { runId } = await startShop(shop, 2);
    await until(runId, (counts) => counts.in_review === 2);
    const [first, second] = await database.prisma.render.findMany({ where: { runId }, orderBy: { createdAt: "asc" } });
    // A queued render of the deleted product (as a new click would create) is cancelled by the products/delete webhook.
    await database.prisma.render.create({
      data: { ...omitForCopy(first!), state: "queued", nextAttemptAt: new Date(Date.now() + 60_000) },
    });
    harness.admin.fake.store.removeProduct(shop, first!.productId);
    await recordProductDeleted(database.prisma, shop, first!.productId, new Date());
    await approveRender(database.prisma, { shop, renderId: first!.id, reviewer: "staff" });
    await approveRender(database.prisma, { shop, renderId: second!.id, reviewer: "staff" });
    await until(runId, (counts) => counts.published === 1 && counts.cancelled === 2);
    const cancelled = await database.prisma.render.findUniqueOrThrow({ where: { id: first!.id } });
    expect(english(cancelled.errorMessage ?? "")).toMatch(/product was deleted/);
    expect(harness.admin.fake.store.file(shop, cancelled.fileId!)).toBeUndefined();
    expect(await database.prisma.render.count({ where: { shop, productId: first!.productId, state: "queued" } })).toBe(
      0,
    );
  });

  it("an uninstall mid-run cancels what was not sent and stops calling the service for that shop", async () => {
    const shop = "uninstalled.myshopify.com";
    const key = harness.sim.addApiKey({ credits: 10_000 });
    const { collectionId } = await harness.addShop(shop, { products: 12, apiKey: key, concurrencyCap: 4 });
    const runId = await harness.startCollectionRun(shop, collectionId);
    await until(runId, (counts) => (counts.running ?? 0) >= 1);
    const uninstalledAt = Date.now();
    await recordShopUninstalled(database.prisma, shop, new Date(uninstalledAt));
    const submitsAtUninstall = harness.sim.getSubmits(key).length;
    const requestsBefore = harness.sim.getRequests(key).filter((request) => request.at <= uninstalledAt).length;
    await sleep(1_500);
    const counts = await statesOf(runId);
    expect(counts.queued ?? 0).toBe(0);
    expect(counts.cancelled).toBeGreaterThanOrEqual(12 - 4 - 1);
    // At most the submits already past their intent when the uninstall landed.
    expect(harness.sim.getSubmits(key).length - submitsAtUninstall).toBeLessThanOrEqual(1);
    // From the service's own log, not the app's columns: the key was in use until the uninstall, and once the
    // tick under way then (and its in-flight requests) was over, nothing at all reached the service with it.
    expect(requestsBefore).toBeGreaterThan(0);
    const after = harness.sim.getRequests(key).filter((request) => request.at > uninstalledAt + 500);
    expect(after.map((request) => `${request.endpoint} ${request.path}`)).toEqual([]);
  });
});

function omitForCopy(render: Render): Prisma.RenderUncheckedCreateInput {
  return {
    shop: render.shop,
    runId: render.runId,
    productId: render.productId,
    productTitle: render.productTitle,
    sourceImages: render.sourceImages as Prisma.InputJsonValue,
    params: render.params as Prisma.InputJsonValue,
    resolution: render.resolution,
    lookKey: render.lookKey,
    creditsCost: render.creditsCost,
  };
}
