/**
 * The submit step tick by tick, before anything is sent: what is checked before any credit is reserved, and when a
 * claimed render goes back to the queue unsent (issue 27 point 7). The try-on service answers from a script; the clock
 * is injected. What happens once a request has left is in submit-render-outcomes.test.ts.
 */
import { describe, expect, it } from "vitest";
import { messageKey } from "~/lib/staff-message";
import { seedRenders } from "../../../harness/render-fixtures";
import { useSubmitStep } from "../../../harness/submit-step";
import { scriptedMedia } from "../../../harness/worker-steps";

const SHOP = "submit-step.myshopify.com";
const T0 = new Date(Date.UTC(2026, 5, 1, 12));
const RETRY_BASE_MS = 10_000;

describe("the submit step, before sending", () => {
  const { db, queued, row, ledger, worker } = useSubmitStep(SHOP, T0);

  it("sends what the input check returned, a Shopify rendition swapped in, and records the job and its charge", async () => {
    const [render] = await queued();
    const mediaId = (render!.sourceImages as { mediaIds: string[] }).mediaIds[0]!;
    const renditions: string[] = [];
    const media = scriptedMedia({
      async imageRenditionUrl(id) {
        renditions.push(id);
        return "https://cdn.shopify.test/rendition.jpg";
      },
    });
    const {
      worker: w,
      tryOn,
      logger,
    } = worker(
      {
        async check(input, options) {
          const swapped = await options.requestTransformedUrl!(input.productImages[0]!, {
            code: "too_large",
          } as never);
          return { ok: true, input: { ...input, productImages: [swapped] }, substitutions: [] };
        },
      },
      { media },
    );
    await w.tick();
    expect(renditions).toEqual([mediaId]);
    expect(tryOn.submits.map((input) => input.productImages)).toEqual([["https://cdn.shopify.test/rendition.jpg"]]);
    expect(await row(render!.id)).toMatchObject({
      state: "running",
      externalJobId: "job-1",
      creditsCharged: 5,
      submittedAt: T0,
      leaseOwner: null,
      errorCode: null,
    });
    expect(await ledger()).toEqual([["charge", render!.id, 5]]);
    expect(logger.lines.filter((line) => line.level !== "info")).toEqual([]);
  });

  it("fails a render whose stored options no longer read as a job, asking the service nothing and charging nothing", async () => {
    const [render] = await seedRenders(db(), SHOP, 1, { nextAttemptAt: T0, params: { productType: "top" } });
    const { worker: w, tryOn } = worker();
    await w.tick();
    expect([tryOn.checks.length, tryOn.submits.length]).toEqual([0, 0]);
    const failed = await row(render!.id);
    expect(failed).toMatchObject({
      state: "failed",
      errorCode: "invalid_parameters",
      creditsCharged: 0,
      nextAttemptAt: null,
      finishedAt: T0,
    });
    expect(failed.errorMessage).toMatch(/^messages:render\.invalidOptions\?problems=.+/);
    expect(await ledger()).toEqual([]);
  });

  it("fails a render the input check refuses before any credit is reserved, naming the first problem and how many more", async () => {
    const [render] = await queued();
    const { worker: w, tryOn } = worker({
      async check() {
        return {
          ok: false,
          problems: [
            { field: "productImages.0", code: "too_large", message: "messages:photo.tooLarge" },
            { field: "poseId", code: "unknown_id", message: "messages:photo.unknownPose" },
          ],
        } as never;
      },
    });
    await w.tick();
    expect(tryOn.submits).toEqual([]);
    expect(await row(render!.id)).toMatchObject({
      state: "failed",
      errorCode: "input_rejected_before_submit",
      errorMessage: messageKey("messages:render.inputRejectedAndMore", {
        problems: "messages:photo.tooLarge",
        count: 1,
      }),
      creditsCharged: 0,
      finishedAt: T0,
    });
    expect(await ledger()).toEqual([]);
  });

  it("holds a render back and pauses its shop, asking the service nothing, once the shop's key is gone", async () => {
    const [render] = await queued();
    await db().shopSettings.update({ where: { shop: SHOP }, data: { tryOnApiKeyEncrypted: null } });
    const { worker: w, tryOn } = worker();
    await w.tick();
    expect([tryOn.checks.length, tryOn.submits.length]).toEqual([0, 0]);
    expect(await row(render!.id)).toMatchObject({
      state: "queued",
      nextAttemptAt: new Date(T0.getTime() + RETRY_BASE_MS),
      creditsCharged: 0,
    });
    const settings = await db().shopSettings.findUniqueOrThrow({ where: { shop: SHOP } });
    expect([settings.pausedReason, settings.pausedAt]).toEqual(["missing_key", T0]);
  });

  it("sends nothing once the worker is stopping: a claimed render goes back to the queue, not even checked", async () => {
    const [render] = await queued();
    let stopping: Promise<void> | undefined;
    const { worker: w, tryOn } = worker({}, { onTryOnClient: () => (stopping = w.stop()) });
    await w.tick();
    await stopping;
    expect([tryOn.checks.length, tryOn.submits.length]).toEqual([0, 0]);
    expect(await row(render!.id)).toMatchObject({
      state: "queued",
      nextAttemptAt: new Date(T0.getTime() + RETRY_BASE_MS),
      creditsCharged: 0,
      leaseOwner: null,
    });
  });

  it("sends nothing when the worker starts stopping during the input check, which is told to stop: no credits reserved", async () => {
    const [render] = await queued();
    let stopping: Promise<void> | undefined;
    let checkTold: boolean | undefined;
    const { worker: w, tryOn } = worker({
      async check(input, options) {
        stopping = w.stop();
        checkTold = options.signal?.aborted;
        return { ok: true, input, substitutions: [] };
      },
    });
    await w.tick();
    await stopping;
    expect([tryOn.checks.length, tryOn.submits.length, checkTold]).toEqual([1, 0, true]);
    expect(await row(render!.id)).toMatchObject({
      state: "queued",
      nextAttemptAt: new Date(T0.getTime() + RETRY_BASE_MS),
      creditsCharged: 0,
    });
    expect(await ledger()).toEqual([]);
  });
});
