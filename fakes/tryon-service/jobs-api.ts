import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { TRYON_CREDIT_COST } from "~/tryon/cost";
import { type Answer, HttpProblem, readRequestBody } from "./http";
import { fetchInputImage } from "./input-images";
import { type SimJob, type SimJobFate, viewJob } from "./jobs";
import { mintResultUrl } from "./results";
import type { SimulatorState, SubmitRecord } from "./state";
import { type FieldError, isUrl, validateSubmitBody } from "./validation";

/** POST /api/v1/tryon/apparel: validates, fetches the input images, then creates and charges the job. */
export async function handleSubmit(
  state: SimulatorState,
  req: IncomingMessage,
  apiKey: string,
  record: SubmitRecord,
): Promise<Answer> {
  const { settings, jobs, ledger, faults, random } = state;
  const text = await readRequestBody(req, 1024 * 1024);
  let body: unknown;
  let isJson = true;
  try {
    body = JSON.parse(text);
  } catch {
    isJson = false;
  }
  record.body = isJson ? body : text.slice(0, 2000);
  if (!(req.headers["content-type"] ?? "").toLowerCase().startsWith("application/json")) {
    throw new HttpProblem(415, "unsupported_media_type", "send the body with Content-Type: application/json");
  }
  if (!isJson) throw new HttpProblem(400, "invalid_json", "the request body is not valid JSON");
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new HttpProblem(400, "invalid_body", "the request body must be a JSON object");
  }
  const validation = validateSubmitBody(body);
  if (!validation.ok) {
    throw new HttpProblem(422, "validation_failed", "the request has invalid fields", validation.errors);
  }
  const request = validation.request;
  const imageFields: Array<[string, string]> = request.product_images.map((url, index) => [
    `product_images[${index}]`,
    url,
  ]);
  if (request.product_back_image !== undefined) imageFields.push(["product_back_image", request.product_back_image]);
  if (request.background !== undefined && isUrl(request.background))
    imageFields.push(["background", request.background]);
  const fetched = await Promise.all(
    imageFields.map(async ([field, url]) => ({
      field,
      url,
      result: await fetchInputImage(url, { timeoutMs: settings.imageFetchTimeoutMs }),
    })),
  );
  const imageErrors: FieldError[] = fetched.flatMap(({ field, result }) =>
    result.ok ? [] : [{ field, code: result.code, message: result.message }],
  );
  if (imageErrors.length > 0) {
    throw new HttpProblem(422, "validation_failed", "an input image was refused", imageErrors);
  }

  // From here to the charge nothing awaits, so two submits cannot both spend the same credits.
  state.settle();
  if (settings.maxConcurrentJobs !== undefined && jobs.running(apiKey) >= settings.maxConcurrentJobs) {
    throw new HttpProblem(
      429,
      "concurrency_limit",
      `at most ${settings.maxConcurrentJobs} jobs may run at once for this key`,
      undefined,
      { "Retry-After": "5" },
    );
  }
  const credits = TRYON_CREDIT_COST[request.resolution];
  const balance = ledger.balance(apiKey);
  if (balance < credits) {
    throw new HttpProblem(
      402,
      "insufficient_credits",
      `this job needs ${credits} credits and the balance is ${balance}`,
    );
  }
  for (const { url, result } of fetched) if (result.ok) state.images.set(url, result.bytes);

  const duplicate = faults.take("submit", apiKey, ["duplicate_job_id"]);
  const earlier = duplicate && [...jobs.all()].filter((candidate) => candidate.apiKey === apiKey).at(-1);
  if (earlier) {
    record.jobId = earlier.id;
    return {
      status: 202,
      body: {
        data: {
          id: earlier.id,
          status: "queued",
          created_at: new Date(state.now()).toISOString(),
          credits_charged: credits,
        },
      },
    };
  }
  const neverFinish = faults.take("submit", apiKey, ["never_finish"]);
  const failure = neverFinish ? undefined : faults.take("submit", apiKey, ["fail_job"]);
  const fate: SimJobFate = neverFinish ? "never" : failure || random() < settings.failureRate ? "fail" : "complete";
  const colourShift = faults.take(
    "submit",
    apiKey,
    ["colour_shift"],
    (fault) =>
      fault.productImageIncludes === undefined ||
      request.product_images.some((url) => url.includes(fault.productImageIncludes as string)),
  );
  const { min, max } = settings.jobDurationMs;
  const durationMs = Math.max(1, Math.round((min + random() * (max - min)) * settings.timeFactor));
  const createdAt = state.now();
  const job: SimJob = {
    id: `job_${randomBytes(8).toString("hex")}`,
    apiKey,
    createdAt,
    durationMs,
    endsAt: fate === "never" ? Number.POSITIVE_INFINITY : createdAt + durationMs,
    fate,
    failureMessage:
      fate === "fail" ? (failure?.message ?? "Simulated failure: the render could not be completed.") : undefined,
    request,
    credits,
    settled: false,
    colourShift: colourShift ? { deltaE: colourShift.deltaE, mode: colourShift.mode } : undefined,
  };
  jobs.add(job);
  // Spec part 3, rule 2: credits are deducted when the job starts, which is when it is accepted.
  ledger.charge(apiKey, job.id, credits, createdAt);
  record.jobId = job.id;
  return {
    status: 202,
    body: {
      data: {
        id: job.id,
        status: "queued",
        created_at: new Date(createdAt).toISOString(),
        credits_charged: credits,
      },
    },
  };
}

/** GET /api/v1/tryon/apparel/{jobId}: the job's state, with a fresh result URL once completed. */
export function handleStatus(state: SimulatorState, jobId: string, apiKey: string): Answer {
  const job = state.jobs.get(jobId);
  // Another key's job is reported as unknown, not forbidden: ids must not leak between accounts.
  if (!job || job.apiKey !== apiKey) throw new HttpProblem(404, "job_not_found", `no job ${jobId} for this API key`);
  const at = state.now();
  const view = viewJob(job, at);
  const running = view.state !== "completed" && view.state !== "failed";
  const renamed = running ? state.faults.take("status", apiKey, ["unknown_status"]) : undefined;
  const data: Record<string, unknown> = {
    id: job.id,
    status: renamed ? renamed.statusName : view.state,
    progress: view.progress,
    created_at: new Date(job.createdAt).toISOString(),
    resolution: job.request.resolution,
    aspect_ratio: job.request.aspect_ratio,
    credits_charged: job.credits,
  };
  if (view.state === "completed") {
    const result = mintResultUrl(state, job);
    data.output_url = result.url;
    data.output_expires_at = result.expiresAt;
    data.completed_at = new Date(job.endsAt).toISOString();
  }
  if (view.state === "failed") {
    data.error_message = job.failureMessage;
    data.credits_refunded = job.credits;
    data.failed_at = new Date(job.endsAt).toISOString();
  }
  return { status: 200, body: { data } };
}
