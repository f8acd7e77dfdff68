import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { seededRandom } from "../../app/lib/seeded-random";
import { TRYON_CREDIT_COST } from "../../app/tryon/cost";
import {
  DEFAULT_BACKGROUND_ID,
  findBackground,
  findMannequin,
  findPose,
  posesFor,
  SIM_BACKGROUNDS,
  SIM_MANNEQUINS,
  SIM_POSES,
  SIMULATOR_ENUMS,
} from "./catalog";
import {
  FaultRegistry,
  type SimEndpoint,
  type SimFaultRule,
  type SimFaultRuleInput,
  type SimFaultType,
} from "./faults";
import { fetchInputImage, ImageCache } from "./input-images";
import { JobStore, type SimJob, type SimJobFate, type SimJobRequest, type SimJobState, viewJob } from "./jobs";
import { type AccountReport, CreditLedger } from "./ledger";
import { type SimulatorHooks, type SimulatorOptionsInput, simulatorOptionsSchema } from "./options";
import {
  outputSize,
  renderBackgroundThumbnail,
  renderFigureThumbnail,
  renderSampleGarment,
  renderTryOnResult,
} from "./render";
import { type FieldError, isUrl, validateSubmitBody } from "./validation";

export const SUBMIT_PATH = "/api/v1/tryon/apparel";
export const STATUS_PATH_PREFIX = "/api/v1/tryon/apparel/";
export const MANNEQUINS_PATH = "/api/v1/mannequins";
export const POSES_PATH = "/api/v1/poses";
export const BACKGROUNDS_PATH = "/api/v1/backgrounds";

/** Sample product photos served by the simulator, so a curl walk-through needs no other image host. */
export const SAMPLE_IMAGES = {
  "tee-front.jpg": { color: "#2f6fb0", format: "jpeg", shape: "tee" },
  "tee-back.jpg": { color: "#285f98", format: "jpeg", shape: "tee" },
  "tee-front.webp": { color: "#c0392b", format: "webp", shape: "tee" },
  "trousers-front.png": { color: "#3d3d3d", format: "png", shape: "trousers" },
  "tee-front.gif": { color: "#27ae60", format: "gif", shape: "tee" },
} as const;
export type SampleImageName = keyof typeof SAMPLE_IMAGES;

export interface SubmitRecord {
  /** 1, 2, 3... in the order received. */
  seq: number;
  at: number;
  /** The bearer key presented, or null without one. */
  apiKey: string | null;
  /** The parsed JSON body, or the raw text (first 2,000 characters) when it was not JSON. */
  body: unknown;
  /** The status code sent (0 while the request is being handled); null when the connection was dropped instead. */
  httpStatus: number | null;
  /** Present when a job was created (and charged), whatever the answer then said. */
  jobId?: string;
  errorCode?: string;
  /** A fault that altered the answer (dropped connection, malformed body, 5xx...). */
  fault?: SimFaultType;
}

export interface SimJobReport {
  id: string;
  apiKey: string;
  state: SimJobState;
  progress: number;
  createdAt: number;
  endsAt: number | null;
  fate: SimJobFate;
  credits: number;
  refunded: boolean;
  request: SimJobRequest;
}

export interface TryOnSimulator {
  /** e.g. http://127.0.0.1:4455, without a trailing slash. */
  readonly baseUrl: string;
  /** A key the simulator accepts, with `initialCredits`. */
  readonly apiKey: string;
  readonly port: number;
  stop(): Promise<void>;
  /** Opens another account; returns its key (random unless given). */
  addApiKey(options?: { apiKey?: string; credits?: number }): string;
  setCredits(apiKey: string, balance: number): void;
  /** Balance, charges and refunds of one key (default: `apiKey`). Settles due jobs first. */
  getLedger(apiKey?: string): AccountReport;
  /** Every submit received, accepted or not, optionally for one key. */
  getSubmits(apiKey?: string): SubmitRecord[];
  getJob(jobId: string): SimJobReport | undefined;
  listJobs(apiKey?: string): SimJobReport[];
  injectFault(rule: SimFaultRuleInput): string;
  removeFault(faultId: string): boolean;
  clearFaults(): void;
  listFaults(): SimFaultRule[];
  /** Moves the simulator's clock forward: jobs progress, URLs expire, failed jobs are refunded. */
  advanceTime(ms: number): void;
  now(): number;
  sampleImageUrl(name: SampleImageName): string;
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: FieldError[],
    readonly headers?: Record<string, string>
  ) {
    super(message);
  }
}

