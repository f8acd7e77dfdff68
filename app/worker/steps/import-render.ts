import { Prisma, type Render, type ShopSettings } from "@prisma/client";
import { notScored, type RenderColourRecord } from "~/colour/render-colour.server";
import { sourceImagesSchema } from "~/looks/render-options";
import { z } from "zod";
import { MediaChangeRefused, renderFilename, type StagedImage } from "~/renders/review/media-port";
import { suggestedAltText } from "~/renders/review/alt-text";
import { variantColourOf } from "~/renders/lifecycle/variant-colour";
import { dbNowPlus, renewLease, transitionHeldRender } from "~/renders/lifecycle/render-store.server";
import { TryOnResultRejectedError } from "~/tryon";
import { backoffMs, describeError, later, type TickContext } from "../tick-context";
import { TRANSFER_GC_EVERY_BYTES } from "../transfer-gc";
import { rejectResult } from "./reject-result";
import { messageKey } from "~/lib/staff-message";

const held = (render: Render) => ({ id: render.id, state: render.state, leaseToken: render.leaseToken });

/**
 * Alt text that says what the image is, for accessibility and for staff browsing Files, until staff approve it
 * with their own words (in the shop's language). It marks nothing: the app knows its files from its records.
 */
export function renderAltText(render: Pick<Render, "productTitle" | "variantColour">): string {
  return suggestedAltText("en", render.productTitle, variantColourOf(render.variantColour)?.value ?? null);
}

const stagedImageSchema = z.object({ resourceUrl: z.string().url(), filename: z.string().min(1) });

/**
 * Brings a finished render into Shopify Files, at once (the service's result URLs expire). The image streams from
 * the service to Shopify's staged upload, never held whole in memory (once, if the service declares no length).
 * The staged upload is recorded before fileCreate, and the file name is unique per render with duplicates
 * refused: a retry after a crash creates from the recorded upload and adopts the file an earlier attempt made,
 * without downloading again and without relying on file search to show a file created a moment ago.
 */
export async function importRender(ctx: TickContext, render: Render): Promise<void> {
  const runtime = ctx.runtimes.get(render.shop);
  const recorded = stagedImageSchema.safeParse(render.stagedUpload);
  const started = performance.now();
  let bytes: number | undefined;
  try {
    const media = await ctx.renderMediaFor(render.shop);
    let staged: StagedImage;
    if (recorded.success) {
      staged = recorded.data;
      if (!(await renewLease(ctx.db, held(render), ctx.config.workLeaseMs))) return;
    } else {
      if (!runtime?.tryOn || !render.externalJobId) throw new Error(messageKey("messages:render.keyMissing"));
      const result = await runtime.tryOn.downloadJobResult(
        { jobId: render.externalJobId, ...(render.outputUrl ? { outputUrl: render.outputUrl } : {}) },
        { signal: ctx.signal, timeoutMs: ctx.config.importTransferTimeoutMs },
      );
      // Asking for the download may have taken a while: make sure no other worker has taken over before uploading.
      if (!(await renewLease(ctx.db, held(render), ctx.config.workLeaseMs))) {
        await result.body.cancel().catch(() => undefined);
        return;
      }
      staged = await media.stageImage({
        body: result.body,
        byteLength: result.byteLength,
        contentType: result.contentType,
        filename: renderFilename(render, result.contentType),
      });
      bytes = result.byteLength ?? undefined;
      // A body of unknown length was read whole to learn it: count it as a large transfer.
      ctx.transferGc?.moved(bytes ?? TRANSFER_GC_EVERY_BYTES);
      // Recorded before the create, with the lease renewed: from here a crash leaves a file to adopt, never two.
      if (!(await recordStagedUpload(ctx, render, staged))) return;
    }
    const outcome = await media.createFileFrom(staged, renderAltText(render));
    const imported = "created" in outcome ? outcome.created : outcome.existing;
    if (!imported) {
      await importFailed(ctx, render, messageKey("messages:render.fileNotListed"), { keepStaged: true });
      return;
    }
    await transitionHeldRender(ctx.db, held(render), "importing", {
      fileId: imported.fileId,
      fileStatus: imported.status,
      nextAttemptAt: later(ctx, ctx.config.fileReadyPollMs),
      errorCode: null,
      errorMessage: null,
    });
    ctx.metrics?.importSeconds.observe((performance.now() - started) / 1000);
    if (bytes !== undefined) ctx.metrics?.importBytes.observe(bytes);
  } catch (error) {
    if (error instanceof TryOnResultRejectedError) return rejectResult(ctx, render, error.message);
    // A recorded upload Shopify refuses to make a file of (expired, say) is dropped: the next attempt stages anew.
    await importFailed(ctx, render, messageKey("messages:render.saveFailed", { detail: describeError(error) }), {
      keepStaged: !(error instanceof MediaChangeRefused),
    });
  }
}

