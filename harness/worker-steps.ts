/**
 * For tests that drive one worker step tick by tick (app/worker/steps/*.test.ts): a try-on client and a Shopify media
 * port that answer from a script and record every call, a logger that keeps its lines, and a worker on an injected
 * clock for a shop with a saved key.
 */
import type { PrismaClient } from "@prisma/client";
import { hashServiceKey, makeSecretBox } from "~/lib/secret-box.server";
import type { RenderMedia } from "~/renders/review/media-port";
import type { InputCheckResult, RequestTransformedUrl, TryOnClient, TryOnJobInput, TryOnJobStatus } from "~/tryon";
import type { TryOnResultImage } from "~/tryon/download-result";
import type { WorkerLogger } from "~/worker/tick-context";
import { makeWorker, type WorkerDeps } from "~/worker/worker";
import { TEST_ENCRYPTION_KEY } from "./pipeline";
import { seedShop } from "./render-fixtures";

export interface SubmittedJob {
  jobId: string;
  status: "running";
  rawStatus: string;
  credits: number;
}

type CheckOptions = { requestTransformedUrl?: RequestTransformedUrl; signal?: AbortSignal };

export interface TryOnScript {
  check?(input: TryOnJobInput, options: CheckOptions): Promise<InputCheckResult>;
  submit?(input: TryOnJobInput): Promise<SubmittedJob>;
  status?(jobId: string): Promise<TryOnJobStatus>;
  download?(job: { jobId: string; outputUrl?: string }): Promise<TryOnResultImage>;
}

/** A try-on client answering from `script` (checks pass, submits number their jobs), recording what it was asked. */
export function scriptedTryOn(script: TryOnScript = {}) {
  const checks: TryOnJobInput[] = [];
  const submits: TryOnJobInput[] = [];
  const polls: string[] = [];
  const downloads: Array<{ jobId: string; outputUrl?: string }> = [];
  let jobs = 0;
  const client = {
    async checkTryOnInput(input: TryOnJobInput, options: CheckOptions = {}) {
      checks.push(input);
      return script.check ? script.check(input, options) : { ok: true, input, substitutions: [] };
    },
    async submitTryOnJob(input: TryOnJobInput) {
      submits.push(input);
      if (script.submit) return script.submit(input);
      jobs += 1;
      return { jobId: `job-${jobs}`, status: "running", rawStatus: "queued", credits: 5 };
    },
    async getJobStatus(jobId: string) {
      polls.push(jobId);
      if (script.status) return script.status(jobId);
      return { jobId, status: "running", rawStatus: "processing" };
    },
    async downloadJobResult(job: { jobId: string; outputUrl?: string }) {
      downloads.push(job);
      if (!script.download) throw new Error("no download scripted");
      return script.download(job);
    },
  } as unknown as TryOnClient;
  return { client, checks, submits, polls, downloads };
}

/** A Shopify media port made of the given methods; any other method throws if called. */
export function scriptedMedia(methods: Partial<RenderMedia>): RenderMedia {
  return new Proxy(methods, {
    get(target, name: string) {
      const method = target[name as keyof RenderMedia];
      // Not a promise: awaiting the port must not call a `then` of it.
      if (method || name === "then") return method;
      return () => Promise.reject(new Error(`media.${name} was not expected`));
    },
  }) as RenderMedia;
}

/** An image body of `bytes` bytes, as the service's result download hands it on. */
export function resultImage(bytes: number, contentType = "image/jpeg"): TryOnResultImage {
  return {
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(bytes));
        controller.close();
      },
    }),
    contentType,
    byteLength: bytes,
    sourceUrl: "https://results.test/image",
  };
}

export { recordingWorkerLogger } from "./recording-logger";

/** Seeds `shop` with a saved service key (sealed as the app seals it) and returns the key's hash. */
export async function seedShopWithKey(
  db: PrismaClient,
  shop: string,
  apiKey: string,
  concurrencyCap = 5_000,
): Promise<string> {
  await seedShop(db, shop, {
    concurrencyCap,
    tryOnApiKeyEncrypted: makeSecretBox(TEST_ENCRYPTION_KEY).seal(apiKey, shop),
    tryOnKeyHash: hashServiceKey(apiKey),
    tryOnBaseUrl: "https://tryon.test",
  });
  return hashServiceKey(apiKey);
}

/** A worker on a fixed clock and random (0.5) whose try-on client and Shopify are the scripted ones. */
export function stepWorker(
  db: PrismaClient,
  options: {
    tryOn: TryOnClient;
    /** Shopify for the shop; a function is asked each time the step reaches for Shopify. */
    media?: RenderMedia | (() => Promise<RenderMedia>);
    now: () => Date;
    logger?: WorkerLogger;
  } & Partial<Pick<WorkerDeps, "config" | "metrics">> & { onTryOnClient?: () => void },
) {
  return makeWorker({
    db,
    secretBox: makeSecretBox(TEST_ENCRYPTION_KEY),
    makeTryOnClient: () => {
      options.onTryOnClient?.();
      return options.tryOn;
    },
    renderMediaFor: async () => {
      const media = options.media;
      if (!media) throw new Error("Shopify is not part of this test");
      return typeof media === "function" ? media() : media;
    },
    now: options.now,
    random: () => 0.5,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    config: { retryBaseMs: 10_000, retryMaxMs: 600_000, ...options.config },
  });
}
