/**
 * The submit step tick by tick, once the request has left (issue 27 point 7): a refusal releases the reserved credits,
 * a submit that may have been paid is never sent again and never released, and a job id is never lost nor counted
 * twice. The try-on service answers from a script; the clock is injected.
 */
import type { PrismaClient } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { messageKey } from "~/lib/staff-message";
import { resolveSubmitUnknown } from "~/renders/review/review-actions.server";
import {
  TryOnOutcomeUnknownError,
  TryOnRateLimitedError,
  TryOnRejectedInputError,
  TryOnUnavailableError,
} from "~/tryon";
import { seedRenders } from "../../../harness/render-fixtures";
import { useSubmitStep } from "../../../harness/submit-step";
import { recordingWorkerLogger, scriptedTryOn, stepWorker } from "../../../harness/worker-steps";

const SHOP = "submit-outcomes.myshopify.com";
const T0 = new Date(Date.UTC(2026, 5, 1, 12));
const RETRY_BASE_MS = 10_000;

describe("the submit step, once the request has left", () => {
  const { db, clock, keyHash, queued, row, ledger, worker } = useSubmitStep(SHOP, T0);

  it("holds back the tick's other renders of a rate-limited key unchecked, and releases the refused one's credits", async () => {
    await queued(2);
    const { worker: w, tryOn } = worker(
      {
        async submit() {
          throw new TryOnRateLimitedError("429", { operation: "submit", retryAfterMs: 30_000 });
        },
      },
      { config: { httpConcurrency: 1 } },
    );
    await w.tick();
    expect([tryOn.checks.length, tryOn.submits.length]).toEqual([1, 1]);
    const renders = await db().render.findMany({ where: { shop: SHOP }, orderBy: { nextAttemptAt: "asc" } });
    expect(renders.map((render) => [render.state, render.nextAttemptAt!.getTime() - T0.getTime()])).toEqual([
      ["queued", RETRY_BASE_MS],
      ["queued", 30_000],
    ]);
    expect(renders.map((render) => [render.creditsCharged, render.finishedAt])).toEqual([
      [0, null],
      [0, null],
    ]);
    expect(await ledger()).toEqual([]);
    const gate = await db().serviceGate.findUniqueOrThrow({ where: { keyHash: keyHash() } });
    expect(gate.pausedUntil).toEqual(new Date(T0.getTime() + 30_000));
  });

  it("fails a render the service refused after the intent, releasing its reserved credits", async () => {
    const [render] = await queued();
    const { worker: w } = worker({
      async submit() {
        throw new TryOnRejectedInputError("422", { operation: "submit", serviceMessage: "Pose not offered" });
      },
    });
    await w.tick();
    expect(await row(render!.id)).toMatchObject({
      state: "failed",
      errorCode: "rejected_by_service",
      errorMessage: messageKey("messages:render.refusedByService", { detail: "Pose not offered" }),
      creditsCharged: 0,
      nextAttemptAt: null,
      finishedAt: T0,
    });
    expect(await ledger()).toEqual([]);
  });

  for (const [what, thrown] of [
    ["a timeout after sending", new TryOnOutcomeUnknownError("timeout", { operation: "submit", reason: "timeout" })],
    ["a bug", new TypeError("cannot read job")],
  ] as const) {
    it(`leaves a submit that may have been paid (${what}) for a person at once, its credits kept, never sent again`, async () => {
      const [render] = await queued();
      const {
        worker: w,
        tryOn,
        logger,
      } = worker({
        async submit() {
          throw thrown;
        },
      });
      await w.tick();
      expect(await row(render!.id)).toMatchObject({
        state: "submit_unknown",
        errorCode: "submit_outcome_unknown",
        errorMessage: messageKey("messages:render.unconfirmed", { detail: thrown.message }),
        creditsCharged: 5,
        nextAttemptAt: null,
        leaseOwner: null,
      });
      expect(await ledger()).toEqual([["charge", render!.id, 5]]);
      expect(logger.lines.filter((line) => line.level === "warn")).toEqual([
        { level: "warn", message: "submit outcome unknown", context: { renderId: render!.id, shop: SHOP } },
      ]);
      for (const later of [60_000, 3_600_000]) {
        clock.now = new Date(T0.getTime() + later);
        await w.tick();
      }
      expect(tryOn.submits).toHaveLength(1);
      expect((await row(render!.id)).state).toBe("submit_unknown");
    });
  }

  it("fails a render whose job id the service already gave another render, releasing its credits: one job, counted once", async () => {
    const [earlier] = await seedRenders(db(), SHOP, 1, {
      state: "running",
      externalJobId: "job-1",
      creditsCharged: 5,
      nextAttemptAt: new Date(T0.getTime() + 3_600_000),
    });
    const render = (await queued()).find((candidate) => candidate.id !== earlier!.id)!;
    const { worker: w, logger } = worker();
    await w.tick();
    expect(await row(render.id)).toMatchObject({
      state: "failed",
      errorCode: "duplicate_job_id",
      errorMessage: messageKey("messages:render.duplicateJob", { jobId: "job-1" }),
      externalJobId: null,
      creditsCharged: 0,
      finishedAt: T0,
    });
    expect(await ledger()).toEqual([]);
    expect((await row(earlier!.id)).externalJobId).toBe("job-1");
    expect(logger.lines.filter((line) => line.level === "error")).toEqual([
      {
        level: "error",
        message: "the try-on service returned a job id already recorded",
        context: { renderId: render.id, jobId: "job-1" },
      },
    ]);
  });

  it("keeps the job id on the render when a person took it over mid-submit, so the paid job is never lost", async () => {
    const [render] = await queued();
    const { worker: w, logger } = worker({
      async submit() {
        // A person settles the render while the request is out: the lease token moves on.
        await db().render.update({
          where: { id: render!.id },
          data: { state: "submit_unknown", leaseToken: { increment: 1 }, leaseOwner: null, leaseExpiresAt: null },
        });
        return { jobId: "job-late", status: "running", rawStatus: "queued", credits: 5 };
      },
    });
    await w.tick();
    expect(await row(render!.id)).toMatchObject({ state: "submit_unknown", externalJobId: "job-late" });
    expect(logger.lines.filter((line) => line.level === "error")).toEqual([
      {
        level: "error",
        message: "submitted job recorded after losing the lease",
        context: { renderId: render!.id, jobId: "job-late" },
      },
    ]);
  });

  it("never overwrites the job id staff recorded for a submit they settled while its answer was still on its way", async () => {
    const [render] = await queued();
    const { worker: w } = worker({
      async submit() {
        // The lease was reaped mid-submit and staff settled the render with the job id they found.
        await db().render.update({
          where: { id: render!.id },
          data: { state: "submit_unknown", leaseOwner: null, leaseExpiresAt: null },
        });
        await resolveSubmitUnknown(db(), {
          shop: SHOP,
          renderId: render!.id,
          outcome: "started",
          externalJobId: "job-staff",
        });
        return { jobId: "job-late", status: "running", rawStatus: "queued", credits: 5 };
      },
    });
    await w.tick();
    expect(await row(render!.id)).toMatchObject({ state: "running", externalJobId: "job-staff", creditsCharged: 5 });
  });

  it("leaves a paid submit whose job could not be recorded reserved, for the lease reaper, never released", async () => {
    const [render] = await queued();
    const failing = { on: false };
    const failingDb = db().$extends({
      query: {
        render: {
          async updateManyAndReturn({ args, query }) {
            if (failing.on) throw new Error("connection reset");
            return query(args);
          },
        },
      },
    }) as unknown as PrismaClient;
    const tryOn = scriptedTryOn({
      async submit() {
        failing.on = true;
        return { jobId: "job-lost", status: "running", rawStatus: "queued", credits: 5 };
      },
    });
    const logger = recordingWorkerLogger();
    await stepWorker(failingDb, { tryOn: tryOn.client, now: () => clock.now, logger }).tick();
    expect(await row(render!.id)).toMatchObject({ state: "submitting", creditsCharged: 5, finishedAt: null });
    expect(await ledger()).toEqual([["charge", render!.id, 5]]);
    expect(logger.lines.map((line) => line.message)).toContain("render step failed");
  });

  it("counts a submit that went through as the key answering: a tick whose polls failed does not open its circuit", async () => {
    await db().serviceGate.create({ data: { keyHash: keyHash(), consecutiveFailures: 4 } });
    await seedRenders(db(), SHOP, 1, { state: "running", externalJobId: "job-old", nextAttemptAt: T0 });
    const render = (await queued()).at(-1);
    let submitted!: () => void;
    const sent = new Promise<void>((resolve) => (submitted = resolve));
    const { worker: w, tryOn } = worker({
      async submit() {
        submitted();
        return { jobId: "job-new", status: "running", rawStatus: "queued", credits: 5 };
      },
      async status() {
        // Fails only once the submit has answered and the step has taken note of it.
        await sent;
        await new Promise((resolve) => setImmediate(resolve));
        throw new TryOnUnavailableError("503", { operation: "status" });
      },
    });
    await w.tick();
    expect(tryOn.polls).toEqual(["job-old"]);
    expect((await row(render!.id)).externalJobId).toBe("job-new");
    const gate = await db().serviceGate.findUniqueOrThrow({ where: { keyHash: keyHash() } });
    expect([gate.consecutiveFailures, gate.circuitOpenUntil]).toEqual([0, null]);
  });
});