/** Stores the staged upload on the held render and renews its lease, in one fenced update. */
async function recordStagedUpload(ctx: TickContext, render: Render, staged: StagedImage): Promise<boolean> {
  // The lease is renewed on the database's clock, like every lease (render-store: DB_NOW).
  const updated = await ctx.db.$executeRaw`
    UPDATE "Render"
    SET "stagedUpload" = ${JSON.stringify(staged)}::jsonb, "leaseExpiresAt" = ${dbNowPlus(ctx.config.workLeaseMs)}
    WHERE id = ${render.id} AND state = ${render.state}::"RenderState" AND "leaseToken" = ${render.leaseToken}
      AND "leaseExpiresAt" IS NOT NULL`;
  return updated === 1;
}

async function importFailed(
  ctx: TickContext,
  render: Render,
  /** An encoded message: why this attempt failed. */
  message: string,
  { keepStaged }: { keepStaged: boolean },
): Promise<void> {
  const attempt = render.attempts + 1;
  if (attempt >= ctx.config.importMaxAttempts) {
    await transitionHeldRender(ctx.db, held(render), "failed", {
      attempts: attempt,
      nextAttemptAt: null,
      errorCode: "import_failed",
      errorMessage: messageKey("messages:render.importGaveUp", { reason: message, count: attempt }),
      finishedAt: ctx.now(),
    });
    return;
  }
  await transitionHeldRender(ctx.db, held(render), "import_failed", {
    attempts: attempt,
    nextAttemptAt: later(ctx, backoffMs(ctx, attempt)),
    errorCode: "import_failed",
    errorMessage: messageKey("messages:render.retrying", { reason: message }),
    ...(keepStaged ? {} : { stagedUpload: Prisma.DbNull }),
  });
}

/** The colour score of a render whose file is READY, or null when the worker has no scorer. Never throws. */
async function scoreColour(
  ctx: TickContext,
  render: Render,
  settings: ShopSettings | null,
  renderUrl: string | null,
): Promise<RenderColourRecord | null> {
  if (!ctx.scoreRenderColour) return null;
  const source = sourceImagesSchema.safeParse(render.sourceImages);
  const productPhotoUrl = source.success ? source.data.front[0] : undefined;
  if (!productPhotoUrl || !renderUrl) return notScored(messageKey("messages:colourReason.noAddresses"));
  const started = performance.now();
  const record = await ctx.scoreRenderColour({
    productPhotoUrl,
    renderUrl,
    thresholds: { good: settings?.colourGoodMax ?? 5, drift: settings?.colourDriftMin ?? 10 },
    signal: ctx.signal,
  });
  ctx.logger.info("colour scored", {
    shop: render.shop,
    renderId: render.id,
    verdict: record.colourVerdict,
    deltaE: record.colourDeltaE,
    ms: Math.round(performance.now() - started),
  });
  return record;
}

/**
 * Checks every claimed `importing` render of a shop in one Admin API request. READY goes to review (or straight
 * to publishing when the shop turned on publish-without-review); FAILED is deleted and imported again later.
 */
