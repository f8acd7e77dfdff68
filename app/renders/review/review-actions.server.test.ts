/**
 * The review decisions on their own, against a real database and a media port that records what it was asked
 * (issue 27 point 7: the behaviours the route tests did not name, found by mutation testing). Settling, stopping
 * and runs are in review-actions-queue.server.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { ProductForRender, ProductSource } from "~/catalog/catalog-port";
import { DEFAULT_TEST_OPTIONS, TEST_QUEUE_LIMITS } from "../../../harness/render-fixtures";
import { OTHER, recordingMedia, SHOP, useReviewDatabase } from "../../../test/support/review-decisions";
import {
  approveRender,
  regenerateRender,
  rejectOtherCandidates,
  rejectRender,
  revertRender,
  ReviewError,
} from "./review-actions.server";

describe("review decisions", () => {
  const review = useReviewDatabase();
  const { oneRender, row, refusal } = review;

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
      await approveRender(review.database.prisma, {
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
        approveRender(review.database.prisma, { shop: SHOP, renderId: published.id, reviewer: "staff:1" }),
      ).rejects.toEqual(refusal("changed.approved"));
      const foreign = await oneRender({ state: "in_review" }, OTHER);
      await expect(
        approveRender(review.database.prisma, { shop: SHOP, renderId: foreign.id, reviewer: "staff:1" }),
      ).rejects.toBeInstanceOf(ReviewError);
      expect((await row(foreign.id)).state).toBe("in_review");
    });
  });

  describe("rejecting", () => {
    it("ends the render and deletes its file, and a failed delete does not undo the decision", async () => {
      const render = await oneRender({ state: "in_review" });
      const { media, calls } = recordingMedia({ failDelete: true });
      await rejectRender(review.database.prisma, media, { shop: SHOP, renderId: render.id, reviewer: "staff:2" });
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
      await rejectRender(review.database.prisma, media, { shop: SHOP, renderId: render.id, reviewer: "staff:2" });
      expect((await row(render.id)).state).toBe("rejected");
      expect(calls).toEqual([]);
    });

    it("refuses an unknown or foreign render, and one already decided, deleting nothing", async () => {
      const { media, calls } = recordingMedia();
      await expect(
        rejectRender(review.database.prisma, media, { shop: SHOP, renderId: "no-such-render", reviewer: "staff:2" }),
      ).rejects.toEqual(refusal("renderNotFound"));
      const foreign = await oneRender({ state: "in_review" }, OTHER);
      await expect(
        rejectRender(review.database.prisma, media, { shop: SHOP, renderId: foreign.id, reviewer: "staff:2" }),
      ).rejects.toEqual(refusal("renderNotFound"));
      const published = await oneRender({ state: "published" });
      await expect(
        rejectRender(review.database.prisma, media, { shop: SHOP, renderId: published.id, reviewer: "staff:2" }),
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
      await revertRender(review.database.prisma, media, { shop: SHOP, renderId: render.id, reviewer: "staff:3" });
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
        revertRender(review.database.prisma, media, { shop: SHOP, renderId: inReview.id, reviewer: "staff:3" }),
      ).rejects.toEqual(refusal("changed.reverted"));
      const withoutFile = await oneRender({ state: "published", fileId: null });
      await expect(
        revertRender(review.database.prisma, media, { shop: SHOP, renderId: withoutFile.id, reviewer: "staff:3" }),
      ).rejects.toEqual(refusal("changed.reverted"));
      const foreign = await oneRender({ state: "published" }, OTHER);
      await expect(
        revertRender(review.database.prisma, media, { shop: SHOP, renderId: foreign.id, reviewer: "staff:3" }),
      ).rejects.toEqual(refusal("changed.reverted"));
      expect(calls).toEqual([]);
    });

    it("refuses when another person reverted the render while its image was being detached", async () => {
      const render = await oneRender({ state: "published", publishedAt: new Date() });
      const { media } = recordingMedia();
      const racing = {
        ...media,
        detachFromProduct: async () => {
          await review.database.prisma.render.update({ where: { id: render.id }, data: { state: "in_review" } });
        },
      };
      await expect(
        revertRender(review.database.prisma, racing, { shop: SHOP, renderId: render.id, reviewer: "staff:3" }),
      ).rejects.toEqual(refusal("changed.reverted"));
      expect((await row(render.id)).reviewedBy).toBeNull();
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
      const render = await regenerateRender(review.database.prisma, catalog([original.productId]), {
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
      const render = await regenerateRender(review.database.prisma, catalog([original.productId]), {
        shop: SHOP,
        renderId: original.id,
        changes: {},
        limits: TEST_QUEUE_LIMITS,
      });
      expect(render).toMatchObject({ candidateGroup: group, candidateIndex: 5, requestKey: null });
    });

    it("numbers it 1 in a group whose renders have no number", async () => {
      const original = await oneRender({ state: "in_review", candidateGroup: "group-unnumbered" });
      const render = await regenerateRender(review.database.prisma, catalog([original.productId]), {
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
        regenerateRender(review.database.prisma, catalog([foreign.productId]), { ...input, renderId: foreign.id }),
      ).rejects.toEqual(refusal("renderNotFound"));
      await expect(
        regenerateRender(review.database.prisma, catalog([]), { ...input, renderId: original.id }),
      ).rejects.toEqual(refusal("productGone"));
      expect(await review.database.prisma.render.count()).toBe(2);
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
      const result = await rejectOtherCandidates(review.database.prisma, media, {
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

    it("rejects nothing for a render that is not there or is another shop's", async () => {
      const group = "group-not-ours";
      const foreign = await oneRender({ state: "in_review", candidateGroup: group }, OTHER);
      await oneRender({ state: "in_review", candidateGroup: group }, OTHER);
      const { media, calls } = recordingMedia();
      for (const renderId of ["no-such-render", foreign.id]) {
        expect(
          await rejectOtherCandidates(review.database.prisma, media, { shop: SHOP, renderId, reviewer: "s" }),
        ).toEqual({ rejected: [], failed: [] });
      }
      expect(calls).toEqual([]);
    });

    it("never rejects the chosen one itself, even while it is still in review", async () => {
      const group = "group-chosen-first";
      const chosen = await oneRender({ state: "in_review", candidateGroup: group, candidateIndex: 1 });
      const sibling = await oneRender({ state: "in_review", candidateGroup: group, candidateIndex: 2 });
      const { media } = recordingMedia();
      expect(
        await rejectOtherCandidates(review.database.prisma, media, { shop: SHOP, renderId: chosen.id, reviewer: "s" }),
      ).toEqual({ rejected: [sibling.id], failed: [] });
      expect((await row(chosen.id)).state).toBe("in_review");
    });

    it("rejects nothing for a render made on its own, even beside other lone renders in review", async () => {
      const lone = await oneRender({ state: "publishing" });
      const other = await oneRender({ state: "in_review" });
      const { media } = recordingMedia();
      expect(
        await rejectOtherCandidates(review.database.prisma, media, {
          shop: SHOP,
          renderId: lone.id,
          reviewer: "staff:4",
        }),
      ).toEqual({ rejected: [], failed: [] });
      expect((await row(other.id)).state).toBe("in_review");
    });

    it("counts a sibling another reviewer decided meanwhile as not rejected, and lets other errors through", async () => {
      const group = "group-race";
      const chosen = await oneRender({ state: "publishing", candidateGroup: group, candidateIndex: 1 });
      const sibling = await oneRender({ state: "in_review", candidateGroup: group, candidateIndex: 2 });
      // The sibling is listed, then decided by someone else before this rejection reaches it.
      const racing = review.database.prisma.$extends({
        query: {
          render: {
            async findMany({ args, query }) {
              const rows = await query(args);
              await review.database.prisma.render.update({ where: { id: sibling.id }, data: { state: "publishing" } });
              return rows;
            },
          },
        },
      }) as unknown as typeof review.database.prisma;
      const { media, calls } = recordingMedia();
      expect(await rejectOtherCandidates(racing, media, { shop: SHOP, renderId: chosen.id, reviewer: "s" })).toEqual({
        rejected: [],
        failed: [sibling.id],
      });
      expect(calls).toEqual([]);

      await review.database.prisma.render.update({ where: { id: sibling.id }, data: { state: "in_review" } });
      const broken = review.databaseThatFails();
      await expect(
        rejectOtherCandidates(broken, media, { shop: SHOP, renderId: chosen.id, reviewer: "s" }),
      ).rejects.toThrow("the database went away");
    });
  });
});
