import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startImageServer, type ImageServer } from "./image-server";
import { SIM_MAX_IMAGE_BYTES } from "./input-images";
import { startTryOnSimulator, type TryOnSimulator } from "./server";
import { callSimulator, dataOf, errorOf, validSubmitBody } from "./requests";

let simulator: TryOnSimulator;
let images: ImageServer;

beforeAll(async () => {
  // Fixed 1 s jobs: tests move the clock with advanceTime instead of waiting.
  simulator = await startTryOnSimulator({ jobDurationMs: { min: 1000, max: 1000 }, resultUrlTtlMs: 60_000 });
  images = await startImageServer();
});

afterAll(async () => {
  await simulator.stop();
  await images.stop();
});

afterEach(() => simulator.clearFaults());

async function submit(apiKey: string, overrides: Record<string, unknown> = {}) {
  return callSimulator(simulator, "POST", "/api/v1/tryon/apparel", {
    apiKey,
    body: validSubmitBody(simulator, overrides),
  });
}

describe("authentication", () => {
  it("answers 401 with a JSON error body when the API key is missing or unknown, on every endpoint", async () => {
    for (const [method, path] of [
      ["POST", "/api/v1/tryon/apparel"],
      ["GET", "/api/v1/tryon/apparel/job_x"],
      ["GET", "/api/v1/mannequins"],
      ["GET", "/api/v1/poses?product_type=top"],
      ["GET", "/api/v1/backgrounds"],
    ] as const) {
      for (const apiKey of [null, "sim_not_a_key_at_all"]) {
        const answer = await callSimulator(simulator, method, path, {
          apiKey,
          ...(method === "POST" && { body: validSubmitBody(simulator) }),
        });
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(errorOf(answer.json).code).toBe("unauthorized");
        expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
      }
    }
  });

  it("accepts one key on every endpoint", async () => {
    const apiKey = simulator.addApiKey();
    for (const path of ["/api/v1/mannequins", "/api/v1/poses?product_type=top", "/api/v1/backgrounds"]) {
      expect((await callSimulator(simulator, "GET", path, { apiKey })).status).toBe(200);
    }
    const accepted = await submit(apiKey);
    expect(accepted.status).toBe(202);
    const status = await callSimulator(simulator, "GET", `/api/v1/tryon/apparel/${String(dataOf(accepted.json).id)}`, {
      apiKey,
    });
    expect(status.status).toBe(200);
  });
});

describe("credits", () => {
  it("charges the job's credits when the job starts: 5 at 2K, 6 at 4K", async () => {
    const apiKey = simulator.addApiKey({ credits: 100 });
    const first = await submit(apiKey, { resolution: "2K" });
    const second = await submit(apiKey, { resolution: "4K" });
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(dataOf(first.json).credits_charged).toBe(5);
    const ledger = simulator.getLedger(apiKey);
    expect(ledger.balance).toBe(89);
    expect(ledger.charges.map((charge) => [charge.jobId, charge.credits])).toEqual([
      [dataOf(first.json).id, 5],
      [dataOf(second.json).id, 6],
    ]);
    expect(ledger.refunds).toEqual([]);
  });

  it("refunds the credits automatically when a job fails, at the moment it fails", async () => {
    const apiKey = simulator.addApiKey({ credits: 50 });
    simulator.injectFault({ apiKey, fault: { type: "fail_job", message: "Garment not detected" }, times: 1 });
    const failing = await submit(apiKey, { resolution: "4K" });
    const succeeding = await submit(apiKey, { resolution: "2K" });
    expect(simulator.getLedger(apiKey).balance).toBe(39);

    simulator.advanceTime(500);
    expect(simulator.getLedger(apiKey).refunds).toEqual([]);

    simulator.advanceTime(600);
    const ledger = simulator.getLedger(apiKey);
    expect(ledger.refunds.map((refund) => [refund.jobId, refund.credits])).toEqual([[dataOf(failing.json).id, 6]]);
    expect(ledger.balance).toBe(45);
    const failed = await callSimulator(simulator, "GET", `/api/v1/tryon/apparel/${String(dataOf(failing.json).id)}`, {
      apiKey,
    });
    expect(dataOf(failed.json)).toMatchObject({
      status: "failed",
      error_message: "Garment not detected",
      credits_refunded: 6,
    });
    const completed = simulator.getJob(String(dataOf(succeeding.json).id));
    expect(completed).toMatchObject({ state: "completed", refunded: false });
  });

  it("is not idempotent: two identical POSTs create two jobs and two charges", async () => {
    const apiKey = simulator.addApiKey({ credits: 20 });
    const body = validSubmitBody(simulator);
    const first = await callSimulator(simulator, "POST", "/api/v1/tryon/apparel", { apiKey, body });
    const second = await callSimulator(simulator, "POST", "/api/v1/tryon/apparel", { apiKey, body });
    expect(dataOf(first.json).id).not.toBe(dataOf(second.json).id);
    expect(simulator.listJobs(apiKey)).toHaveLength(2);
    expect(simulator.getLedger(apiKey).charges).toHaveLength(2);
    expect(simulator.getLedger(apiKey).balance).toBe(10);
    expect(simulator.getSubmits(apiKey)).toHaveLength(2);
  });

  it("refuses a job the balance cannot pay with 402 insufficient_credits and creates nothing", async () => {
    const apiKey = simulator.addApiKey({ credits: 5 });
    const refused = await submit(apiKey, { resolution: "4K" });
    expect(refused.status).toBe(402);
    expect(errorOf(refused.json).code).toBe("insufficient_credits");
    expect(simulator.listJobs(apiKey)).toEqual([]);
    expect(simulator.getLedger(apiKey)).toMatchObject({ balance: 5, charges: [] });
    expect((await submit(apiKey, { resolution: "2K" })).status).toBe(202);
  });
});