export async function checkImportedFiles(ctx: TickContext, shop: string, renders: Render[]): Promise<void> {
  let states;
  try {
    const media = await ctx.renderMediaFor(shop);
    states = await media.fileStates(renders.map((render) => render.fileId).filter((id): id is string => Boolean(id)));
  } catch (error) {
    for (const render of renders) {
      const attempt = render.attempts + 1;
      const reason = messageKey("messages:render.checkFileFailed", { detail: describeError(error) });
      if (attempt >= ctx.config.importMaxAttempts) {
        await transitionHeldRender(ctx.db, held(render), "failed", {
          attempts: attempt,
          nextAttemptAt: null,
          errorCode: "import_failed",
          errorMessage: messageKey("messages:render.checkGaveUp", { reason, count: attempt }),
          finishedAt: ctx.now(),
        });
        continue;
      }
      await transitionHeldRender(ctx.db, held(render), "importing", {
        attempts: attempt,
        nextAttemptAt: later(ctx, backoffMs(ctx, attempt)),
        errorMessage: messageKey("messages:render.retrying", { reason }),
      });
    }
    return;
  }
  const settings = ctx.runtimes.get(shop)?.settings ?? null;
  for (const render of renders) {
    const state = render.fileId ? states.get(render.fileId) : undefined;
    if (state?.status === "READY") {
      const colour = await scoreColour(ctx, render, settings, state.image?.url ?? null);
      // The score never publishes: it can only hold a drifted render back for a person (a setting, on by default).
      const publishWithoutReview =
        (settings?.publishWithoutReview ?? false) &&
        !(colour?.colourVerdict === "drift" && (settings?.holdDriftFromAutoPublish ?? true));
      await transitionHeldRender(ctx.db, held(render), publishWithoutReview ? "publishing" : "in_review", {
        ...(colour ?? {}),
        fileStatus: "READY",
        // Kept so staff pages show the image without asking Shopify on every load.
        resultUrl: state.image?.url ?? null,
        resultPreviewUrl: state.image?.previewUrl ?? null,
        resultWidth: state.image?.width ?? null,
        resultHeight: state.image?.height ?? null,
        importedAt: ctx.now(),
        nextAttemptAt: publishWithoutReview ? ctx.now() : null,
        ...(publishWithoutReview ? { reviewDecision: "auto_published", reviewedAt: ctx.now() } : {}),
        errorCode: null,
        errorMessage: null,
      });
    } else if (state?.status === "FAILED" || !state) {
      if (render.fileId) {
        const media = await ctx.renderMediaFor(shop).catch(() => null);
        await media?.deleteFile(render.fileId).catch(() => undefined);
      }
      const attempt = render.attempts + 1;
      const reason = state?.errorMessage
        ? messageKey("messages:render.fileFailed", { detail: state.errorMessage })
        : messageKey("messages:render.fileFailedNoDetail");
      // A file Shopify fails every time (an image it cannot read) must not be uploaded again forever.
      const givingUp = attempt >= ctx.config.importMaxAttempts;
      await transitionHeldRender(ctx.db, held(render), givingUp ? "failed" : "import_failed", {
        fileId: null,
        // The next attempt downloads and stages again: these bytes made a file Shopify could not process.
        stagedUpload: Prisma.DbNull,
        fileStatus: state?.status ?? null,
        attempts: attempt,
        nextAttemptAt: givingUp ? null : later(ctx, backoffMs(ctx, attempt)),
        errorCode: "file_failed",
        errorMessage: givingUp
          ? messageKey("messages:render.importGaveUp", { reason, count: attempt })
          : messageKey("messages:render.retrying", { reason }),
        ...(givingUp ? { finishedAt: ctx.now() } : {}),
      });
    } else {
      // Back off as the wait grows: a quarter of the time waited so far, between fileReadyPollMs and 30 s.
      const waited = ctx.now().getTime() - (render.renderedAt ?? ctx.now()).getTime();
      await transitionHeldRender(ctx.db, held(render), "importing", {
        fileStatus: state.status,
        nextAttemptAt: later(ctx, Math.min(Math.max(ctx.config.fileReadyPollMs, waited / 4), 30_000)),
      });
    }
  }
}
