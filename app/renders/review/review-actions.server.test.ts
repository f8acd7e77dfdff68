/**
 * The review decisions on their own, against a real database and a media port that records what it was asked
 * (issue 27 point 7: the behaviours the route tests did not name, found by mutation testing).
 */
import type { Prisma, Render } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ProductForRender, ProductSource } from "~/catalog/catalog-port";
import { createTestDatabase, type TestDatabase } from "../../../harness/database";
import { DEFAULT_TEST_OPTIONS, seedRenders, seedShop, TEST_QUEUE_LIMITS } from "../../../harness/render-fixtures";
import type { RenderMedia } from "./media-port";
import {
  approveRender,
  cancelQueuedRenders,
  regenerateRender,
  rejectOtherCandidates,
  rejectRender,
  resolveSubmitUnknown,
  revertRender,
  ReviewError,
  setRunStatus,
  stopWaiting,
} from "./review-actions.server";

const SHOP = "review-actions.myshopify.com";
const OTHER = "review-actions-other.myshopify.com";

/** The two calls the decisions make of Shopify, recorded; `failDelete` makes deleting a file fail. */
function recordingMedia(options: { failDelete?: boolean } = {}) {
  const calls: string[] = [];
  const media = {
    async deleteFile(fileId: string) {
      calls.push(`delete ${fileId}`);
      if (options.failDelete) throw new Error("Shopify is down");
    },
    async detachFromProduct(fileId: string, productId: string) {
      calls.push(`detach ${fileId} from ${productId}`);
    },
  } as unknown as RenderMedia;
  return { media, calls };
}