describe("validation", () => {
  it("answers 422 validation_failed with one detail per bad field", async () => {
    const body: Record<string, unknown> = validSubmitBody(simulator, {
      product_type: "hat",
      aspect_ratio: "2:1",
      resolution: "8K",
      body_size: "XXXL",
      expression: "angry",
      product_category: "cape",
      lock_background: "yes",
      product_images: ["not a url"],
      productType: "top",
    });
    delete body.mannequin_id;
    const answer = await callSimulator(simulator, "POST", "/api/v1/tryon/apparel", { body });
    expect(answer.status).toBe(422);
    const error = errorOf(answer.json);
    expect(error.code).toBe("validation_failed");
    const byField = Object.fromEntries((error.details ?? []).map((detail) => [detail.field, detail.code]));
    expect(byField).toEqual({
      product_type: "invalid_value",
      aspect_ratio: "invalid_value",
      resolution: "invalid_value",
      body_size: "invalid_value",
      expression: "invalid_value",
      product_category: "invalid_value",
      lock_background: "invalid_type",
      "product_images[0]": "invalid_url",
      mannequin_id: "required",
      productType: "unknown_field",
    });
  });

  it("answers 422 for ids not in the catalog and a pose not offered for the product type", async () => {
    const answer = await callSimulator(simulator, "POST", "/api/v1/tryon/apparel", {
      body: validSubmitBody(simulator, { mannequin_id: "mnq_nobody", pose_id: "pose_walking", background: "bg_moon" }),
    });
    expect(answer.status).toBe(422);
    const codes = (errorOf(answer.json).details ?? []).map((detail) => `${detail.field}:${detail.code}`);
    expect(codes).toEqual(["mannequin_id:unknown_id", "pose_id:pose_not_for_product_type", "background:unknown_id"]);
  });

  it("requires at least one front image and at most four", async () => {
    const none = await callSimulator(simulator, "POST", "/api/v1/tryon/apparel", {
      body: validSubmitBody(simulator, { product_images: [] }),
    });
    expect(errorOf(none.json).details?.[0]).toMatchObject({ field: "product_images", code: "too_few_items" });
    const url = simulator.sampleImageUrl("tee-front.jpg");
    const five = await callSimulator(simulator, "POST", "/api/v1/tryon/apparel", {
      body: validSubmitBody(simulator, { product_images: [url, url, url, url, url] }),
    });
    expect(errorOf(five.json).details?.[0]).toMatchObject({ field: "product_images", code: "too_many_items" });
  });

  it("answers 400 for a body that is not JSON and 415 without the JSON content type", async () => {
    const notJson = await callSimulator(simulator, "POST", "/api/v1/tryon/apparel", { rawBody: "{oops" });
    expect([notJson.status, errorOf(notJson.json).code]).toEqual([400, "invalid_json"]);
    const array = await callSimulator(simulator, "POST", "/api/v1/tryon/apparel", { body: [1] });
    expect([array.status, errorOf(array.json).code]).toEqual([400, "invalid_body"]);
    const text = await callSimulator(simulator, "POST", "/api/v1/tryon/apparel", {
      body: validSubmitBody(simulator),
      contentType: "text/plain",
    });
    expect([text.status, errorOf(text.json).code]).toEqual([415, "unsupported_media_type"]);
  });

  it("answers 422 for a poses listing of an unknown product type", async () => {
    const answer = await callSimulator(simulator, "GET", "/api/v1/poses?product_type=hat");
    expect(answer.status).toBe(422);
    expect(errorOf(answer.json).details?.[0]).toMatchObject({ field: "product_type", code: "invalid_value" });
  });
});

