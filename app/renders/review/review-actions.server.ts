import type { Prisma, PrismaClient, Render } from "@prisma/client";
import { messageKey, type StaffMessageParams } from "~/lib/staff-message";
import { logBulkTransition } from "../lifecycle/transition-log";
import { variantColourOf } from "../lifecycle/variant-colour";
import { queueRender, type QueueLimits } from "../lifecycle/queue-renders.server";
import type { ProductSource } from "~/catalog/catalog-port";
import { publishOptionsSchema, type PublishOptions } from "./publish-options";
import type { RenderMedia } from "./media-port";
import { optionFieldsOf, renderOptionsSchema, sourceImagesSchema, type RenderOptions } from "~/looks/render-options";
import { isUniqueViolation, transitionRenderForPerson } from "../lifecycle/render-store.server";

type Db = Pick<PrismaClient, "render" | "run" | "$transaction" | "$queryRaw">;

/** A decision that cannot apply; its message is an encoded key of messages:refusal, which the pages `say()`. */
export class ReviewError extends Error {
  constructor(refusal: string, params?: StaffMessageParams) {
    super(messageKey(`messages:refusal.${refusal}`, params));
    this.name = "ReviewError";
  }
}

const notInState = (action: "approved" | "rejected" | "reverted" | "resolved" | "stopped") =>
  new ReviewError(`changed.${action}`);

/**
 * Approves a render in review. Publishing itself is the worker's job (durable and retried), so approval is
 * one conditional update: a double click or a second reviewer changes nothing the second time.
 */
export async function approveRender(
  db: Db,
  input: { shop: string; renderId: string; reviewer: string; options?: Partial<PublishOptions> },
): Promise<void> {
  const options = publishOptionsSchema.parse(input.options ?? {});
  const moved = await transitionRenderForPerson(
    db,
    { id: input.renderId, shop: input.shop, from: ["in_review"] },
    "publishing",
    {
      reviewDecision: "approved",
      reviewedBy: input.reviewer,
      reviewedAt: new Date(),
      publishOptions: options as unknown as Prisma.InputJsonValue,
      nextAttemptAt: new Date(),
      attempts: 0,
      errorCode: null,
      errorMessage: null,
    },
  );
  if (!moved) throw notInState("approved");
}

/** Rejects a render in review and deletes its file from Shopify (it was never attached to the product). */
export async function rejectRender(
  db: Db,
  media: RenderMedia,
  input: { shop: string; renderId: string; reviewer: string },
): Promise<void> {
  const render = await db.render.findFirst({ where: { id: input.renderId, shop: input.shop } });
  if (!render) throw new ReviewError("renderNotFound");
  const moved = await transitionRenderForPerson(
    db,
    { id: render.id, shop: input.shop, from: ["in_review"] },
    "rejected",
    {
      reviewDecision: "rejected",
      reviewedBy: input.reviewer,
      reviewedAt: new Date(),
      finishedAt: new Date(),
      nextAttemptAt: null,
    },
  );
  if (!moved) throw notInState("rejected");
  // After the state change: a failure here leaves an unattached file in Files, never a published image.
  if (render.fileId) await media.deleteFile(render.fileId).catch(() => undefined);
}

/** Detaches a published render from its product and puts it back in review. */
export async function revertRender(
  db: Db,
  media: RenderMedia,
  input: { shop: string; renderId: string; reviewer: string },
): Promise<void> {
  const render = await db.render.findFirst({ where: { id: input.renderId, shop: input.shop, state: "published" } });
  if (!render?.fileId) throw notInState("reverted");
  await media.detachFromProduct(render.fileId, render.productId);
  const moved = await transitionRenderForPerson(
    db,
    { id: render.id, shop: input.shop, from: ["published"] },
    "in_review",
    {
      reviewDecision: null,
      reviewedBy: input.reviewer,
      reviewedAt: new Date(),
      publishedAt: null,
      finishedAt: null,
    },
  );
  if (!moved) throw notInState("reverted");
}

