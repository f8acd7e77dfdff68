/**
 * The review decisions that settle a job, stop waiting for one, or act on a run and its queued renders, against a
 * real database (issue 27 point 7; the others are in review-actions.server.test.ts).
 */
import { describe, expect, it } from "vitest";
import { OTHER, SHOP, useReviewDatabase } from "../../../test/support/review-decisions";
import { recordPollResults } from "~/worker/sql/record-poll-results";
import { cancelQueuedRenders, resolveSubmitUnknown, setRunStatus, stopWaiting } from "./review-actions.server";

describe("review decisions on jobs and runs", () => {
  const review = useReviewDatabase();
  const { oneRender, row, refusal } = review;
  describe("settling a submit whose outcome is unknown", () => {
    it("'started' records the job and polls it now", async () => {
      const render = await oneRender({ state: "submit_unknown", errorCode: "submit_unknown", errorMessage: "x" });
      await resolveSubmitUnknown(review.database.prisma, {
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
        resolveSubmitUnknown(review.database.prisma, {
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
      await resolveSubmitUnknown(review.database.prisma, {
        shop: SHOP,
        renderId: render.id,
        outcome: "started",
        externalJobId: "job-given-up",
      });
      expect((await row(render.id)).state).toBe("running");
      await expect(
        resolveSubmitUnknown(review.database.prisma, {
          shop: SHOP,
          renderId: "no-such-render",
          outcome: "not_started",
        }),
      ).rejects.toEqual(refusal("changed.resolved"));
    });

    it("'started' lets a failure other than a taken job id through as it is", async () => {
      const render = await oneRender({ state: "submit_unknown" });
      const broken = review.databaseThatFails();
      await expect(
        resolveSubmitUnknown(broken, { shop: SHOP, renderId: render.id, outcome: "started", externalJobId: "job-x" }),
      ).rejects.toThrow("the database went away");
    });

    it("'not started' fails the render and releases its reserved credits, and only its charge", async () => {
      const render = await oneRender({ state: "submit_unknown", creditsCharged: 5 });
      const neighbour = await oneRender({ state: "running", creditsCharged: 5, externalJobId: "job-n" });
      await review.database.prisma.creditLedgerEntry.createMany({
        data: [
          { shop: SHOP, renderId: render.id, kind: "charge", credits: 5 },
          { shop: SHOP, renderId: render.id, kind: "refund", credits: -5 },
          { shop: SHOP, renderId: neighbour.id, kind: "charge", credits: 5 },
        ],
      });
      await resolveSubmitUnknown(review.database.prisma, { shop: SHOP, renderId: render.id, outcome: "not_started" });
      const failed = await row(render.id);
      expect(failed).toMatchObject({
        state: "failed",
        creditsCharged: 0,
        errorCode: "not_started",
        errorMessage: "messages:render.notStarted",
      });
      expect(failed.finishedAt).not.toBeNull();
      const ledger = await review.database.prisma.creditLedgerEntry.findMany({ orderBy: { credits: "asc" } });
      expect(ledger.map((entry) => [entry.renderId, entry.kind])).toEqual([
        [render.id, "refund"],
        [neighbour.id, "charge"],
      ]);
    });

    it("refuses 'not started' for a render that has a job, and anything for a render not waiting on it", async () => {
      const started = await oneRender({ state: "submit_unknown", externalJobId: "job-was-started" });
      await expect(
        resolveSubmitUnknown(review.database.prisma, { shop: SHOP, renderId: started.id, outcome: "not_started" }),
      ).rejects.toEqual(refusal("jobStarted"));
      expect((await row(started.id)).state).toBe("submit_unknown");

      const queued = await oneRender({ state: "queued", creditsCharged: 5 });
      await review.database.prisma.creditLedgerEntry.create({
        data: { shop: SHOP, renderId: queued.id, kind: "charge", credits: 5 },
      });
      await expect(
        resolveSubmitUnknown(review.database.prisma, { shop: SHOP, renderId: queued.id, outcome: "not_started" }),
      ).rejects.toEqual(refusal("changed.resolved"));
      await expect(
        resolveSubmitUnknown(review.database.prisma, {
          shop: SHOP,
          renderId: queued.id,
          outcome: "started",
          externalJobId: "job-late",
        }),
      ).rejects.toEqual(refusal("changed.resolved"));
      expect(await review.database.prisma.creditLedgerEntry.count({ where: { renderId: queued.id } })).toBe(1);
      expect(await row(queued.id)).toMatchObject({ state: "queued", creditsCharged: 5, externalJobId: null });
    });
  });

  describe("stopping the wait for a job", () => {
    it("fails a stalled render for good, its credits still counted, saying which job", async () => {
      const render = await oneRender({ state: "stalled", externalJobId: "job-stalled", creditsCharged: 6 });
      await stopWaiting(review.database.prisma, { shop: SHOP, renderId: render.id, reviewer: "staff:5" });
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

    it("goes through while a worker is checking the job, and the worker's answer then changes nothing", async () => {
      const checking = { leaseOwner: "worker-1", leaseToken: 3, leaseExpiresAt: new Date(Date.now() + 60_000) };
      const render = await oneRender({
        state: "stalled",
        externalJobId: "job-checked",
        creditsCharged: 6,
        ...checking,
      });
      await stopWaiting(review.database.prisma, { shop: SHOP, renderId: render.id, reviewer: "staff:5" });
      expect(await row(render.id)).toMatchObject({ state: "failed", leaseOwner: null, leaseExpiresAt: null });

      // The worker's check ends: the service failed the job and gave its credits back. Its write is fenced.
      const written = await recordPollResults(
        review.database.prisma,
        [
          {
            id: render.id,
            leaseToken: 3,
            expected: "stalled",
            state: "failed",
            nextAttemptAt: null,
            serviceStatus: "failed",
            outputUrl: null,
            errorCode: "service_failed",
            errorMessage: null,
            refund: 6,
            renderedAt: null,
            finishedAt: new Date(),
          },
        ],
        new Date(),
      );
      expect(written).toEqual([]);
      expect(await row(render.id)).toMatchObject({ errorCode: "stopped_waiting", creditsRefunded: 0 });
      expect(
        await review.database.prisma.creditLedgerEntry.findMany({ where: { renderId: render.id, kind: "refund" } }),
      ).toEqual([]);
    });

    it("works from submit_unknown too, and refuses other states, a render without a job, and a foreign one", async () => {
      const unknown = await oneRender({ state: "submit_unknown", externalJobId: "job-unknown" });
      await stopWaiting(review.database.prisma, { shop: SHOP, renderId: unknown.id, reviewer: "staff:5" });
      expect((await row(unknown.id)).state).toBe("failed");

      const running = await oneRender({ state: "running", externalJobId: "job-running" });
      await expect(
        stopWaiting(review.database.prisma, { shop: SHOP, renderId: running.id, reviewer: "staff:5" }),
      ).rejects.toEqual(refusal("changed.stopped"));
      const withoutJob = await oneRender({ state: "stalled" });
      await expect(
        stopWaiting(review.database.prisma, { shop: SHOP, renderId: withoutJob.id, reviewer: "staff:5" }),
      ).rejects.toEqual(refusal("noJob"));
      const foreign = await oneRender({ state: "stalled", externalJobId: "job-foreign" }, OTHER);
      await expect(
        stopWaiting(review.database.prisma, { shop: SHOP, renderId: foreign.id, reviewer: "staff:5" }),
      ).rejects.toEqual(refusal("renderNotFound"));
      expect((await row(running.id)).state).toBe("running");
      expect((await row(withoutJob.id)).state).toBe("stalled");
      expect((await row(foreign.id)).state).toBe("stalled");
    });
  });

  describe("runs and queued renders", () => {
    async function oneRun(status: "active" | "paused" | "completed" | "cancelled", shop = SHOP) {
      return review.database.prisma.run.create({
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
      const count = await cancelQueuedRenders(review.database.prisma, {
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
      expect(await cancelQueuedRenders(review.database.prisma, { shop: SHOP, runId: run.id })).toBe(1);
      expect((await row(otherProduct.id)).state).toBe("cancelled");
    });

    it("pauses an active run, resumes a paused one, and refuses each the other way round", async () => {
      const run = await oneRun("active");
      await expect(
        setRunStatus(review.database.prisma, { shop: SHOP, runId: run.id, action: "resume" }),
      ).rejects.toEqual(refusal("run.resume"));
      await setRunStatus(review.database.prisma, { shop: SHOP, runId: run.id, action: "pause" });
      const paused = await review.database.prisma.run.findUniqueOrThrow({ where: { id: run.id } });
      expect(paused.status).toBe("paused");
      expect(paused.pausedAt).not.toBeNull();
      await expect(
        setRunStatus(review.database.prisma, { shop: SHOP, runId: run.id, action: "pause" }),
      ).rejects.toEqual(refusal("run.pause"));
      await setRunStatus(review.database.prisma, { shop: SHOP, runId: run.id, action: "resume" });
      expect(await review.database.prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
        status: "active",
        pausedAt: null,
      });
    });

    it("cancels an active or paused run with its queued renders; not a finished run, nor another shop's", async () => {
      for (const status of ["active", "paused"] as const) {
        const run = await oneRun(status);
        const queued = await oneRender({ state: "queued", runId: run.id });
        await setRunStatus(review.database.prisma, { shop: SHOP, runId: run.id, action: "cancel" });
        const cancelled = await review.database.prisma.run.findUniqueOrThrow({ where: { id: run.id } });
        expect(cancelled.status).toBe("cancelled");
        expect(cancelled.cancelledAt).not.toBeNull();
        expect((await row(queued.id)).state).toBe("cancelled");
      }
      // A queued render outside the cancelled run, of this shop and another, stays queued.
      const run = await oneRun("active");
      const outside = await oneRender({ state: "queued" });
      const foreignOutside = await oneRender({ state: "queued" }, OTHER);
      await setRunStatus(review.database.prisma, { shop: SHOP, runId: run.id, action: "cancel" });
      expect((await row(outside.id)).state).toBe("queued");
      expect((await row(foreignOutside.id)).state).toBe("queued");
      const finished = await oneRun("completed");
      await expect(
        setRunStatus(review.database.prisma, { shop: SHOP, runId: finished.id, action: "cancel" }),
      ).rejects.toEqual(refusal("run.cancel"));
      const foreign = await oneRun("active", OTHER);
      const foreignQueued = await oneRender({ state: "queued", runId: foreign.id }, OTHER);
      for (const action of ["pause", "cancel"] as const) {
        await expect(setRunStatus(review.database.prisma, { shop: SHOP, runId: foreign.id, action })).rejects.toEqual(
          refusal(`run.${action}`),
        );
      }
      expect((await review.database.prisma.run.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe("active");
      expect((await row(foreignQueued.id)).state).toBe("queued");
    });

    it("pausing or resuming leaves the run's queued renders queued", async () => {
      const run = await oneRun("active");
      const queued = await oneRender({ state: "queued", runId: run.id });
      await setRunStatus(review.database.prisma, { shop: SHOP, runId: run.id, action: "pause" });
      await setRunStatus(review.database.prisma, { shop: SHOP, runId: run.id, action: "resume" });
      expect((await row(queued.id)).state).toBe("queued");
    });
  });
});