describe("input images", () => {
  it("rejects an input image over 10 MB and charges nothing", async () => {
    const tooLarge = Buffer.alloc(SIM_MAX_IMAGE_BYTES + 1024);
    tooLarge.set([0xff, 0xd8, 0xff, 0xe0]);
    const url = images.add("huge.jpg", tooLarge, { contentType: "image/jpeg" });
    const apiKey = simulator.addApiKey({ credits: 10 });
    const answer = await submit(apiKey, { product_images: [url] });
    expect(answer.status).toBe(422);
    expect(errorOf(answer.json).details?.[0]).toMatchObject({ field: "product_images[0]", code: "image_too_large" });
    expect(simulator.getLedger(apiKey)).toMatchObject({ balance: 10, charges: [] });
  });

  it("rejects an input image over 10 MB even when the host does not say its size", async () => {
    const tooLarge = Buffer.alloc(SIM_MAX_IMAGE_BYTES + 1024);
    tooLarge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const url = images.add("huge-chunked.png", tooLarge, { contentType: "image/png", chunked: true });
    const answer = await submit(simulator.apiKey, { product_back_image: url });
    expect(errorOf(answer.json).details?.[0]).toMatchObject({ field: "product_back_image", code: "image_too_large" });
  });

  it("rejects a GIF input image, whatever its Content-Type says", async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
      .gif()
      .toBuffer();
    const url = images.add("product.gif", gif, { contentType: "image/jpeg" });
    const answer = await submit(simulator.apiKey, { product_images: [simulator.sampleImageUrl("tee-front.jpg"), url] });
    expect(answer.status).toBe(422);
    expect(errorOf(answer.json).details).toEqual([
      expect.objectContaining({ field: "product_images[1]", code: "unsupported_image_format" }),
    ]);
  });

  it("rejects an image URL that cannot be downloaded", async () => {
    const answer = await submit(simulator.apiKey, { background: `${images.baseUrl}/missing.jpg` });
    expect(errorOf(answer.json).details?.[0]).toMatchObject({ field: "background", code: "image_unreachable" });
  });

  it("accepts JPEG, PNG and WebP, and a background given as an image URL", async () => {
    const answer = await submit(simulator.apiKey, {
      product_images: [simulator.sampleImageUrl("tee-front.webp"), simulator.sampleImageUrl("trousers-front.png")],
      product_back_image: simulator.sampleImageUrl("tee-back.jpg"),
      background: simulator.sampleImageUrl("tee-back.jpg"),
    });
    expect(answer.status).toBe(202);
  });
});