/** The error body of every refusal: `{ "error": { "code", "message", "details"? } }`. */
function errorAnswer(problem: HttpProblem): Answer {
  return {
    status: problem.status,
    body: {
      error: {
        code: problem.code,
        message: problem.message,
        ...(problem.details && { details: problem.details }),
      },
    },
    ...(problem.headers && { headers: problem.headers }),
  };
}

async function readRequestBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.byteLength;
    if (size > limit) throw new HttpProblem(413, "body_too_large", `the request body exceeds ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function bearerKey(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return match?.[1] ?? null;
}

const RENDER_CACHE_SIZE = 16;

/** Starts a simulator on 127.0.0.1. Resolves once it listens. */
export async function startTryOnSimulator(
  options: SimulatorOptionsInput = {},
  hooks: SimulatorHooks = {}
): Promise<TryOnSimulator> {
  const settings = simulatorOptionsSchema.parse(options);
  const clock = hooks.now ?? Date.now;
  let offsetMs = 0;
  const now = () => clock() + offsetMs;
  const random = settings.seed !== undefined ? seededRandom(settings.seed) : Math.random;
  const urlSecret = randomBytes(32);
  const ledger = new CreditLedger();
  const faults = new FaultRegistry();
  const images = new ImageCache();
  const submits: SubmitRecord[] = [];
  const refunded = new Set<string>();
  const jobs = new JobStore((job, at) => {
    if (job.fate === "fail") {
      ledger.refund(job.apiKey, job.id, job.credits, at);
      refunded.add(job.id);
    }
  });
  const renders = new Map<string, Promise<Buffer>>();
  const staticCache = new Map<string, Promise<Buffer>>();
  const rateWindows = new Map<string, { start: number; count: number }>();
  const pendingTimers = new Set<NodeJS.Timeout>();
  let baseUrl = "";

  const defaultKey = settings.apiKey ?? `sim_${randomBytes(12).toString("hex")}`;
  ledger.open(defaultKey, settings.initialCredits);

  const settle = () => jobs.settle(now());

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        pendingTimers.delete(timer);
        resolve();
      }, ms);
      pendingTimers.add(timer);
    });

  // ---- result URLs: signed, expiring -------------------------------------------------------------------------

  const signature = (jobId: string, expires: number) =>
    createHmac("sha256", urlSecret).update(`${jobId}.${expires}`).digest("base64url");

  const mintResultUrl = (job: SimJob) => {
    const expired = faults.take("status", job.apiKey, ["result_expired"]);
    const expires = expired ? now() - 1000 : now() + settings.resultUrlTtlMs;
    return {
      url: `${baseUrl}/results/${job.id}.jpg?expires=${expires}&signature=${signature(job.id, expires)}`,
      expiresAt: new Date(expires).toISOString(),
    };
  };

  const renderResult = (job: SimJob): Promise<Buffer> => {
    const cached = renders.get(job.id);
    if (cached) {
      renders.delete(job.id);
      renders.set(job.id, cached);
      return cached;
    }
    const rendering = (async () => {
      const request = job.request;
      const front = request.product_images[0];
      const productImage = front !== undefined ? await imageBytes(front) : undefined;
      const background =
        request.background !== undefined && isUrl(request.background)
          ? (await imageBytes(request.background)) ?? findBackground(DEFAULT_BACKGROUND_ID)
          : findBackground(request.background ?? DEFAULT_BACKGROUND_ID);
      const { width, height } = outputSize(request.resolution, request.aspect_ratio);
      return renderTryOnResult({
        width,
        height,
        mannequin: findMannequin(request.mannequin_id) ?? (SIM_MANNEQUINS[0] as (typeof SIM_MANNEQUINS)[number]),
        pose: findPose(request.pose_id) ?? (SIM_POSES[0] as (typeof SIM_POSES)[number]),
        bodySize: request.body_size ?? "M",
        expression: request.expression ?? "neutral",
        productType: request.product_type,
        background: background ?? (SIM_BACKGROUNDS[0] as (typeof SIM_BACKGROUNDS)[number]),
        productImage,
        caption: `SIMULATED try-on ${job.id} (${request.resolution} ${request.aspect_ratio})`,
      });
    })();
    renders.set(job.id, rendering);
    rendering.catch(() => renders.delete(job.id));
    for (const oldest of renders.keys()) {
      if (renders.size <= RENDER_CACHE_SIZE) break;
      renders.delete(oldest);
    }
    return rendering;
  };

  /** An input image's bytes: from the cache filled at submit, else downloaded again. */
  const imageBytes = async (url: string): Promise<Buffer | undefined> => {
    const cached = images.get(url);
    if (cached) return cached;
    const fetched = await fetchInputImage(url, { timeoutMs: settings.imageFetchTimeoutMs });
    if (!fetched.ok) return undefined;
    images.set(url, fetched.bytes);
    return fetched.bytes;
  };

  // ---- reports ------------------------------------------------------------------------------------------------

  const reportJob = (job: SimJob): SimJobReport => {
    const view = viewJob(job, now());
    return {
      id: job.id,
      apiKey: job.apiKey,
      state: view.state,
      progress: view.progress,
      createdAt: job.createdAt,
      endsAt: Number.isFinite(job.endsAt) ? job.endsAt : null,
      fate: job.fate,
      credits: job.credits,
      refunded: refunded.has(job.id),
      request: job.request,
    };
  };

  // ---- API handlers -------------------------------------------------------------------------------------------

  const enforceRateLimit = (apiKey: string) => {
    const limit = settings.rateLimit;
    if (!limit) return;
    const at = now();
    const window = rateWindows.get(apiKey);
    if (!window || at - window.start >= limit.windowMs) {
      rateWindows.set(apiKey, { start: at, count: 1 });
      return;
    }
    window.count += 1;
    if (window.count > limit.requests) {
      const seconds = Math.max(1, Math.ceil((window.start + limit.windowMs - at) / 1000));
      throw new HttpProblem(
        429,
        "rate_limited",
        `more than ${limit.requests} requests in ${limit.windowMs} ms`,
        undefined,
        {
          "Retry-After": String(seconds),
        }
      );
    }
  };

  const handleSubmit = async (req: IncomingMessage, apiKey: string, record: SubmitRecord): Promise<Answer> => {
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
      }))
    );
    const imageErrors: FieldError[] = fetched.flatMap(({ field, result }) =>
      result.ok ? [] : [{ field, code: result.code, message: result.message }]
    );
    if (imageErrors.length > 0) {
      throw new HttpProblem(422, "validation_failed", "an input image was refused", imageErrors);
    }

    // From here to the charge nothing awaits, so two submits cannot both spend the same credits.
    settle();
    if (settings.maxConcurrentJobs !== undefined && jobs.running(apiKey) >= settings.maxConcurrentJobs) {
      throw new HttpProblem(
        429,
        "concurrency_limit",
        `at most ${settings.maxConcurrentJobs} jobs may run at once for this key`,
        undefined,
        { "Retry-After": "5" }
      );
    }
    const credits = TRYON_CREDIT_COST[request.resolution];
    const balance = ledger.balance(apiKey);
    if (balance < credits) {
      throw new HttpProblem(
        402,
        "insufficient_credits",
        `this job needs ${credits} credits and the balance is ${balance}`
      );
    }
    for (const { url, result } of fetched) if (result.ok) images.set(url, result.bytes);

    const neverFinish = faults.take("submit", apiKey, ["never_finish"]);
    const failure = neverFinish ? undefined : faults.take("submit", apiKey, ["fail_job"]);
    const fate: SimJobFate = neverFinish ? "never" : failure || random() < settings.failureRate ? "fail" : "complete";
    const { min, max } = settings.jobDurationMs;
    const durationMs = Math.max(1, Math.round((min + random() * (max - min)) * settings.timeFactor));
    const createdAt = now();
    const job: SimJob = {
      id: `job_${randomBytes(8).toString("hex")}`,
      apiKey,
      createdAt,
      durationMs,
      endsAt: fate === "never" ? Number.POSITIVE_INFINITY : createdAt + durationMs,
      fate,
      failureMessage:
        fate === "fail" ? failure?.message ?? "Simulated failure: the render could not be completed." : undefined,
      request,
      credits,
      settled: false,
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
  };

  const handleStatus = (jobId: string, apiKey: string): Answer => {
    const job = jobs.get(jobId);
    // Another key's job is reported as unknown, not forbidden: ids must not leak between accounts.
    if (!job || job.apiKey !== apiKey) throw new HttpProblem(404, "job_not_found", `no job ${jobId} for this API key`);
    const at = now();
    const view = viewJob(job, at);
    const running = view.state !== "completed" && view.state !== "failed";
    const renamed = running ? faults.take("status", apiKey, ["unknown_status"]) : undefined;
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
      const result = mintResultUrl(job);
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
  };

  const catalogItem = (kind: string, id: string) => `${baseUrl}/static/thumbnails/${kind}/${id}.png`;

  const handleCatalog = (path: string, query: URLSearchParams): Answer => {
    if (path === MANNEQUINS_PATH) {
      return {
        status: 200,
        body: {
          data: SIM_MANNEQUINS.map((mannequin) => ({
            id: mannequin.id,
            name: mannequin.name,
            skin_tone: mannequin.skinTone,
            height_cm: mannequin.heightCm,
            body_sizes: SIMULATOR_ENUMS.bodySizes,
            thumbnail_url: catalogItem("mannequins", mannequin.id),
          })),
        },
      };
    }
    if (path === POSES_PATH) {
      const productType = query.get("product_type");
      if (productType !== null && !(SIMULATOR_ENUMS.productTypes as readonly string[]).includes(productType)) {
        throw new HttpProblem(422, "validation_failed", "unknown product type", [
          {
            field: "product_type",
            code: "invalid_value",
            message: `product_type must be one of ${SIMULATOR_ENUMS.productTypes.join(", ")}`,
          },
        ]);
      }
      const poses = productType === null ? SIM_POSES : posesFor(productType);
      return {
        status: 200,
        body: {
          data: poses.map((pose) => ({
            id: pose.id,
            name: pose.name,
            product_types: pose.productTypes,
            thumbnail_url: catalogItem("poses", pose.id),
          })),
        },
      };
    }
    return {
      status: 200,
      body: {
        data: SIM_BACKGROUNDS.map((background) => ({
          id: background.id,
          name: background.name,
          thumbnail_url: catalogItem("backgrounds", background.id),
        })),
      },
    };
  };

  // ---- plumbing -----------------------------------------------------------------------------------------------

  const writeJson = (res: ServerResponse, answer: Answer, malformed = false) => {
    let text = JSON.stringify(answer.body);
    if (malformed) text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    res.writeHead(answer.status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(text)),
      ...answer.headers,
    });
    res.end(text);
  };

  const writeBytes = (res: ServerResponse, bytes: Buffer, contentType: string, cacheable: boolean) => {
    res.writeHead(200, {
      "Content-Type": contentType,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": cacheable ? "public, max-age=86400" : "private, no-store",
    });
    res.end(bytes);
  };

  const cachedStatic = (key: string, make: () => Promise<Buffer>) => {
    let entry = staticCache.get(key);
    if (!entry) {
      entry = make();
      staticCache.set(key, entry);
      entry.catch(() => staticCache.delete(key));
    }
    return entry;
  };

  /** Serves catalog thumbnails and sample photos: GET and HEAD, no auth, like a CDN. */
  const handleStatic = async (path: string, res: ServerResponse): Promise<boolean> => {
    const thumbnail = /^\/static\/thumbnails\/(mannequins|poses|backgrounds)\/([\w-]+)\.png$/.exec(path);
    if (thumbnail) {
      const [, kind, id = ""] = thumbnail;
      let make: (() => Promise<Buffer>) | undefined;
      const defaultPose = SIM_POSES[0];
      const defaultMannequin = SIM_MANNEQUINS[0];
      if (kind === "mannequins") {
        const mannequin = findMannequin(id);
        if (mannequin && defaultPose) make = () => renderFigureThumbnail(mannequin, defaultPose);
      } else if (kind === "poses") {
        const pose = findPose(id);
        if (pose && defaultMannequin) make = () => renderFigureThumbnail(defaultMannequin, pose);
      } else {
        const background = findBackground(id);
        if (background) make = () => renderBackgroundThumbnail(background);
      }
      if (!make) return false;
      writeBytes(res, await cachedStatic(path, make), "image/png", true);
      return true;
    }
    const sample = /^\/static\/samples\/([\w.-]+)$/.exec(path);
    const name = sample?.[1];
    if (name !== undefined && name in SAMPLE_IMAGES) {
      const spec = SAMPLE_IMAGES[name as SampleImageName];
      const bytes = await cachedStatic(path, () => renderSampleGarment({ ...spec, size: 600 }));
      writeBytes(res, bytes, `image/${spec.format}`, true);
      return true;
    }
    return false;
  };

  const handleResult = async (jobId: string, query: URLSearchParams, res: ServerResponse) => {
    const expires = Number(query.get("expires"));
    const given = Buffer.from(query.get("signature") ?? "");
    const expected = Buffer.from(signature(jobId, expires));
    if (!Number.isFinite(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpProblem(403, "invalid_signature", "this result URL is not signed by the service");
    }
    const job = jobs.get(jobId);
    if (!job || viewJob(job, now()).state !== "completed") {
      throw new HttpProblem(404, "not_found", "no result for this job");
    }
    if (expires < now())
      throw new HttpProblem(410, "url_expired", "this result URL has expired; poll the job status for a fresh one");
    if (faults.take("result", job.apiKey, ["result_not_found"])) {
      throw new HttpProblem(404, "not_found", "no result for this job");
    }
    writeBytes(res, await renderResult(job), "image/jpeg", false);
  };

  const apiEndpoint = (method: string, path: string): SimEndpoint | undefined => {
    if (path === SUBMIT_PATH) {
      if (method !== "POST")
        throw new HttpProblem(405, "method_not_allowed", "use POST to submit a job", undefined, { Allow: "POST" });
      return "submit";
    }
    const isStatus = path.startsWith(STATUS_PATH_PREFIX) && path.length > STATUS_PATH_PREFIX.length;
    const isCatalog = path === MANNEQUINS_PATH || path === POSES_PATH || path === BACKGROUNDS_PATH;
    if (!isStatus && !isCatalog) return undefined;
    if (method !== "GET") throw new HttpProblem(405, "method_not_allowed", "use GET here", undefined, { Allow: "GET" });
    return isStatus ? "status" : "catalog";
  };

  const handleApi = async (
    req: IncomingMessage,
    res: ServerResponse,
    endpoint: SimEndpoint,
    path: string,
    query: URLSearchParams
  ) => {
    const presented = bearerKey(req);
    const record: SubmitRecord | undefined =
      endpoint === "submit"
        ? { seq: submits.length + 1, at: now(), apiKey: presented, body: undefined, httpStatus: 0 }
        : undefined;
    if (record) submits.push(record);
    let answer: Answer;
    let apiKey: string | undefined;
    try {
      if (presented === null || !ledger.has(presented)) {
        throw new HttpProblem(
          401,
          "unauthorized",
          "missing or unknown API key: send Authorization: Bearer <API_KEY>",
          undefined,
          {
            "WWW-Authenticate": 'Bearer realm="tryon"',
          }
        );
      }
      apiKey = presented;
      enforceRateLimit(apiKey);
      const limited = faults.take(endpoint, apiKey, ["rate_limit"]);
      if (limited) {
        const retryAfter =
          limited.retryAfterFormat === "seconds"
            ? String(limited.retryAfterSeconds)
            : limited.retryAfterFormat === "http_date"
            ? new Date(now() + limited.retryAfterSeconds * 1000).toUTCString()
            : undefined;
        if (record) record.fault = "rate_limit";
        throw new HttpProblem(
          429,
          "rate_limited",
          "too many requests (simulated)",
          undefined,
          retryAfter ? { "Retry-After": retryAfter } : undefined
        );
      }
      const early = faults.take(endpoint, apiKey, ["server_error"]);
      if (early && !(endpoint === "submit" && early.jobCreated)) {
        if (record) record.fault = "server_error";
        throw new HttpProblem(early.status, "internal_error", "the service failed (simulated)");
      }
      const lateError = early;
      answer =
        endpoint === "submit" && record
          ? await handleSubmit(req, apiKey, record)
          : endpoint === "status"
          ? handleStatus(decodeURIComponent(path.slice(STATUS_PATH_PREFIX.length)), apiKey)
          : handleCatalog(path, query);
      if (lateError) {
        if (record) record.fault = "server_error";
        answer = errorAnswer(
          new HttpProblem(lateError.status, "internal_error", "the service failed after accepting the job (simulated)")
        );
      }
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      answer = errorAnswer(error);
      if (record) record.errorCode = error.code;
    }
    if (record) record.httpStatus = answer.status;

    const dropped = apiKey !== undefined ? faults.take(endpoint, apiKey, ["drop_connection"]) : undefined;
    if (dropped) {
      if (record) {
        record.fault = "drop_connection";
        record.httpStatus = null;
      }
      req.socket.destroy();
      return;
    }
    const malformed = apiKey !== undefined ? faults.take(endpoint, apiKey, ["malformed_json"]) : undefined;
    if (malformed && record) record.fault = "malformed_json";
    const slow = apiKey !== undefined ? faults.take(endpoint, apiKey, ["slow"]) : undefined;
    if (slow) {
      await sleep(slow.delayMs);
      if (res.destroyed || req.socket.destroyed) return;
    }
    writeJson(res, answer, malformed !== undefined);
  };

  const keyParam = (query: URLSearchParams) => query.get("api_key") ?? defaultKey;

  const handleTestEndpoint = async (
    req: IncomingMessage,
    path: string,
    query: URLSearchParams
  ): Promise<Answer | undefined> => {
    const method = req.method ?? "GET";
    const readJson = async () => {
      const text = await readRequestBody(req, 64 * 1024);
      try {
        return text.trim() === "" ? {} : (JSON.parse(text) as unknown);
      } catch {
        throw new HttpProblem(400, "invalid_json", "the request body is not valid JSON");
      }
    };
    const requireKey = (apiKey: string) => {
      if (!ledger.has(apiKey)) throw new HttpProblem(404, "unknown_api_key", "the simulator has no such API key");
      return apiKey;
    };
    if (path === "/__simulator/ledger" && method === "GET")
      return { status: 200, body: { data: handle.getLedger(requireKey(keyParam(query))) } };
    if (path === "/__simulator/submits" && method === "GET") {
      const apiKey = query.get("api_key");
      return { status: 200, body: { data: handle.getSubmits(apiKey ?? undefined) } };
    }
    if (path === "/__simulator/jobs" && method === "GET") {
      const apiKey = query.get("api_key");
      return { status: 200, body: { data: handle.listJobs(apiKey ?? undefined) } };
    }
    const jobMatch = /^\/__simulator\/jobs\/([\w-]+)$/.exec(path);
    if (jobMatch?.[1] !== undefined && method === "GET") {
      const job = handle.getJob(jobMatch[1]);
      if (!job) throw new HttpProblem(404, "job_not_found", "no such job");
      return { status: 200, body: { data: job } };
    }
    if (path === "/__simulator/faults") {
      if (method === "GET") return { status: 200, body: { data: faults.list() } };
      if (method === "DELETE") {
        faults.clear();
        return { status: 200, body: { data: { cleared: true } } };
      }
      if (method === "POST") {
        const input = await readJson();
        try {
          const rule = faults.add(input as SimFaultRuleInput);
          return { status: 201, body: { data: rule } };
        } catch (error) {
          throw new HttpProblem(422, "validation_failed", `not a fault rule: ${(error as Error).message}`);
        }
      }
    }
    const faultMatch = /^\/__simulator\/faults\/([\w-]+)$/.exec(path);
    if (faultMatch?.[1] !== undefined && method === "DELETE") {
      if (!faults.remove(faultMatch[1])) throw new HttpProblem(404, "fault_not_found", "no such fault");
      return { status: 200, body: { data: { removed: faultMatch[1] } } };
    }
    if (path === "/__simulator/accounts" && method === "POST") {
      const input = (await readJson()) as { apiKey?: unknown; credits?: unknown };
      const apiKey = handle.addApiKey({
        ...(typeof input.apiKey === "string" && { apiKey: input.apiKey }),
        ...(typeof input.credits === "number" && { credits: input.credits }),
      });
      return { status: 201, body: { data: handle.getLedger(apiKey) } };
    }
    if (path === "/__simulator/credits" && method === "POST") {
      const input = (await readJson()) as { apiKey?: unknown; balance?: unknown };
      const apiKey = requireKey(typeof input.apiKey === "string" ? input.apiKey : defaultKey);
      if (typeof input.balance !== "number" || !Number.isInteger(input.balance)) {
        throw new HttpProblem(422, "validation_failed", "balance must be an integer");
      }
      handle.setCredits(apiKey, input.balance);
      return { status: 200, body: { data: handle.getLedger(apiKey) } };
    }
    if (path === "/__simulator/clock" && method === "POST") {
      const input = (await readJson()) as { advanceMs?: unknown };
      if (typeof input.advanceMs !== "number" || input.advanceMs < 0) {
        throw new HttpProblem(422, "validation_failed", "advanceMs must be a non-negative number");
      }
      handle.advanceTime(input.advanceMs);
      return { status: 200, body: { data: { now: new Date(now()).toISOString() } } };
    }
    return undefined;
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    settle();
    const url = new URL(req.url ?? "/", "http://simulator.invalid");
    const path = url.pathname;
    const method = req.method ?? "GET";
    try {
      if ((method === "GET" || method === "HEAD") && path.startsWith("/static/")) {
        if (await handleStatic(path, res)) return;
        throw new HttpProblem(404, "not_found", "no such file");
      }
      const result = /^\/results\/([\w-]+)\.jpg$/.exec(path);
      if (result?.[1] !== undefined && (method === "GET" || method === "HEAD")) {
        await handleResult(result[1], url.searchParams, res);
        return;
      }
      if (path === "/health") {
        writeJson(res, { status: 200, body: { data: { ok: true } } });
        return;
      }
      if (settings.testEndpoints && path.startsWith("/__simulator/")) {
        const answer = await handleTestEndpoint(req, path, url.searchParams);
        if (!answer) throw new HttpProblem(404, "not_found", "no such test endpoint");
        writeJson(res, answer);
        return;
      }
      const endpoint = apiEndpoint(method, path);
      if (!endpoint) throw new HttpProblem(404, "not_found", `no endpoint ${method} ${path}`);
      await handleApi(req, res, endpoint, path, url.searchParams);
    } catch (error) {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof HttpProblem) {
        writeJson(res, errorAnswer(error));
        return;
      }
      hooks.log?.(`internal error: ${(error as Error).stack ?? String(error)}`);
      writeJson(res, errorAnswer(new HttpProblem(500, "internal_error", "the simulator failed")));
    }
  };

  const server = createServer((req, res) => {
    const started = Date.now();
    res.on("finish", () =>
      hooks.log?.(`${req.method} ${req.url?.split("?")[0]} ${res.statusCode} ${Date.now() - started}ms`)
    );
    void route(req, res);
  });
  // Dropped connections and aborted clients are part of the game; they must not crash the process.
  server.on("clientError", (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  const handle: TryOnSimulator = {
    baseUrl,
    apiKey: defaultKey,
    port,
    stop: async () => {
      for (const timer of pendingTimers) clearTimeout(timer);
      pendingTimers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    addApiKey: (input = {}) => {
      const apiKey = input.apiKey ?? `sim_${randomBytes(12).toString("hex")}`;
      ledger.open(apiKey, input.credits ?? settings.initialCredits);
      return apiKey;
    },
    setCredits: (apiKey, balance) => ledger.setBalance(apiKey, balance),
    getLedger: (apiKey = defaultKey) => {
      settle();
      return ledger.report(apiKey);
    },
    getSubmits: (apiKey) =>
      submits.filter((record) => apiKey === undefined || record.apiKey === apiKey).map((record) => ({ ...record })),
    getJob: (jobId) => {
      settle();
      const job = jobs.get(jobId);
      return job && reportJob(job);
    },
    listJobs: (apiKey) => {
      settle();
      return [...jobs.all()].filter((job) => apiKey === undefined || job.apiKey === apiKey).map(reportJob);
    },
    injectFault: (rule) => faults.add(rule).id,
    removeFault: (faultId) => faults.remove(faultId),
    clearFaults: () => faults.clear(),
    listFaults: () => faults.list(),
    advanceTime: (ms) => {
      offsetMs += ms;
      settle();
    },
    now,
    sampleImageUrl: (name) => `${baseUrl}/static/samples/${name}`,
  };
  return handle;
}
