import { setTimeout as delay } from "node:timers/promises";
import { z } from "zod";
import {
  type CatalogCache,
  type CatalogEntry,
  type CatalogKind,
  parseCatalogList,
  sharedCatalogCache,
} from "./catalog";
import {
  expandPath,
  joinUrl,
  type TryOnClientSettings,
  type TryOnClientSettingsInput,
  tryOnClientSettingsSchema,
} from "./config";
import { creditsForJob } from "./cost";
import {
  TryOnError,
  TryOnAuthError,
  TryOnInvalidRequestError,
  TryOnJobNotFoundError,
  TryOnNotSentError,
  type TryOnOperation,
  TryOnOutcomeUnknownError,
  TryOnOutOfCreditsError,
  TryOnRateLimitedError,
  TryOnRejectedInputError,
  TryOnResultRejectedError,
  TryOnResultUnavailableError,
  TryOnUnavailableError,
  TryOnUnexpectedResponseError,
} from "./errors";
import { backoffDelayMs } from "~/lib/backoff";
import { parseRetryAfter } from "~/lib/retry-after";
import {
  decodeJson,
  type FetchLike,
  type HttpAnswer,
  type HttpStreamAnswer,
  openHttpStream,
  sendHttpRequest,
  TransportFailure,
} from "./http";
import { outboundFetch } from "~/net/outbound";
import { peekStream } from "~/lib/streams";
import { formatFromContentType } from "./image-probe";
import { checkResultHead, RESULT_HEAD_BYTES } from "./result-image";
import { checkTryOnInput, type InputCheckResult, type RequestTransformedUrl } from "./input-checks";
import { apiKeyFingerprint, consoleTryOnLogger, makeRedactingLogger, makeRedactor, type TryOnLogger } from "./logging";
import { type NormalizedJobStatus, normalizeJobStatus, readPath } from "./status";
import { makeTryOnJobInputSchema, parseServiceErrorBody, submitResponseSchema, toSubmitWireBody } from "./wire";
import type { TryOnJobInput } from "./wire";

export interface TryOnClientOptions extends TryOnClientSettingsInput {
  fetch?: FetchLike;
  /** Milliseconds since the epoch; used for Retry-After dates, waiting deadlines and the catalog cache. */
  now?: () => number;
  /** [0, 1), for back-off jitter. */
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  logger?: TryOnLogger;
  /** Defaults to one cache shared by the process, keyed per API key. */
  catalogCache?: CatalogCache;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
}

export interface SubmittedTryOnJob {
  jobId: string;
  status: NormalizedJobStatus;
  rawStatus: string;
  /** From the cost table: what the service charges for this job when it starts. */
  credits: number;
}

export interface TryOnJobStatus {
  jobId: string;
  status: NormalizedJobStatus;
  /** The name the service used, as sent. */
  rawStatus: string;
  /** Present when completed: absolute URL of the result image (it may expire; see downloadJobResult). */
  outputUrl?: string;
  /** Present when failed, when the service gave a reason. */
  errorMessage?: string;
}

/** A finished render's image, as a stream: it is meant to flow on to storage without being held in memory. */
export interface TryOnResultImage {
  /** Read it once, to the end, or cancel it: the download's timeout runs until then. */
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** From Content-Length, when the server declared one. */
  byteLength: number | null;
  /** The URL the bytes came from (possibly refreshed after the first one expired). */
  sourceUrl: string;
}

export interface WaitOptions {
  signal?: AbortSignal;
  /** Spec part 8: every 3 seconds. */
  intervalMs?: number;
  /** Returns the last (running) status when this has passed; default 10 minutes. */
  maxWaitMs?: number;
}

export interface TryOnClient {
  submitTryOnJob(input: TryOnJobInput, options?: CallOptions): Promise<SubmittedTryOnJob>;
  getJobStatus(jobId: string, options?: CallOptions): Promise<TryOnJobStatus>;
  downloadJobResult(job: { jobId: string; outputUrl?: string }, options?: CallOptions): Promise<TryOnResultImage>;
  waitForTryOnJob(jobId: string, options?: WaitOptions): Promise<TryOnJobStatus>;
  listMannequins(options?: CallOptions): Promise<CatalogEntry[]>;
  listPoses(productType: string, options?: CallOptions): Promise<CatalogEntry[]>;
  listBackgrounds(options?: CallOptions): Promise<CatalogEntry[]>;
  checkTryOnInput(
    input: TryOnJobInput,
    options?: { requestTransformedUrl?: RequestTransformedUrl; signal?: AbortSignal },
  ): Promise<InputCheckResult>;
  /** Forgets this key's cached listings (e.g. after the service rejected an id the cache still had). */
  invalidateCatalog(): void;
}