describe("jobs and results", () => {
  it("moves a job through queued, processing and finalizing to completed", async () => {
    const accepted = await submit(simulator.apiKey);
    expect(dataOf(accepted.json).status).toBe("queued");
    const statusPath = `/api/v1/tryon/apparel/${String(dataOf(accepted.json).id)}`;
    const seen: unknown[] = [];
    for (const step of [0, 200, 700, 100]) {
      simulator.advanceTime(step);
      seen.push(dataOf((await callSimulator(simulator, "GET", statusPath)).json).status);
    }
    expect(seen).toEqual(["queued", "processing", "finalizing", "completed"]);
  });

  it("serves a completed job's result as a JPEG from a URL that expires after resultUrlTtlMs", async () => {
    const accepted = await submit(simulator.apiKey);
    simulator.advanceTime(1000);
    const statusPath = `/api/v1/tryon/apparel/${String(dataOf(accepted.json).id)}`;
    const status = dataOf((await callSimulator(simulator, "GET", statusPath)).json);
    expect(status.status).toBe("completed");
    const outputUrl = String(status.output_url);
    const download = await fetch(outputUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await download.arrayBuffer())).metadata()).format).toBe("jpeg");

    simulator.advanceTime(60_001);
    const expired = await fetch(outputUrl);
    expect(expired.status).toBe(410);
    expect(errorOf(await expired.json()).code).toBe("url_expired");
    const fresh = dataOf((await callSimulator(simulator, "GET", statusPath)).json);
    expect((await fetch(String(fresh.output_url))).status).toBe(200);
  });

  it("refuses a result URL whose signature was tampered with", async () => {
    const accepted = await submit(simulator.apiKey);
    simulator.advanceTime(1000);
    const status = dataOf(
      (await callSimulator(simulator, "GET", `/api/v1/tryon/apparel/${String(dataOf(accepted.json).id)}`)).json,
    );
    const tampered = String(status.output_url).replace(
      /expires=(\d+)/,
      (_all, value: string) => `expires=${Number(value) + 1}`,
    );
    expect((await fetch(tampered)).status).toBe(403);
  });

  it("reports another key's job, or an unknown id, as 404 job_not_found", async () => {
    const accepted = await submit(simulator.apiKey);
    const stranger = simulator.addApiKey();
    const path = `/api/v1/tryon/apparel/${String(dataOf(accepted.json).id)}`;
    const other = await callSimulator(simulator, "GET", path, { apiKey: stranger });
    expect([other.status, errorOf(other.json).code]).toEqual([404, "job_not_found"]);
    const unknown = await callSimulator(simulator, "GET", "/api/v1/tryon/apparel/job_missing");
    expect(unknown.status).toBe(404);
  });
});

describe("catalog", () => {
  it("lists several mannequins, poses per product type and backgrounds, each with a PNG thumbnail", async () => {
    const mannequins = dataOf((await callSimulator(simulator, "GET", "/api/v1/mannequins")).json) as unknown as Array<
      Record<string, string>
    >;
    const backgrounds = dataOf((await callSimulator(simulator, "GET", "/api/v1/backgrounds")).json) as unknown as Array<
      Record<string, string>
    >;
    expect(mannequins.length).toBeGreaterThanOrEqual(4);
    expect(backgrounds.length).toBeGreaterThanOrEqual(3);
    for (const productType of ["top", "bottom", "dress", "outerwear", "jumpsuit"]) {
      const poses = dataOf(
        (await callSimulator(simulator, "GET", `/api/v1/poses?product_type=${productType}`)).json,
      ) as unknown as Array<{
        product_types: string[];
      }>;
      expect(poses.length, productType).toBeGreaterThanOrEqual(2);
      expect(poses.every((pose) => pose.product_types.includes(productType))).toBe(true);
    }
    const bottoms = dataOf(
      (await callSimulator(simulator, "GET", "/api/v1/poses?product_type=bottom")).json,
    ) as unknown as Array<{
      id: string;
      thumbnail_url: string;
    }>;
    for (const item of [mannequins[0], backgrounds[0], bottoms[0]]) {
      const thumbnail = await fetch(String(item?.thumbnail_url));
      expect(thumbnail.headers.get("content-type")).toBe("image/png");
      const metadata = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 240, 320]);
    }
  });
});

