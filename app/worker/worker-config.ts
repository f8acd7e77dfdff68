import { z } from "zod";

/** Every timing of the background loop, with the reason for its default. Overridable from the environment. */
export const workerConfigSchema = z.object({
  /** The longest an idle worker waits before looking for due work again (a staff click waits at most this). */
  tickIntervalMs: z.number().int().positive().default(1_000),
  /**
   * The shortest wait after a tick that left nothing due. Within `tickIntervalMs` the worker wakes when the next
   * render is due; polls are jittered, so without a floor it would run a tick for every single render.
   */
  minTickGapMs: z.number().int().positive().default(100),
  /** Submits claimed per tick (each is a paid request, sent one statement at a time). */
  submitBatchSize: z.number().int().positive().default(8),
  /** Polls, imports and publishes claimed per tick; their results are written in batches. */
  workBatchSize: z.number().int().positive().default(500),
  /** Longer than a submit's timeout: an expired submit lease means the worker died mid-submit. */
  submitLeaseMs: z.number().int().positive().default(90_000),
  workLeaseMs: z.number().int().positive().default(60_000),
  /** The spec's polling interval; never poll a job faster than this. */
  pollIntervalMs: z.number().int().min(3_000).default(3_000),
  /** Added at random to each poll so jobs submitted together do not poll in lockstep. */
  pollJitterMs: z.number().int().min(0).default(500),
  /** First poll after submit when a shop has no history yet. */
  firstPollDefaultMs: z.number().int().positive().default(60_000),
  /** Durations kept per shop to learn when completion becomes plausible (enough for a steady 5th percentile). */
  durationSamples: z.number().int().positive().default(100),
  /** No final status after this long: `stalled`, polled slowly, never resubmitted. */
  stallAfterMs: z
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  stalledPollIntervalMs: z.number().int().positive().default(60_000),
  /** How often a running worker records that it is alive (Home warns after two minutes of silence). */
  heartbeatIntervalMs: z.number().int().positive().default(15_000),
  /**
   * A stalled render still unfinished this long after its submit stops being polled and waits for a person
   * (`submit_unknown`, ADR 044): it no longer holds a place under the shop's concurrency cap.
   */
  stalledGiveUpAfterMs: z
    .number()
    .int()
    .positive()
    .default(2 * 60 * 60_000),
  /** Parallel HTTP calls per worker. */
  httpConcurrency: z.number().int().positive().default(16),
  /** Consecutive failed calls with one service key (across ticks and workers) before its circuit opens. */
  circuitFailureThreshold: z.number().int().positive().default(5),
  circuitOpenMs: z.number().int().positive().default(30_000),
  /**
   * A tick still calling the service this long after it began re-reads the shared gates (another worker's
   * Retry-After pause or open circuit) before each call, at most once per this interval per key (on the worker's clock, not scaled).
   */
  gateRecheckMs: z.number().int().positive().default(250),
  /** Back-off after a transient failure of one render's step (doubles per attempt, capped). */
  retryBaseMs: z.number().int().positive().default(5_000),
  retryMaxMs: z
    .number()
    .int()
    .positive()
    .default(10 * 60_000),
  /**
   * Every step that retries stops after this many failed attempts and hands the render to a person, with words:
   * import_failed renders (and files Shopify could not process) fail for good (the service charged for them);
   */
  importMaxAttempts: z.number().int().positive().default(8),
  /** a publish that keeps failing goes back to review (staff approve again once Shopify is fine); */
  publishMaxAttempts: z.number().int().positive().default(6),
  /**
   * and a job whose status checks keep failing (not rate limits: those wait) becomes `stalled`, where staff see
   * it. Counted over the job's life: a flaky service reaches it slowly, a dead job id quickly.
   */
  pollMaxFailures: z.number().int().positive().default(20),
  /**
   * One render's whole transfer, from the service's result URL through to Shopify's staged upload (the image
   * streams across). Below workLeaseMs, so no other worker takes over an import that is still uploading.
   */
  importTransferTimeoutMs: z.number().int().positive().default(45_000),
  /** How often an uploaded file is checked until Shopify has processed it. */
  fileReadyPollMs: z.number().int().positive().default(2_000),
  /**
   * Automation (issue 29, ADR 076): a shop's product deliveries are gathered into automatic runs once none has
   * arrived for this long. A CSV import sends its deliveries over minutes; a minute of quiet means it is over.
   */
  automationQuietMs: z.number().int().positive().default(60_000),
  /** A stream of deliveries that never pauses is gathered anyway once its oldest has waited this long. */
  automationMaxWaitMs: z
    .number()
    .int()
    .positive()
    .default(10 * 60_000),
  /** On SIGTERM: how long in-flight submits may take before the process exits anyway. */
  shutdownGraceMs: z.number().int().positive().default(30_000),
  /**
   * Scales the schedule (polls, first poll, stall, back-offs, file checks) together with a try-on simulator
   * running at the same time factor, so tests and the sandbox see minutes pass in seconds. 1 in production,
   * where the 3-second minimum poll interval holds as written. Leases are not scaled: HTTP timeouts are real.
   */
  timeFactor: z.number().positive().max(1).default(1),
});

export type WorkerConfig = z.infer<typeof workerConfigSchema>;
export type WorkerConfigInput = z.input<typeof workerConfigSchema>;

const SCALED_DURATIONS = [
  "pollIntervalMs",
  "pollJitterMs",
  "firstPollDefaultMs",
  "stallAfterMs",
  "stalledPollIntervalMs",
  "stalledGiveUpAfterMs",
  "retryBaseMs",
  "retryMaxMs",
  "fileReadyPollMs",
  "circuitOpenMs",
  "automationQuietMs",
  "automationMaxWaitMs",
] as const satisfies ReadonlyArray<keyof WorkerConfig>;

export function makeWorkerConfig(input: WorkerConfigInput = {}): WorkerConfig {
  const config = workerConfigSchema.parse(input);
  for (const key of SCALED_DURATIONS) config[key] = Math.round(config[key] * config.timeFactor);
  return config;
}