/**
 * Queues a new render of the same product and images with changed options (a new charge when it runs). Throws
 * QueueFullError when the shop's queue has no room for it.
 */
export async function regenerateRender(
  db: Db,
  products: ProductSource,
  input: {
    shop: string;
    renderId: string;
    changes: Partial<RenderOptions>;
    requestKey?: string;
    limits: QueueLimits;
  },
): Promise<Render> {
  const original = await db.render.findFirst({ where: { id: input.renderId, shop: input.shop } });
  if (!original) throw new ReviewError("renderNotFound");
  const product = await products.getProduct(original.productId);
  if (!product) throw new ReviewError("productGone");
  const previous = renderOptionsSchema.parse(optionFieldsOf(original.params));
  const options = renderOptionsSchema.parse({ ...previous, ...input.changes });
  const images = sourceImagesSchema.parse(original.sourceImages);
  const { render } = await queueRender(db, {
    shop: input.shop,
    product,
    images,
    options,
    regeneratedFromId: original.id,
    limits: input.limits,
    // A colour's render stays that colour's: same source images, published on the same variants.
    variantColour: variantColourOf(original.variantColour),
    ...(input.requestKey ? { requestKey: input.requestKey } : {}),
    // A candidate's new render stands beside its siblings, numbered after the last of them.
    ...(original.candidateGroup
      ? { joinCandidateGroup: { group: original.candidateGroup, index: (await lastCandidateIndex(db, original)) + 1 } }
      : {}),
  });
  return render;
}

async function lastCandidateIndex(db: Db, render: Render): Promise<number> {
  const last = await db.render.aggregate({
    where: { shop: render.shop, candidateGroup: render.candidateGroup },
    _max: { candidateIndex: true },
  });
  return last._max.candidateIndex ?? 0;
}

/**
 * After one candidate is approved, its siblings still waiting in review are rejected and their files deleted
 * from Shopify (staff chose the best; the rest would only clutter Files). Siblings already decided, or still
 * rendering, are left as they are. Returns how many were rejected and which could not be.
 */
export async function rejectOtherCandidates(
  db: Db,
  media: RenderMedia,
  input: { shop: string; renderId: string; reviewer: string },
): Promise<{ rejected: string[]; failed: string[] }> {
  const chosen = await db.render.findFirst({ where: { id: input.renderId, shop: input.shop } });
  if (!chosen?.candidateGroup) return { rejected: [], failed: [] };
  const siblings = await db.render.findMany({
    where: { shop: input.shop, candidateGroup: chosen.candidateGroup, state: "in_review", id: { not: chosen.id } },
    select: { id: true },
  });
  const rejected: string[] = [];
  const failed: string[] = [];
  for (const sibling of siblings) {
    try {
      await rejectRender(db, media, { shop: input.shop, renderId: sibling.id, reviewer: input.reviewer });
      rejected.push(sibling.id);
    } catch (error) {
      // Another reviewer decided it meanwhile: their decision stands.
      if (!(error instanceof ReviewError)) throw error;
      failed.push(sibling.id);
    }
  }
  return { rejected, failed };
}

/**
 * A person settles a `submit_unknown` render after checking the service: either it did start (give its job id
 * and it is polled like any other) or it did not (it fails and its reserved credits are released).
 */
