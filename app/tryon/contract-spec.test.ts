/**
 * Contract tests: the client against the in-process simulator. One test per rule of the spec
 * (../shared/tryon-service-spec.md), named after it; the faults the simulator can inject are in
 * contract-faults.test.ts. Every test that submits checks the simulator's record of submits, so a client that
 * repeated a submit would fail here.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posesFor, startTryOnSimulator } from "../../fakes/tryon-service";
import { readStream } from "~/lib/streams";
import { CatalogCache } from "./catalog";
import { createTryOnClient } from "./client";
import { DEFAULT_TRYON_PATHS } from "./config";
import { caught, images, job, setup, simulator, startContractServices, stopContractServices } from "./contract-fixture";
import { estimateCredits, TRYON_CREDIT_COST } from "./cost";
import { TryOnAuthError, TryOnInvalidRequestError, TryOnOutOfCreditsError, TryOnRejectedInputError } from "./errors";
import { recordingLogger, sampleJobInput } from "../../harness/tryon-client";
import { ASPECT_RATIOS, DEFAULT_TRYON_ENUMS, RESOLUTIONS, type TryOnJobInput } from "./wire";

beforeAll(startContractServices);
afterAll(stopContractServices);

describe("spec part 1: what the service does", () => {
  it("processing is asynchronous: a submit answers with a job id and polling reports completion", async () => {
    const { client } = setup();
    const submitted = await client.submitTryOnJob(job());
    expect(submitted.status).toBe("running");
    expect((await client.getJobStatus(submitted.jobId)).status).toBe("running");
    const finished = await client.waitForTryOnJob(submitted.jobId);
    expect(finished.status).toBe("completed");
    expect(finished.outputUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/results\//);
  });

  it("each job costs 5 credits at 2K and 6 credits at 4K", async () => {
    const { apiKey, client } = setup();
    const at2K = await client.submitTryOnJob(job({ resolution: "2K" }));
    const at4K = await client.submitTryOnJob(job({ resolution: "4K" }));
    expect([at2K.credits, at4K.credits]).toEqual([5, 6]);
    expect(TRYON_CREDIT_COST).toEqual({ "2K": 5, "4K": 6 });
    expect(estimateCredits([{ resolution: "2K" }, { resolution: "4K" }])).toBe(11);
    expect(simulator.getLedger(apiKey).charges.map((charge) => charge.credits)).toEqual([5, 6]);
  });

  it("the apparel submit operation is not idempotent: two submits create two jobs and two charges", async () => {
    const { apiKey, client, submits } = setup();
    const first = await client.submitTryOnJob(job());
    const second = await client.submitTryOnJob(job());
    expect(first.jobId).not.toBe(second.jobId);
    expect(submits()).toHaveLength(2);
    expect(simulator.getLedger(apiKey).charges).toHaveLength(2);
  });

  it("client flow: submit, poll, download the result and get a real image", async () => {
    const { client } = setup();
    const submitted = await client.submitTryOnJob(job({ aspectRatio: "4:3" }));
    const finished = await client.waitForTryOnJob(submitted.jobId);
    const result = await client.downloadJobResult(finished);
    expect(result.contentType).toBe("image/jpeg");
    const bytes = await readStream(result.body);
    expect(result.byteLength).toBe(bytes.byteLength);
    const metadata = await sharp(Buffer.from(bytes)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 2048, 1536]);
  });
});

describe("spec part 2: resources and their fields", () => {
  it("the job id returned on submit as data.id is the id used to poll status", async () => {
    const { apiKey, client } = setup();
    const submitted = await client.submitTryOnJob(job());
    expect(simulator.listJobs(apiKey).map((simJob) => simJob.id)).toEqual([submitted.jobId]);
    expect((await client.getJobStatus(submitted.jobId)).jobId).toBe(submitted.jobId);
  });

  it("mannequin and pose ids are obtained from listings, which clients cache", async () => {
    let listingRequests = 0;
    const { client } = setup({
      fetch: (input, init) => {
        if (/\/api\/v1\/(mannequins|poses|backgrounds)/.test(input)) listingRequests += 1;
        return fetch(input, init);
      },
    });
    const mannequins = await client.listMannequins();
    const poses = await client.listPoses("bottom");
    await client.listMannequins();
    await client.listPoses("bottom");
    expect(listingRequests).toBe(2);
    expect(mannequins.map((item) => item.id)).toContain("mnq_lena");
    expect(poses.map((pose) => pose.id)).toEqual(["pose_front_relaxed", "pose_walking", "pose_wide_stance"]);
    expect(mannequins[0]?.thumbnailUrl).toMatch(/\/static\/thumbnails\/mannequins\/.+\.png$/);
    const backgrounds = await client.listBackgrounds();
    expect(backgrounds.map((item) => item.id)).toContain("bg_studio_white");
  });

  it("a background can be given either as an id or as an image URL", async () => {
    const { client } = setup();
    const byId = await client.submitTryOnJob(job({ background: "bg_sunset" }));
    const url = simulator.sampleImageUrl("tee-back.jpg");
    const byUrl = await client.submitTryOnJob(job({ background: url }));
    expect(simulator.getJob(byId.jobId)?.request.background).toBe("bg_sunset");
    expect(simulator.getJob(byUrl.jobId)?.request.background).toBe(url);
  });

  it("submit request field names are snake_case, every field of the spec included", async () => {
    const { client, submits } = setup();
    await client.submitTryOnJob(
      job({ productBackImage: simulator.sampleImageUrl("tee-back.jpg"), userInstruction: "Roll the sleeves once." }),
    );
    const body = submits()[0]?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      [
        "product_type",
        "product_images",
        "product_back_image",
        "product_category",
        "mannequin_id",
        "pose_id",
        "background",
        "lock_background",
        "resolution",
        "aspect_ratio",
        "body_size",
        "expression",
        "user_instruction",
      ].sort(),
    );
  });

  it("every enum value the client accepts, the service accepts; a value outside them is refused before sending", async () => {
    const variants: Partial<TryOnJobInput>[] = [
      ...DEFAULT_TRYON_ENUMS.productTypes.map((productType) => ({
        productType,
        productCategory: undefined,
        poseId: posesFor(productType)[0]?.id ?? "no pose",
      })),
      ...DEFAULT_TRYON_ENUMS.productCategories.map((productCategory) => ({ productCategory })),
      ...DEFAULT_TRYON_ENUMS.bodySizes.map((bodySize) => ({ bodySize })),
      ...DEFAULT_TRYON_ENUMS.expressions.map((expression) => ({ expression })),
      ...RESOLUTIONS.map((resolution) => ({ resolution })),
      ...ASPECT_RATIOS.map((aspectRatio) => ({ aspectRatio })),
    ];
    const accepted = setup({ credits: 6 * variants.length });
    for (const variant of variants) {
      await expect(accepted.client.submitTryOnJob(job(variant)), JSON.stringify(variant)).resolves.toHaveProperty(
        "jobId",
      );
    }
    expect(accepted.submits()).toHaveLength(variants.length);

    const { client, submits } = setup();
    const error = await caught(client.submitTryOnJob(job({ expression: "angry" })));
    expect(error).toBeInstanceOf(TryOnInvalidRequestError);
    expect((error as TryOnInvalidRequestError).problems.join()).toMatch(/expression/);
    expect(submits()).toHaveLength(0);
  });
});

describe("spec part 3: states and transitions", () => {
  it("a poller checks status repeatedly until completed or failed, and both end polling", async () => {
    const { client, fault } = setup();
    fault({ fault: { type: "fail_job", message: "Garment not detected" }, times: 1 });
    const failing = await client.submitTryOnJob(job());
    const completing = await client.submitTryOnJob(job());
    const failed = await client.waitForTryOnJob(failing.jobId);
    const completed = await client.waitForTryOnJob(completing.jobId);
    expect([failed.status, failed.errorMessage]).toEqual(["failed", "Garment not detected"]);
    expect(completed.status).toBe("completed");
  });

  it("credits are deducted when the job starts", async () => {
    const { apiKey, client } = setup({ credits: 20 });
    const submitted = await client.submitTryOnJob(job({ resolution: "4K" }));
    expect((await client.getJobStatus(submitted.jobId)).status).toBe("running");
    expect(simulator.getLedger(apiKey).balance).toBe(14);
  });

  it("when a job fails, the credits are refunded automatically", async () => {
    const { apiKey, client, fault } = setup({ credits: 20 });
    fault({ fault: { type: "fail_job" }, times: 1 });
    const submitted = await client.submitTryOnJob(job({ resolution: "4K" }));
    expect((await client.waitForTryOnJob(submitted.jobId)).status).toBe("failed");
    const ledger = simulator.getLedger(apiKey);
    expect(ledger.refunds).toEqual([expect.objectContaining({ jobId: submitted.jobId, credits: 6 })]);
    expect(ledger.balance).toBe(20);
  });
});

describe("spec part 4: endpoints", () => {
  it("the submit answer carries the job id, not the image", async () => {
    const { client } = setup();
    const submitted = await client.submitTryOnJob(job());
    expect(Object.keys(submitted).sort()).toEqual(["credits", "jobId", "rawStatus", "status"]);
    expect(submitted.rawStatus).toBe("queued");
  });

  it("input images are at most 10 MB each and JPEG, PNG or WebP: checked before any credit is spent", async () => {
    const { apiKey, client, submits } = setup();
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#f00" } })
      .gif()
      .toBuffer();
    const gifUrl = images.add("contract/product.gif", gif, { contentType: "image/gif" });
    const huge = Buffer.alloc(10_000_001);
    huge.set([0xff, 0xd8, 0xff]);
    const hugeUrl = images.add("contract/huge.jpg", huge, { contentType: "image/jpeg" });

    const refused = await client.checkTryOnInput(job({ productImages: [gifUrl, hugeUrl] }));
    expect(refused.ok).toBe(false);
    expect(refused.ok ? [] : refused.problems.map((problem) => `${problem.field}:${problem.code}`)).toEqual([
      "productImages.0:unsupported_image_format",
      "productImages.1:image_too_large",
    ]);

    const converted = simulator.sampleImageUrl("tee-front.webp");
    const fixed = await client.checkTryOnInput(job({ productImages: [gifUrl, hugeUrl] }), {
      requestTransformedUrl: async () => converted,
    });
    if (!fixed.ok) throw new Error(JSON.stringify(fixed.problems));
    expect(fixed.input.productImages).toEqual([converted, converted]);
    expect(submits()).toHaveLength(0);
    await client.submitTryOnJob(fixed.input);
    expect(simulator.getLedger(apiKey).charges).toHaveLength(1);
  });

  it("an image the service refuses anyway is rejected input, not charged and not resent", async () => {
    const { apiKey, client, submits } = setup();
    const gifUrl = simulator.sampleImageUrl("tee-front.gif");
    const error = await caught(client.submitTryOnJob(job({ productImages: [gifUrl] })));
    expect(error).toBeInstanceOf(TryOnRejectedInputError);
    expect((error as TryOnRejectedInputError).fieldErrors[0]).toMatchObject({
      field: "product_images[0]",
      code: "unsupported_image_format",
    });
    expect(submits()).toHaveLength(1);
    expect(simulator.getLedger(apiKey).charges).toHaveLength(0);
  });
});

describe("spec part 5: authentication", () => {
  it("every call carries the bearer key, and a key the service does not know is an auth error on every endpoint", async () => {
    const logger = recordingLogger();
    const client = createTryOnClient({
      baseUrl: simulator.baseUrl,
      apiKey: "sim_revoked_key_123",
      logger,
      catalogCache: new CatalogCache(),
    });
    const before = simulator.getSubmits("sim_revoked_key_123").length;
    for (const call of [
      () => client.submitTryOnJob(job()),
      () => client.getJobStatus("job_x"),
      () => client.listMannequins(),
      () => client.listPoses("top"),
      () => client.listBackgrounds(),
    ]) {
      const error = await caught(call());
      expect(error).toBeInstanceOf(TryOnAuthError);
      expect((error as TryOnAuthError).blocksAccount).toBe(true);
    }
    expect(simulator.getSubmits("sim_revoked_key_123").length - before).toBe(1);
    expect(logger.lines.filter((line) => line.message.startsWith("retrying"))).toEqual([]);
  });
});

describe("spec part 7: errors", () => {
  it("input the service rejects (422) fails with the service's message and is not resent", async () => {
    const { client, submits } = setup();
    const error = await caught(client.submitTryOnJob(job({ mannequinId: "mnq_retired" })));
    expect(error).toBeInstanceOf(TryOnRejectedInputError);
    const rejected = error as TryOnRejectedInputError;
    expect([rejected.httpStatus, rejected.serviceCode, rejected.mayHaveBeenCharged]).toEqual([
      422,
      "validation_failed",
      false,
    ]);
    expect(rejected.fieldErrors).toEqual([expect.objectContaining({ field: "mannequin_id", code: "unknown_id" })]);
    expect(rejected.message).toContain("the request has invalid fields");
    expect(submits()).toHaveLength(1);
  });

  it("out of credits (402) pauses the account with a clear message and is not resent", async () => {
    const { client, submits } = setup({ credits: 4 });
    const error = await caught(client.submitTryOnJob(job()));
    expect(error).toBeInstanceOf(TryOnOutOfCreditsError);
    expect((error as TryOnOutOfCreditsError).blocksAccount).toBe(true);
    expect((error as Error).message).toMatch(/too few credits.*needs 5 credits and the balance is 4/);
    expect(submits()).toHaveLength(1);
  });

  it("a job that ends failed is refunded, and the caller is told it failed with the reason", async () => {
    const { apiKey, client, fault } = setup();
    fault({ fault: { type: "fail_job", message: "Pose incompatible with garment" }, times: 1 });
    const submitted = await client.submitTryOnJob(job());
    const failed = await client.waitForTryOnJob(submitted.jobId);
    expect(failed).toMatchObject({ status: "failed", errorMessage: "Pose incompatible with garment" });
    expect(simulator.getLedger(apiKey).refunds).toHaveLength(1);
  });
});

describe("spec part 8: limits", () => {
  it("polling happens every 3 seconds", async () => {
    const { client, sleeps } = setup();
    const submitted = await client.submitTryOnJob(job());
    await client.waitForTryOnJob(submitted.jobId);
    expect(sleeps.length).toBeGreaterThanOrEqual(30);
    expect(new Set(sleeps)).toEqual(new Set([3000]));
  });

  it("a typical job takes 1.5 to 4 minutes (90-240 s before the time factor)", async () => {
    const { client } = setup();
    const durations: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const submitted = await client.submitTryOnJob(job());
      const started = simulator.now();
      await client.waitForTryOnJob(submitted.jobId);
      durations.push(simulator.now() - started);
    }
    for (const duration of durations) {
      expect(duration).toBeGreaterThanOrEqual(90_000);
      expect(duration).toBeLessThanOrEqual(243_000);
    }
  });

  it("a scaled simulator finishes jobs in real time within the scaled duration", async () => {
    const fast = await startTryOnSimulator({ timeFactor: 0.002 });
    try {
      const client = createTryOnClient({ baseUrl: fast.baseUrl, apiKey: fast.apiKey, logger: recordingLogger() });
      const submitted = await client.submitTryOnJob(sampleJobInput(fast.sampleImageUrl("tee-front.jpg")));
      const started = Date.now();
      const finished = await client.waitForTryOnJob(submitted.jobId, { intervalMs: 25 });
      expect(finished.status).toBe("completed");
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await fast.stop();
    }
  });
});

describe("spec part 9: versioning", () => {
  it("the version is part of the path: every default path is under /api/v1/", () => {
    for (const path of Object.values(DEFAULT_TRYON_PATHS)) expect(path).toMatch(/^\/api\/v1\//);
  });
});