describe("test-only endpoints", () => {
  it("report balance, charges, refunds and every submit received, accepted or refused", async () => {
    const apiKey = simulator.addApiKey({ credits: 7 });
    await submit(apiKey);
    await submit(apiKey, { aspect_ratio: "2:1" });
    await submit(apiKey);
    const ledger = dataOf(
      (await callSimulator(simulator, "GET", `/__simulator/ledger?api_key=${apiKey}`, { apiKey: null })).json,
    );
    expect(ledger).toMatchObject({ balance: 2, refunds: [] });
    expect(ledger.charges).toHaveLength(1);
    const submits = (await callSimulator(simulator, "GET", `/__simulator/submits?api_key=${apiKey}`, { apiKey: null }))
      .json as { data: Array<{ httpStatus: number; errorCode?: string; jobId?: string }> };
    expect(submits.data.map((record) => [record.httpStatus, record.errorCode ?? null, Boolean(record.jobId)])).toEqual([
      [202, null, true],
      [422, "validation_failed", false],
      [402, "insufficient_credits", false],
    ]);
  });

  it("inject and clear faults, open accounts, set credits and move the clock", async () => {
    const created = await callSimulator(simulator, "POST", "/__simulator/accounts", {
      apiKey: null,
      body: { credits: 3 },
    });
    const apiKey = String(dataOf(created.json).apiKey);
    expect(dataOf(created.json).balance).toBe(3);
    await callSimulator(simulator, "POST", "/__simulator/credits", { apiKey: null, body: { apiKey, balance: 30 } });
    expect(simulator.getLedger(apiKey).balance).toBe(30);

    const fault = await callSimulator(simulator, "POST", "/__simulator/faults", {
      apiKey: null,
      body: { apiKey, fault: { type: "rate_limit", retryAfterSeconds: 7 }, times: 1 },
    });
    expect(fault.status).toBe(201);
    const limited = await callSimulator(simulator, "GET", "/api/v1/mannequins", { apiKey });
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "7"]);
    expect((await callSimulator(simulator, "GET", "/api/v1/mannequins", { apiKey })).status).toBe(200);

    await callSimulator(simulator, "POST", "/__simulator/faults", {
      apiKey: null,
      body: { fault: { type: "server_error", status: 503 } },
    });
    expect((await callSimulator(simulator, "GET", "/api/v1/backgrounds", { apiKey })).status).toBe(503);
    await callSimulator(simulator, "DELETE", "/__simulator/faults", { apiKey: null });
    expect((await callSimulator(simulator, "GET", "/api/v1/backgrounds", { apiKey })).status).toBe(200);

    const invalid = await callSimulator(simulator, "POST", "/__simulator/faults", {
      apiKey: null,
      body: { fault: { type: "meteor" } },
    });
    expect(invalid.status).toBe(422);

    const before = simulator.now();
    await callSimulator(simulator, "POST", "/__simulator/clock", { apiKey: null, body: { advanceMs: 5000 } });
    expect(simulator.now() - before).toBeGreaterThanOrEqual(5000);
  });

  it("are absent when testEndpoints is off", async () => {
    const closed = await startTryOnSimulator({ testEndpoints: false });
    try {
      expect((await callSimulator(closed, "GET", "/__simulator/ledger")).status).toBe(404);
    } finally {
      await closed.stop();
    }
  });
});

describe("limits", () => {
  it("answers 429 concurrency_limit when a key has maxConcurrentJobs running", async () => {
    const limited = await startTryOnSimulator({ maxConcurrentJobs: 1, jobDurationMs: { min: 1000, max: 1000 } });
    try {
      const body = validSubmitBody(limited);
      expect((await callSimulator(limited, "POST", "/api/v1/tryon/apparel", { body })).status).toBe(202);
      const refused = await callSimulator(limited, "POST", "/api/v1/tryon/apparel", { body });
      expect([refused.status, errorOf(refused.json).code]).toEqual([429, "concurrency_limit"]);
      limited.advanceTime(1000);
      expect((await callSimulator(limited, "POST", "/api/v1/tryon/apparel", { body })).status).toBe(202);
      expect(limited.getLedger().charges).toHaveLength(2);
    } finally {
      await limited.stop();
    }
  });

  it("answers 429 with Retry-After once a key passes its configured rate limit", async () => {
    const limited = await startTryOnSimulator({ rateLimit: { requests: 2, windowMs: 10_000 } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push(await callSimulator(limited, "GET", "/api/v1/backgrounds"));
      expect(statuses.map((answer) => answer.status)).toEqual([200, 200, 429]);
      expect(Number(statuses[2]?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      limited.advanceTime(10_000);
      expect((await callSimulator(limited, "GET", "/api/v1/backgrounds")).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});