/** A read attempt that may succeed if tried again. */
class RetryableReadFailure extends Error {
  constructor(
    readonly reason: string,
    readonly httpStatus?: number,
    readonly retryAfterMs?: number,
    readonly rateLimited = false,
  ) {
    super(reason);
  }
}

const OUT_OF_CREDITS_CODE = /credit|insufficient_(balance|funds)|payment_required/i;
const JSON_BODY_LIMIT = 5 * 1024 * 1024;

const defaultSleep = (ms: number, signal?: AbortSignal) => delay(ms, undefined, signal ? { signal } : undefined);

/**
 * Creates the only object in the app that talks to the try-on service. It knows nothing of Shopify or the database:
 * give it the service's base URL and the shop's API key.
 */
export function createTryOnClient(options: TryOnClientOptions): TryOnClient {
  const parsed = tryOnClientSettingsSchema.safeParse(options);
  if (!parsed.success) {
    // Never echo the options: they hold the key.
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid try-on client options: ${problems.join("; ")}`);
  }
  const settings: TryOnClientSettings = parsed.data;
  // Every request on a shop's behalf goes through the guarded outbound path unless a test injects its own.
  const fetchImpl: FetchLike = options.fetch ?? outboundFetch;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? defaultSleep;
  const redact = makeRedactor([settings.apiKey]);
  const logger = makeRedactingLogger(options.logger ?? consoleTryOnLogger, redact);
  const cache = options.catalogCache ?? sharedCatalogCache;
  const cachePrefix = `${apiKeyFingerprint(settings.apiKey)}|${settings.baseUrl}|`;
  const inputSchema = makeTryOnJobInputSchema(settings.enums, settings.maxProductImages);
  const serviceOrigin = new URL(settings.baseUrl).origin;
  /** Job ids whose unknown status name was already logged; bounded so a long-lived client cannot grow forever. */
  const unknownStatusLogged = new Set<string>();

  const authHeaders = (): Record<string, string> => ({
    Authorization: `Bearer ${settings.apiKey}`,
    Accept: "application/json",
  });

  const send = (
    method: "GET" | "POST",
    url: string,
    call: CallOptions | undefined,
    extra: { body?: string; headers?: Record<string, string>; redirect?: RequestRedirect; maxBodyBytes?: number },
  ) =>
    sendHttpRequest(fetchImpl, {
      method,
      url,
      headers: extra.headers ?? authHeaders(),
      ...(extra.body !== undefined && { body: extra.body }),
      timeoutMs: call?.timeoutMs ?? settings.timeoutMs,
      signal: call?.signal,
      redirect: extra.redirect ?? "manual",
      maxBodyBytes: extra.maxBodyBytes ?? JSON_BODY_LIMIT,
    });

  /**
   * The error for an HTTP answer that is not a success, shared by every operation. 5xx and 429 are handled by the
   * callers first (they differ between submit and reads); this covers the refusals.
   */
  const refusalError = (answer: HttpAnswer, operation: TryOnOperation, what: string): TryOnError => {
    const decoded = decodeJson(answer.body);
    const body = parseServiceErrorBody(decoded.ok ? decoded.value : undefined);
    const serviceMessage = body.message !== undefined ? redact(body.message) : undefined;
    const details = {
      operation,
      httpStatus: answer.status,
      ...(body.code !== undefined && { serviceCode: body.code }),
      ...(serviceMessage !== undefined && { serviceMessage }),
    };
    const said = serviceMessage ? `: ${serviceMessage}` : "";
    if (answer.status === 401 || answer.status === 403) {
      return new TryOnAuthError(
        `The try-on service refused the API key (HTTP ${answer.status})${said}. Check the key in the service's dashboard.`,
        details,
      );
    }
    if (answer.status === 402 || (body.code !== undefined && OUT_OF_CREDITS_CODE.test(body.code))) {
      return new TryOnOutOfCreditsError(
        `The try-on account has too few credits (HTTP ${answer.status})${said}.`,
        details,
      );
    }
    if (answer.status === 429) {
      const retryAfterMs = parseRetryAfter(answer.headers.get("retry-after"), now());
      return new TryOnRateLimitedError(`The try-on service is rate limiting ${what} (HTTP 429)${said}.`, {
        ...details,
        ...(retryAfterMs !== undefined && { retryAfterMs }),
      });
    }
    if (answer.status >= 300 && answer.status < 400) {
      return new TryOnUnexpectedResponseError(
        `The try-on service redirected ${what} (HTTP ${answer.status}); configure the base URL to the final address.`,
        details,
      );
    }
    if (answer.status === 404 && operation === "status") {
      return new TryOnJobNotFoundError(`The try-on service does not know this job (HTTP 404)${said}.`, details);
    }
    if (answer.status === 404 || answer.status === 405) {
      return new TryOnUnexpectedResponseError(
        `The try-on service has no endpoint for ${what} (HTTP ${answer.status}); check the configured paths.`,
        details,
      );
    }
    return new TryOnRejectedInputError(`The try-on service rejected ${what} (HTTP ${answer.status})${said || "."}`, {
      ...details,
      fieldErrors: body.fieldErrors.map((detail) => ({
        ...detail,
        ...(detail.message && { message: redact(detail.message) }),
      })),
    });
  };

  /** Runs a read, retrying transient failures with jittered back-off and honouring Retry-After. */
  async function readWithRetries<T>(
    operation: TryOnOperation,
    what: string,
    call: CallOptions | undefined,
    attempt: () => Promise<T>,
  ): Promise<T> {
    const policy = settings.readRetry;
    let last: RetryableReadFailure | undefined;
    for (let tryNumber = 0; tryNumber < policy.attempts; tryNumber += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof RetryableReadFailure)) throw error;
        last = error;
      }
      if (last.retryAfterMs !== undefined && last.retryAfterMs > policy.maxRetryAfterMs) break;
      if (tryNumber + 1 >= policy.attempts) break;
      const waitMs = last.retryAfterMs ?? backoffDelayMs(tryNumber, policy, random);
      logger.warn(`retrying ${what}`, { attempt: tryNumber + 1, waitMs, reason: last.reason });
      await sleep(waitMs, call?.signal);
    }
    const failure = last ?? new RetryableReadFailure("no attempt made");
    const details = {
      operation,
      reason: redact(failure.reason),
      ...(failure.httpStatus !== undefined && { httpStatus: failure.httpStatus }),
      ...(failure.retryAfterMs !== undefined && { retryAfterMs: failure.retryAfterMs }),
    };
    if (failure.rateLimited) {
      throw new TryOnRateLimitedError(`The try-on service is rate limiting ${what}; try again later.`, details);
    }
    throw new TryOnUnavailableError(`The try-on service could not answer ${what}: ${redact(failure.reason)}.`, details);
  }

  /** One GET of a JSON document: transient failures become RetryableReadFailure, refusals TryOnErrors. */
  async function getJsonOnce(operation: TryOnOperation, what: string, url: string, call?: CallOptions) {
    let answer: HttpAnswer;
    try {
      answer = await send("GET", url, call, {});
    } catch (error) {
      if (error instanceof TransportFailure) {
        if (call?.signal?.aborted) throw call.signal.reason;
        throw new RetryableReadFailure(error.reason);
      }
      throw error;
    }
    if (answer.status === 429) {
      const retryAfterMs = parseRetryAfter(answer.headers.get("retry-after"), now());
      throw new RetryableReadFailure("rate limited (HTTP 429)", 429, retryAfterMs, true);
    }
    if (answer.status >= 500) {
      const retryAfterMs = parseRetryAfter(answer.headers.get("retry-after"), now());
      throw new RetryableReadFailure(`HTTP ${answer.status}`, answer.status, retryAfterMs);
    }
    if (answer.status < 200 || answer.status >= 300) throw refusalError(answer, operation, what);
    const decoded = decodeJson(answer.body);
    if (!decoded.ok) throw new RetryableReadFailure(`unreadable JSON in the answer (HTTP ${answer.status})`);
    return decoded.value;
  }

  async function submitTryOnJob(input: TryOnJobInput, call?: CallOptions): Promise<SubmittedTryOnJob> {
    const checked = inputSchema.safeParse(input);
    if (!checked.success) {
      const problems = checked.error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`);
      throw new TryOnInvalidRequestError(`The try-on job is not valid and was not sent: ${problems.join("; ")}`, {
        operation: "submit",
        problems,
      });
    }
    const body = JSON.stringify(toSubmitWireBody(checked.data));
    const url = joinUrl(settings.baseUrl, settings.paths.submit);
    let answer: HttpAnswer;
    try {
      answer = await send("POST", url, call, {
        body,
        headers: { ...authHeaders(), "Content-Type": "application/json" },
      });
    } catch (error) {
      if (!(error instanceof TransportFailure)) throw error;
      const reason = redact(error.reason);
      if (!error.mayHaveReachedService) {
        throw new TryOnNotSentError(`The try-on job was not sent (${reason}); it is safe to send it again.`, {
          operation: "submit",
          reason,
        });
      }
      logger.warn("submit outcome unknown", { reason });
      throw new TryOnOutcomeUnknownError(
        `The try-on job was sent but no answer came back (${reason}). It may have been created and charged; it will not be sent again automatically.`,
        { operation: "submit", reason },
      );
    }
    if (answer.status >= 500) {
      logger.warn("submit outcome unknown", { httpStatus: answer.status });
      const decodedError = decodeJson(answer.body);
      const said = decodedError.ok ? parseServiceErrorBody(decodedError.value).message : undefined;
      throw new TryOnOutcomeUnknownError(
        `The try-on service failed while taking the job (HTTP ${answer.status}). It may have been created and charged; it will not be sent again automatically.`,
        { operation: "submit", httpStatus: answer.status, ...(said !== undefined && { serviceMessage: redact(said) }) },
      );
    }
    if (answer.status < 200 || answer.status >= 300) throw refusalError(answer, "submit", "the try-on job");
    const decoded = decodeJson(answer.body);
    const parsedBody = decoded.ok ? submitResponseSchema.safeParse(decoded.value) : undefined;
    if (!parsedBody?.success) {
      const reason = decoded.ok ? "no data.id and data.status in the answer" : "unreadable JSON in the answer";
      logger.warn("submit outcome unknown", { httpStatus: answer.status, reason });
      throw new TryOnOutcomeUnknownError(
        `The try-on service accepted the job (HTTP ${answer.status}) but its answer could not be read (${reason}). It may have been created and charged; it will not be sent again automatically.`,
        { operation: "submit", httpStatus: answer.status, reason },
      );
    }
    const { id, status: rawStatus } = parsedBody.data.data;
    const credits = creditsForJob(checked.data.resolution);
    logger.info("submitted try-on job", { jobId: id, status: rawStatus, credits });
    return { jobId: id, status: normalizeJobStatus(rawStatus, settings.statusVocabulary).status, rawStatus, credits };
  }

  const statusFieldsSchema = z.object({
    status: z.union([z.string().min(1), z.number()]).transform(String),
    outputUrl: z.string().min(1).optional(),
    errorMessage: z.string().optional(),
  });

  async function getJobStatus(jobId: string, call?: CallOptions): Promise<TryOnJobStatus> {
    const url = joinUrl(settings.baseUrl, expandPath(settings.paths.status, { id: jobId }));
    const what = `the status of job ${jobId}`;
    const body = await readWithRetries("status", what, call, () => getJsonOnce("status", what, url, call));
    const fields = statusFieldsSchema.safeParse({
      status: readPath(body, settings.fields.status),
      outputUrl: readPath(body, settings.fields.outputUrl) ?? undefined,
      errorMessage: readPath(body, settings.fields.errorMessage) ?? undefined,
    });
    if (!fields.success) {
      throw new TryOnUnexpectedResponseError(
        `The status answer for job ${jobId} has no readable status at ${settings.fields.status}; check the configured field names.`,
        { operation: "status" },
      );
    }
    const { status, known } = normalizeJobStatus(fields.data.status, settings.statusVocabulary);
    if (!known && !unknownStatusLogged.has(jobId)) {
      if (unknownStatusLogged.size >= 10_000) unknownStatusLogged.clear();
      unknownStatusLogged.add(jobId);
      logger.warn("unknown try-on job status, treated as still running", { jobId, rawStatus: fields.data.status });
    }
    const result: TryOnJobStatus = { jobId, status, rawStatus: fields.data.status };
    if (status === "completed") {
      let outputUrl: string | undefined;
      try {
        outputUrl = fields.data.outputUrl && new URL(fields.data.outputUrl, settings.baseUrl).toString();
      } catch {
        outputUrl = undefined;
      }
      if (!outputUrl) {
        throw new TryOnUnexpectedResponseError(
          `Job ${jobId} is completed but its answer has no result URL at ${settings.fields.outputUrl}; check the configured field names.`,
          { operation: "status" },
        );
      }
      result.outputUrl = outputUrl;
    }
    if (status === "failed" && fields.data.errorMessage) result.errorMessage = redact(fields.data.errorMessage);
    return result;
  }

  /** Answers meaning "this URL no longer serves the result": a fresh one may be had from the status endpoint. */
  const GONE = new Set([403, 404, 410]);

  async function downloadOnce(url: string, call?: CallOptions): Promise<TryOnResultImage | "gone"> {
    // Result URLs are often signed URLs on another host: the key only goes to the service's own origin.
    const sameOrigin = new URL(url).origin === serviceOrigin;
    let answer: HttpStreamAnswer;
    let head: Uint8Array;
    let body: ReadableStream<Uint8Array>;
    try {
      answer = await openHttpStream(fetchImpl, {
        method: "GET",
        url,
        headers: sameOrigin ? { ...authHeaders(), Accept: "image/*" } : { Accept: "image/*" },
        timeoutMs: call?.timeoutMs ?? settings.timeoutMs,
        signal: call?.signal,
        redirect: "follow",
        maxBodyBytes: settings.maxResultBytes,
      });
      if (!answer.stream) return refusedDownload(answer);
      ({ head, stream: body } = await peekStream(answer.stream, RESULT_HEAD_BYTES));
    } catch (error) {
      if (error instanceof TransportFailure) {
        if (call?.signal?.aborted) throw call.signal.reason;
        throw new RetryableReadFailure(error.reason);
      }
      throw error;
    }
    // The bytes decide, not the Content-Type: only a JPEG, PNG or WebP of a render's size goes on to Files.
    const checked = await checkResultHead(head.subarray(0, RESULT_HEAD_BYTES));
    if (!checked.ok) {
      await body.cancel().catch(() => undefined);
      throw new TryOnResultRejectedError(checked.reason, { operation: "result", httpStatus: answer.status });
    }
    const declared = formatFromContentType(answer.headers.get("content-type"));
    const contentType =
      declared === checked.format ? (answer.headers.get("content-type") ?? "") : `image/${checked.format}`;
    return { body, contentType, byteLength: answer.contentLength, sourceUrl: url };
  }

  /** A download answered with something other than the image: gone, rate limited, failing or refused. */
  function refusedDownload(answer: HttpStreamAnswer): "gone" {
    if (GONE.has(answer.status)) return "gone";
    if (answer.status === 429) {
      throw new RetryableReadFailure(
        "rate limited (HTTP 429)",
        429,
        parseRetryAfter(answer.headers.get("retry-after"), now()),
        true,
      );
    }
    if (answer.status >= 500) throw new RetryableReadFailure(`HTTP ${answer.status}`, answer.status);
    throw refusalError(answer, "result", "the result download");
  }

  async function downloadJobResult(
    job: { jobId: string; outputUrl?: string },
    call?: CallOptions,
  ): Promise<TryOnResultImage> {
    const what = `the result of job ${job.jobId}`;
    const freshUrl = async () => {
      const status = await getJobStatus(job.jobId, call);
      if (status.status !== "completed" || !status.outputUrl) {
        throw new TryOnResultUnavailableError(`Job ${job.jobId} has no result to download (${status.rawStatus}).`, {
          operation: "result",
        });
      }
      return status.outputUrl;
    };
    let url = job.outputUrl ?? (await freshUrl());
    for (let refreshes = 0; ; refreshes += 1) {
      const downloaded = await readWithRetries("result", what, call, () => downloadOnce(url, call));
      if (downloaded !== "gone") return downloaded;
      // One refresh: a signed URL may just have expired. A second "gone" means the result itself is gone.
      if (refreshes >= 1) {
        throw new TryOnResultUnavailableError(
          `The result of job ${job.jobId} could not be downloaded: its URL is gone or expired, even after asking for a fresh one.`,
          { operation: "result" },
        );
      }
      logger.info("result URL gone, asking the service for a fresh one", { jobId: job.jobId });
      url = await freshUrl();
    }
  }

  async function waitForTryOnJob(jobId: string, wait: WaitOptions = {}): Promise<TryOnJobStatus> {
    const intervalMs = wait.intervalMs ?? 3_000;
    const deadline = now() + (wait.maxWaitMs ?? 10 * 60_000);
    let last: TryOnJobStatus | undefined;
    for (;;) {
      let pauseMs = intervalMs;
      try {
        last = await getJobStatus(jobId, wait.signal ? { signal: wait.signal } : undefined);
        if (last.status !== "running") return last;
      } catch (error) {
        // Transient read failures do not end the wait; anything else (auth, unknown job) does.
        if (!(error instanceof TryOnUnavailableError || error instanceof TryOnRateLimitedError)) throw error;
        pauseMs = Math.max(intervalMs, error.retryAfterMs ?? 0);
      }
      if (now() + pauseMs > deadline) {
        if (last) return last;
        return { jobId, status: "running", rawStatus: "unknown" };
      }
      await sleep(pauseMs, wait.signal);
    }
  }

  function listCatalog(kind: CatalogKind, cacheKey: string, path: string, call?: CallOptions) {
    return cache.getOrLoad(`${cachePrefix}${cacheKey}`, async () => {
      const url = joinUrl(settings.baseUrl, path);
      const what = `the ${kind} listing`;
      const body = await readWithRetries("catalog", what, call, () => getJsonOnce("catalog", what, url, call));
      try {
        return parseCatalogList(body, kind, settings.baseUrl, settings.fields.catalogItems);
      } catch (error) {
        throw new TryOnUnexpectedResponseError(
          `The try-on service's answer is not a listing: ${(error as Error).message}.`,
          {
            operation: "catalog",
          },
        );
      }
    });
  }

  const listMannequins = (call?: CallOptions) =>
    listCatalog("mannequins", "mannequins", settings.paths.mannequins, call);
  const listBackgrounds = (call?: CallOptions) =>
    listCatalog("backgrounds", "backgrounds", settings.paths.backgrounds, call);
  const listPoses = (productType: string, call?: CallOptions) =>
    listCatalog(
      "poses",
      `poses:${productType}`,
      expandPath(settings.paths.poses, { product_type: productType }),
      call,
    ).then((poses) =>
      // A service that ignores the filter would list every pose; keep those that say they suit another type out.
      poses.filter((pose) => pose.productTypes === undefined || pose.productTypes.includes(productType)),
    );

  /** Last line of defence: whatever text reached an error (an id, a service message), the key leaves it. */
  const scrub = (value: unknown): unknown => {
    if (typeof value === "string") return redact(value);
    if (Array.isArray(value)) return value.map(scrub);
    if (value !== null && typeof value === "object" && !(value instanceof Error)) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item)]));
    }
    return value;
  };
  const guard =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await operation(...args);
      } catch (error) {
        if (error instanceof TryOnError) {
          for (const name of Object.getOwnPropertyNames(error)) {
            const descriptor = Object.getOwnPropertyDescriptor(error, name);
            if (descriptor && "value" in descriptor) {
              Object.defineProperty(error, name, { ...descriptor, value: scrub(descriptor.value) });
            }
          }
        }
        throw error;
      }
    };

  return {
    submitTryOnJob: guard(submitTryOnJob),
    getJobStatus: guard(getJobStatus),
    downloadJobResult: guard(downloadJobResult),
    waitForTryOnJob: guard(waitForTryOnJob),
    listMannequins: guard(listMannequins),
    listPoses: guard(listPoses),
    listBackgrounds: guard(listBackgrounds),
    checkTryOnInput: guard(
      (input: TryOnJobInput, check: { requestTransformedUrl?: RequestTransformedUrl; signal?: AbortSignal } = {}) =>
        checkTryOnInput(input, {
          catalog: {
            listMannequins: () => listMannequins(),
            listPoses: (type) => listPoses(type),
            listBackgrounds: () => listBackgrounds(),
          },
          fetch: fetchImpl,
          timeoutMs: settings.timeoutMs,
          maxImageBytes: settings.maxImageBytes,
          enums: settings.enums,
          maxProductImages: settings.maxProductImages,
          ...(check.requestTransformedUrl && { requestTransformedUrl: check.requestTransformedUrl }),
          ...(check.signal && { signal: check.signal }),
        }),
    ),
    invalidateCatalog: () => cache.invalidate(cachePrefix),
  };
}