export async function resolveSubmitUnknown(
  db: Db,
  input: { shop: string; renderId: string } & (
    { outcome: "started"; externalJobId: string } | { outcome: "not_started" }
  ),
): Promise<void> {
  const where = { id: input.renderId, shop: input.shop, from: ["submit_unknown"] as const };
  if (input.outcome === "not_started") {
    const render = await db.render.findFirst({ where: { id: input.renderId, shop: input.shop } });
    // A render given up on while stalled has a job at the service: it started, and may have been charged.
    if (render?.externalJobId) {
      throw new ReviewError("jobStarted");
    }
  }
  const moved =
    input.outcome === "started"
      ? await transitionRenderForPerson(db, where, "running", {
          externalJobId: input.externalJobId,
          submittedAt: new Date(),
          nextAttemptAt: new Date(),
          errorCode: null,
          errorMessage: null,
        }).catch((error: unknown) => {
          if (!isUniqueViolation(error)) throw error;
          throw new ReviewError("jobTaken", { jobId: input.externalJobId });
        })
      : await db.$transaction(async (tx) => {
          const ok = await transitionRenderForPerson(tx, where, "failed", {
            creditsCharged: 0,
            finishedAt: new Date(),
            errorCode: "not_started",
            errorMessage: messageKey("messages:render.notStarted"),
          });
          if (ok) await tx.creditLedgerEntry.deleteMany({ where: { renderId: input.renderId, kind: "charge" } });
          return ok;
        });
  if (!moved) throw notInState("resolved");
}

/**
 * Staff stop waiting for a job that started at the service but never finished (stalled, or given up on past its
 * maximum age): the render ends as failed and is never sent again. The job may have been charged, so its credits
 * stay counted: the app cannot know whether the service will refund them.
 */
export async function stopWaiting(db: Db, input: { shop: string; renderId: string; reviewer: string }): Promise<void> {
  const render = await db.render.findFirst({ where: { id: input.renderId, shop: input.shop } });
  if (!render) throw new ReviewError("renderNotFound");
  if (!render.externalJobId) {
    throw new ReviewError("noJob");
  }
  const moved = await transitionRenderForPerson(
    db,
    { id: render.id, shop: input.shop, from: ["stalled", "submit_unknown"] },
    "failed",
    {
      nextAttemptAt: null,
      finishedAt: new Date(),
      reviewedBy: input.reviewer,
      reviewedAt: new Date(),
      errorCode: "stopped_waiting",
      errorMessage: messageKey("messages:render.stoppedWaiting", {
        jobId: render.externalJobId,
        credits: render.creditsCharged,
      }),
    },
    // A stalled job is still checked now and then; staff need not wait for that check to end (ADR 107).
    { overWorkerLease: true },
  );
  if (!moved) throw notInState("stopped");
}

/**
 * Cancels renders that have not been sent yet; renders already at the service finish and come to review. A
 * queued render a worker is still checking is cancelled too: the token bump makes its submit intent fail.
 */
export async function cancelQueuedRenders(
  db: Db,
  where: { shop: string; runId?: string; productId?: string },
): Promise<number> {
  const result = await db.render.updateMany({
    where: { ...where, state: "queued" },
    data: { state: "cancelled", finishedAt: new Date(), nextAttemptAt: null, leaseToken: { increment: 1 } },
  });
  logBulkTransition({
    shop: where.shop,
    runId: where.runId,
    from: "queued",
    to: "cancelled",
    count: result.count,
    reason: "cancelled by staff",
  });
  return result.count;
}

export async function setRunStatus(
  db: Db,
  input: { shop: string; runId: string; action: "pause" | "resume" | "cancel" },
): Promise<void> {
  const now = new Date();
  const changed =
    input.action === "pause"
      ? await db.run.updateMany({
          where: { id: input.runId, shop: input.shop, status: "active" },
          data: { status: "paused", pausedAt: now },
        })
      : input.action === "resume"
        ? await db.run.updateMany({
            where: { id: input.runId, shop: input.shop, status: "paused" },
            data: { status: "active", pausedAt: null },
          })
        : await db.run.updateMany({
            where: { id: input.runId, shop: input.shop, status: { in: ["active", "paused"] } },
            data: { status: "cancelled", cancelledAt: now },
          });
  if (changed.count === 0) throw new ReviewError(`run.${input.action}`);
  if (input.action === "cancel") await cancelQueuedRenders(db, { shop: input.shop, runId: input.runId });
}