describe("review decisions", () => {
  let database: TestDatabase;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await seedShop(database.prisma, SHOP);
    await seedShop(database.prisma, OTHER);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.prisma.render.deleteMany();
    await database.prisma.run.deleteMany();
  });

  /** One render of `shop` with the given columns (a file id of its own unless told). */
  async function oneRender(overrides: Partial<Prisma.RenderUncheckedCreateInput> = {}, shop = SHOP): Promise<Render> {
    sequence += 1;
    const fileId = `gid://shopify/MediaImage/file-${sequence}`;
    const before = new Set((await database.prisma.render.findMany({ where: { shop } })).map((render) => render.id));
    const rows = await seedRenders(database.prisma, shop, 1, { fileId, ...overrides });
    const created = rows.find((render) => !before.has(render.id));
    if (!created) throw new Error("no render was created");
    return created;
  }
  const row = (id: string) => database.prisma.render.findUniqueOrThrow({ where: { id } });
  const refusal = (key: string) => expect.objectContaining({ name: "ReviewError", message: `messages:refusal.${key}` });

  describe("approving", () => {
    it("queues the publish now, with the options parsed and the last failure cleared", async () => {
      const render = await oneRender({
        state: "in_review",
        attempts: 3,
        errorCode: "publish_failed",
        errorMessage: "messages:render.publishGaveUp",
        nextAttemptAt: null,
      });
      const before = Date.now();
      await approveRender(database.prisma, {
        shop: SHOP,
        renderId: render.id,
        reviewer: "staff:1",
        options: { position: 2 },
      });
      const approved = await row(render.id);
      expect(approved).toMatchObject({
        state: "publishing",
        reviewDecision: "approved",
        reviewedBy: "staff:1",
        attempts: 0,
        errorCode: null,
        errorMessage: null,
        publishOptions: { variantIds: [], makeFirst: false, position: 2, alt: null },
      });
      expect(approved.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(approved.reviewedAt?.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    });

    it("refuses a render no longer in review, and another shop's", async () => {
      const published = await oneRender({ state: "published" });
      await expect(
        approveRender(database.prisma, { shop: SHOP, renderId: published.id, reviewer: "staff:1" }),
      ).rejects.toEqual(refusal("changed.approved"));
      const foreign = await oneRender({ state: "in_review" }, OTHER);
      await expect(
        approveRender(database.prisma, { shop: SHOP, renderId: foreign.id, reviewer: "staff:1" }),
      ).rejects.toBeInstanceOf(ReviewError);
      expect((await row(foreign.id)).state).toBe("in_review");
    });
  });

  describe("rejecting", () => {
    it("ends the render and deletes its file, and a failed delete does not undo the decision", async () => {
      const render = await oneRender({ state: "in_review" });
      const { media, calls } = recordingMedia({ failDelete: true });
      await rejectRender(database.prisma, media, { shop: SHOP, renderId: render.id, reviewer: "staff:2" });
      const rejected = await row(render.id);
      expect(rejected).toMatchObject({
        state: "rejected",
        reviewDecision: "rejected",
        reviewedBy: "staff:2",
        nextAttemptAt: null,
      });
      expect(rejected.finishedAt).not.toBeNull();
      expect(rejected.reviewedAt).not.toBeNull();
      expect(calls).toEqual([`delete ${render.fileId}`]);
    });

    it("asks Shopify nothing for a render without a file", async () => {
      const render = await oneRender({ state: "in_review", fileId: null });
      const { media, calls } = recordingMedia();
      await rejectRender(database.prisma, media, { shop: SHOP, renderId: render.id, reviewer: "staff:2" });
      expect((await row(render.id)).state).toBe("rejected");
      expect(calls).toEqual([]);
    });

    it("refuses an unknown or foreign render, and one already decided, deleting nothing", async () => {
      const { media, calls } = recordingMedia();
      await expect(
        rejectRender(database.prisma, media, { shop: SHOP, renderId: "no-such-render", reviewer: "staff:2" }),
      ).rejects.toEqual(refusal("renderNotFound"));
      const foreign = await oneRender({ state: "in_review" }, OTHER);
      await expect(
        rejectRender(database.prisma, media, { shop: SHOP, renderId: foreign.id, reviewer: "staff:2" }),
      ).rejects.toEqual(refusal("renderNotFound"));
      const published = await oneRender({ state: "published" });
      await expect(
        rejectRender(database.prisma, media, { shop: SHOP, renderId: published.id, reviewer: "staff:2" }),
      ).rejects.toEqual(refusal("changed.rejected"));
      expect(calls).toEqual([]);
      expect((await row(published.id)).state).toBe("published");
    });
  });

  describe("reverting", () => {
    it("detaches the file from its product and puts the render back in review, undecided", async () => {
      const render = await oneRender({
        state: "published",
        reviewDecision: "approved",
        publishedAt: new Date(),
        finishedAt: new Date(),
      });
      const { media, calls } = recordingMedia();
      await revertRender(database.prisma, media, { shop: SHOP, renderId: render.id, reviewer: "staff:3" });
      expect(calls).toEqual([`detach ${render.fileId} from ${render.productId}`]);
      expect(await row(render.id)).toMatchObject({
        state: "in_review",
        reviewDecision: null,
        reviewedBy: "staff:3",
        publishedAt: null,
        finishedAt: null,
      });
    });

    it("refuses a render that is not published, or has no file, detaching nothing", async () => {
      const { media, calls } = recordingMedia();
      const inReview = await oneRender({ state: "in_review" });
      await expect(
        revertRender(database.prisma, media, { shop: SHOP, renderId: inReview.id, reviewer: "staff:3" }),
      ).rejects.toEqual(refusal("changed.reverted"));
      const withoutFile = await oneRender({ state: "published", fileId: null });
      await expect(
        revertRender(database.prisma, media, { shop: SHOP, renderId: withoutFile.id, reviewer: "staff:3" }),
      ).rejects.toEqual(refusal("changed.reverted"));
      const foreign = await oneRender({ state: "published" }, OTHER);
      await expect(
        revertRender(database.prisma, media, { shop: SHOP, renderId: foreign.id, reviewer: "staff:3" }),
      ).rejects.toEqual(refusal("changed.reverted"));
      expect(calls).toEqual([]);
    });
  });

  describe("regenerating", () => {
    const product = (id: string): ProductForRender => ({
      id,
      title: "Wool coat",
      productType: null,
      category: null,
      photos: [],
      variants: [],
    });
    const catalog = (known: string[]) =>
      ({
        getProduct: async (id: string) => (known.includes(id) ? product(id) : null),
      }) as unknown as ProductSource;
    const colour = { optionName: "Colour", value: "Navy", variantIds: ["gid://shopify/ProductVariant/7"] };

    it("queues the same product and colour with the changes over the original options", async () => {
      const original = await oneRender({ state: "in_review", variantColour: colour });
      const render = await regenerateRender(database.prisma, catalog([original.productId]), {
        shop: SHOP,
        renderId: original.id,
        changes: { resolution: "4K" },
        requestKey: "regenerate-key-1",
        limits: TEST_QUEUE_LIMITS,
      });
      expect(render).toMatchObject({
        state: "queued",
        productId: original.productId,
        regeneratedFromId: original.id,
        resolution: "4K",
        variantColour: colour,
        requestKey: "regenerate-key-1",
        candidateGroup: null,
      });
      expect(render.id).not.toBe(original.id);
      // Options not changed are the original's, and so are the photos.
      expect(render.params).toMatchObject({
        poseId: DEFAULT_TEST_OPTIONS.poseId,
        resolution: "4K",
        productImages: (original.sourceImages as { front: string[] }).front,
      });
      expect(render.sourceImages).toEqual(original.sourceImages);
    });

    it("numbers a regenerated candidate after the last of its group, counting only its own shop", async () => {
      const group = "group-regenerate";
      const original = await oneRender({ state: "in_review", candidateGroup: group, candidateIndex: 1 });
      await oneRender({ state: "rejected", candidateGroup: group, candidateIndex: 4 });
      await oneRender({ state: "in_review", candidateGroup: group, candidateIndex: 9 }, OTHER);
      const render = await regenerateRender(database.prisma, catalog([original.productId]), {
        shop: SHOP,
        renderId: original.id,
        changes: {},
        limits: TEST_QUEUE_LIMITS,
      });
      expect(render).toMatchObject({ candidateGroup: group, candidateIndex: 5, requestKey: null });
    });

    it("numbers it 1 in a group whose renders have no number", async () => {
      const original = await oneRender({ state: "in_review", candidateGroup: "group-unnumbered" });
      const render = await regenerateRender(database.prisma, catalog([original.productId]), {
        shop: SHOP,
        renderId: original.id,
        changes: {},
        limits: TEST_QUEUE_LIMITS,
      });
      expect(render).toMatchObject({ candidateGroup: "group-unnumbered", candidateIndex: 1 });
    });

    it("refuses an unknown or foreign render, and a product that is gone, queueing nothing", async () => {
      const original = await oneRender({ state: "in_review" });
      const foreign = await oneRender({ state: "in_review" }, OTHER);
      const input = { shop: SHOP, changes: {}, limits: TEST_QUEUE_LIMITS };
      await expect(
        regenerateRender(database.prisma, catalog([foreign.productId]), { ...input, renderId: foreign.id }),
      ).rejects.toEqual(refusal("renderNotFound"));
      await expect(regenerateRender(database.prisma, catalog([]), { ...input, renderId: original.id })).rejects.toEqual(
        refusal("productGone"),
      );
      expect(await database.prisma.render.count()).toBe(2);
    });
  });

  describe("rejecting the other candidates", () => {
    it("rejects only the chosen one's siblings still in review, and deletes their files", async () => {
      const group = "group-siblings";
      const chosen = await oneRender({ state: "publishing", candidateGroup: group, candidateIndex: 1 });
      const waiting = await oneRender({ state: "in_review", candidateGroup: group, candidateIndex: 2 });
      const rendering = await oneRender({ state: "running", candidateGroup: group, candidateIndex: 3 });
      const elsewhere = await oneRender({ state: "in_review", candidateGroup: "another-group" });
      const foreign = await oneRender({ state: "in_review", candidateGroup: group }, OTHER);
      const { media, calls } = recordingMedia();
      const result = await rejectOtherCandidates(database.prisma, media, {
        shop: SHOP,
        renderId: chosen.id,
        reviewer: "staff:4",
      });
      expect(result).toEqual({ rejected: [waiting.id], failed: [] });
      expect(calls).toEqual([`delete ${waiting.fileId}`]);
      expect((await row(waiting.id)).state).toBe("rejected");
      expect((await row(chosen.id)).state).toBe("publishing");
      for (const untouched of [rendering, elsewhere, foreign]) {
        expect((await row(untouched.id)).state).toBe(untouched.state);
      }
    });

    it("never rejects the chosen one itself, even while it is still in review", async () => {
      const group = "group-chosen-first";
      const chosen = await oneRender({ state: "in_review", candidateGroup: group, candidateIndex: 1 });
      const sibling = await oneRender({ state: "in_review", candidateGroup: group, candidateIndex: 2 });
      const { media } = recordingMedia();
      expect(
        await rejectOtherCandidates(database.prisma, media, { shop: SHOP, renderId: chosen.id, reviewer: "s" }),
      ).toEqual({ rejected: [sibling.id], failed: [] });
      expect((await row(chosen.id)).state).toBe("in_review");
    });

    it("rejects nothing for a render made on its own, even beside other lone renders in review", async () => {
      const lone = await oneRender({ state: "publishing" });
      const other = await oneRender({ state: "in_review" });
      const { media } = recordingMedia();
      expect(
        await rejectOtherCandidates(database.prisma, media, { shop: SHOP, renderId: lone.id, reviewer: "staff:4" }),
      ).toEqual({ rejected: [], failed: [] });
      expect((await row(other.id)).state).toBe("in_review");
    });

    it("counts a sibling another reviewer decided meanwhile as not rejected, and lets other errors through", async () => {
      const group = "group-race";
      const chosen = await oneRender({ state: "publishing", candidateGroup: group, candidateIndex: 1 });
      const sibling = await oneRender({ state: "in_review", candidateGroup: group, candidateIndex: 2 });
      // The sibling is listed, then decided by someone else before this rejection reaches it.
      const racing = database.prisma.$extends({
        query: {
          render: {
            async findMany({ args, query }) {
              const rows = await query(args);
              await database.prisma.render.update({ where: { id: sibling.id }, data: { state: "publishing" } });
              return rows;
            },
          },
        },
      }) as unknown as typeof database.prisma;
      const { media, calls } = recordingMedia();
      expect(await rejectOtherCandidates(racing, media, { shop: SHOP, renderId: chosen.id, reviewer: "s" })).toEqual({
        rejected: [],
        failed: [sibling.id],
      });
      expect(calls).toEqual([]);

      await database.prisma.render.update({ where: { id: sibling.id }, data: { state: "in_review" } });
      const broken = database.prisma.$extends({
        query: {
          render: {
            async updateManyAndReturn() {
              throw new Error("the database went away");
            },
          },
        },
      }) as unknown as typeof database.prisma;
      await expect(
        rejectOtherCandidates(broken, media, { shop: SHOP, renderId: chosen.id, reviewer: "s" }),
      ).rejects.toThrow("the database went away");
    });
  });

  describe("settling a submit whose outcome is unknown", () => {
    it("'started' records the job and polls it now", async () => {
      const render = await oneRender({ state: "submit_unknown", errorCode: "submit_unknown", errorMessage: "x" });
      await resolveSubmitUnknown(database.prisma, {
        shop: SHOP,
        renderId: render.id,
        outcome: "started",
        externalJobId: "job-started-1",
      });
      const running = await row(render.id);
      expect(running).toMatchObject({
        state: "running",
        externalJobId: "job-started-1",
        errorCode: null,
        errorMessage: null,
      });
      expect(running.submittedAt).not.toBeNull();
      expect(running.nextAttemptAt).not.toBeNull();
    });

    it("'started' with a job id another render of the shop follows is refused in words", async () => {
      await oneRender({ state: "running", externalJobId: "job-taken" });
      const render = await oneRender({ state: "submit_unknown" });
      await expect(
        resolveSubmitUnknown(database.prisma, {
          shop: SHOP,
          renderId: render.id,
          outcome: "started",
          externalJobId: "job-taken",
        }),
      ).rejects.toEqual(
        expect.objectContaining({ name: "ReviewError", message: "messages:refusal.jobTaken?jobId=job-taken" }),
      );
      expect((await row(render.id)).state).toBe("submit_unknown");
    });

    it("'started' accepts the job id of a render given up on while stalled; 'not started' of no render is refused", async () => {
      const render = await oneRender({ state: "submit_unknown", externalJobId: "job-given-up" });
      await resolveSubmitUnknown(database.prisma, {
        shop: SHOP,
        renderId: render.id,
        outcome: "started",
        externalJobId: "job-given-up",
      });
      expect((await row(render.id)).state).toBe("running");
      await expect(
        resolveSubmitUnknown(database.prisma, { shop: SHOP, renderId: "no-such-render", outcome: "not_started" }),
      ).rejects.toEqual(refusal("changed.resolved"));
    });

    it("'started' lets a failure other than a taken job id through as it is", async () => {
      const render = await oneRender({ state: "submit_unknown" });
      const broken = database.prisma.$extends({
        query: {
          render: {
            async updateManyAndReturn() {
              throw new Error("the database went away");
            },
          },
        },
      }) as unknown as typeof database.prisma;
      await expect(
        resolveSubmitUnknown(broken, { shop: SHOP, renderId: render.id, outcome: "started", externalJobId: "job-x" }),
      ).rejects.toThrow("the database went away");
    });

    it("'not started' fails the render and releases its reserved credits, and only its charge", async () => {
      const render = await oneRender({ state: "submit_unknown", creditsCharged: 5 });
      const neighbour = await oneRender({ state: "running", creditsCharged: 5, externalJobId: "job-n" });
      await database.prisma.creditLedgerEntry.createMany({
        data: [
          { shop: SHOP, renderId: render.id, kind: "charge", credits: 5 },
          { shop: SHOP, renderId: render.id, kind: "refund", credits: -5 },
          { shop: SHOP, renderId: neighbour.id, kind: "charge", credits: 5 },
        ],
      });
      await resolveSubmitUnknown(database.prisma, { shop: SHOP, renderId: render.id, outcome: "not_started" });
      const failed = await row(render.id);
      expect(failed).toMatchObject({
        state: "failed",
        creditsCharged: 0,
        errorCode: "not_started",
        errorMessage: "messages:render.notStarted",
      });
      expect(failed.finishedAt).not.toBeNull();
      const ledger = await database.prisma.creditLedgerEntry.findMany({ orderBy: { credits: "asc" } });
      expect(ledger.map((entry) => [entry.renderId, entry.kind])).toEqual([
        [render.id, "refund"],
        [neighbour.id, "charge"],
      ]);
    });

    it("refuses 'not started' for a render that has a job, and anything for a render not waiting on it", async () => {
      const started = await oneRender({ state: "submit_unknown", externalJobId: "job-was-started" });
      await expect(
        resolveSubmitUnknown(database.prisma, { shop: SHOP, renderId: started.id, outcome: "not_started" }),
      ).rejects.toEqual(refusal("jobStarted"));
      expect((await row(started.id)).state).toBe("submit_unknown");

      const queued = await oneRender({ state: "queued", creditsCharged: 5 });
      await database.prisma.creditLedgerEntry.create({
        data: { shop: SHOP, renderId: queued.id, kind: "charge", credits: 5 },
      });
      await expect(
        resolveSubmitUnknown(database.prisma, { shop: SHOP, renderId: queued.id, outcome: "not_started" }),
      ).rejects.toEqual(refusal("changed.resolved"));
      await expect(
        resolveSubmitUnknown(database.prisma, {
          shop: SHOP,
          renderId: queued.id,
          outcome: "started",
          externalJobId: "job-late",
        }),
      ).rejects.toEqual(refusal("changed.resolved"));
      expect(await database.prisma.creditLedgerEntry.count({ where: { renderId: queued.id } })).toBe(1);
      expect(await row(queued.id)).toMatchObject({ state: "queued", creditsCharged: 5, externalJobId: null });
    });
  });

  describe("stopping the wait for a job", () => {
    it("fails a stalled render for good, its credits still counted, saying which job", async () => {
      const render = await oneRender({ state: "stalled", externalJobId: "job-stalled", creditsCharged: 6 });
      await stopWaiting(database.prisma, { shop: SHOP, renderId: render.id, reviewer: "staff:5" });
      const failed = await row(render.id);
      expect(failed).toMatchObject({
        state: "failed",
        nextAttemptAt: null,
        reviewedBy: "staff:5",
        creditsCharged: 6,
        errorCode: "stopped_waiting",
        errorMessage: "messages:render.stoppedWaiting?jobId=job-stalled&credits=6",
      });
      expect(failed.finishedAt).not.toBeNull();
      expect(failed.reviewedAt).not.toBeNull();
    });

    it("works from submit_unknown too, and refuses other states, a render without a job, and a foreign one", async () => {
      const unknown = await oneRender({ state: "submit_unknown", externalJobId: "job-unknown" });
      await stopWaiting(database.prisma, { shop: SHOP, renderId: unknown.id, reviewer: "staff:5" });
      expect((await row(unknown.id)).state).toBe("failed");

      const running = await oneRender({ state: "running", externalJobId: "job-running" });
      await expect(
        stopWaiting(database.prisma, { shop: SHOP, renderId: running.id, reviewer: "staff:5" }),
      ).rejects.toEqual(refusal("changed.stopped"));
      const withoutJob = await oneRender({ state: "stalled" });
      await expect(
        stopWaiting(database.prisma, { shop: SHOP, renderId: withoutJob.id, reviewer: "staff:5" }),
      ).rejects.toEqual(refusal("noJob"));
      const foreign = await oneRender({ state: "stalled", externalJobId: "job-foreign" }, OTHER);
      await expect(
        stopWaiting(database.prisma, { shop: SHOP, renderId: foreign.id, reviewer: "staff:5" }),
      ).rejects.toEqual(refusal("renderNotFound"));
      expect((await row(running.id)).state).toBe("running");
      expect((await row(withoutJob.id)).state).toBe("stalled");
      expect((await row(foreign.id)).state).toBe("stalled");
    });
  });

  describe("runs and queued renders", () => {
    async function oneRun(status: "active" | "paused" | "completed" | "cancelled", shop = SHOP) {
      return database.prisma.run.create({
        data: { shop, scope: { kind: "products", productIds: [] }, options: {}, estimateCredits: 5, status },
      });
    }

    it("cancels only the queued renders it is asked about, and bumps their token so a submit in flight fails", async () => {
      const run = await oneRun("active");
      const queued = await oneRender({ state: "queued", runId: run.id, leaseToken: 4, nextAttemptAt: new Date() });
      const otherProduct = await oneRender({ state: "queued", runId: run.id });
      const running = await oneRender({ state: "running", runId: run.id, externalJobId: "job-r" });
      const outsideRun = await oneRender({ state: "queued" });
      const foreign = await oneRender({ state: "queued" }, OTHER);
      const count = await cancelQueuedRenders(database.prisma, {
        shop: SHOP,
        runId: run.id,
        productId: queued.productId,
      });
      expect(count).toBe(1);
      const cancelled = await row(queued.id);
      expect(cancelled).toMatchObject({ state: "cancelled", nextAttemptAt: null, leaseToken: 5 });
      expect(cancelled.finishedAt).not.toBeNull();
      for (const untouched of [otherProduct, running, outsideRun, foreign]) {
        expect((await row(untouched.id)).state).toBe(untouched.state);
      }
      expect(await cancelQueuedRenders(database.prisma, { shop: SHOP, runId: run.id })).toBe(1);
      expect((await row(otherProduct.id)).state).toBe("cancelled");
    });

    it("pauses an active run, resumes a paused one, and refuses each the other way round", async () => {
      const run = await oneRun("active");
      await expect(setRunStatus(database.prisma, { shop: SHOP, runId: run.id, action: "resume" })).rejects.toEqual(
        refusal("run.resume"),
      );
      await setRunStatus(database.prisma, { shop: SHOP, runId: run.id, action: "pause" });
      const paused = await database.prisma.run.findUniqueOrThrow({ where: { id: run.id } });
      expect(paused.status).toBe("paused");
      expect(paused.pausedAt).not.toBeNull();
      await expect(setRunStatus(database.prisma, { shop: SHOP, runId: run.id, action: "pause" })).rejects.toEqual(
        refusal("run.pause"),
      );
      await setRunStatus(database.prisma, { shop: SHOP, runId: run.id, action: "resume" });
      expect(await database.prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
        status: "active",
        pausedAt: null,
      });
    });

    it("cancels an active or paused run with its queued renders; not a finished run, nor another shop's", async () => {
      for (const status of ["active", "paused"] as const) {
        const run = await oneRun(status);
        const queued = await oneRender({ state: "queued", runId: run.id });
        await setRunStatus(database.prisma, { shop: SHOP, runId: run.id, action: "cancel" });
        const cancelled = await database.prisma.run.findUniqueOrThrow({ where: { id: run.id } });
        expect(cancelled.status).toBe("cancelled");
        expect(cancelled.cancelledAt).not.toBeNull();
        expect((await row(queued.id)).state).toBe("cancelled");
      }
      // A queued render outside the cancelled run, of this shop and another, stays queued.
      const run = await oneRun("active");
      const outside = await oneRender({ state: "queued" });
      const foreignOutside = await oneRender({ state: "queued" }, OTHER);
      await setRunStatus(database.prisma, { shop: SHOP, runId: run.id, action: "cancel" });
      expect((await row(outside.id)).state).toBe("queued");
      expect((await row(foreignOutside.id)).state).toBe("queued");
      const finished = await oneRun("completed");
      await expect(setRunStatus(database.prisma, { shop: SHOP, runId: finished.id, action: "cancel" })).rejects.toEqual(
        refusal("run.cancel"),
      );
      const foreign = await oneRun("active", OTHER);
      const foreignQueued = await oneRender({ state: "queued", runId: foreign.id }, OTHER);
      for (const action of ["pause", "cancel"] as const) {
        await expect(setRunStatus(database.prisma, { shop: SHOP, runId: foreign.id, action })).rejects.toEqual(
          refusal(`run.${action}`),
        );
      }
      expect((await database.prisma.run.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe("active");
      expect((await row(foreignQueued.id)).state).toBe("queued");
    });

    it("pausing or resuming leaves the run's queued renders queued", async () => {
      const run = await oneRun("active");
      const queued = await oneRender({ state: "queued", runId: run.id });
      await setRunStatus(database.prisma, { shop: SHOP, runId: run.id, action: "pause" });
      await setRunStatus(database.prisma, { shop: SHOP, runId: run.id, action: "resume" });
      expect((await row(queued.id)).state).toBe("queued");
    });
  });
});
