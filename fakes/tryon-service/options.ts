import { z } from "zod";

/** Options of the simulator, in-process or standalone (main.ts maps flags and environment onto these). */
export const simulatorOptionsSchema = z
  .object({
    /** 0 picks a free port (tests). The standalone default is 4455 (main.ts). */
    port: z.number().int().min(0).max(65535).default(0),
    /** The API key accepted from the start; a random `sim_...` key when absent. */
    apiKey: z.string().min(8, "must be at least 8 characters").optional(),
    /** Credits every new account starts with. */
    initialCredits: z.number().int().nonnegative().default(1000),
    /** Multiplies every job duration: 0.01 turns the default 90-240 s into 0.9-2.4 s. */
    timeFactor: z.number().positive().default(1),
    /** Job durations before the time factor, drawn uniformly (spec: typically 1.5 to 4 minutes). */
    jobDurationMs: z
      .object({ min: z.number().int().nonnegative(), max: z.number().int().nonnegative() })
      .refine((range) => range.max >= range.min, "max must not be below min")
      .default({ min: 90_000, max: 240_000 }),
    /** How long a result URL stays valid after the status answer that handed it out. */
    resultUrlTtlMs: z
      .number()
      .int()
      .positive()
      .default(60 * 60 * 1000),
    /** Share of jobs that fail on their own, without any fault injected. */
    failureRate: z.number().min(0).max(1).default(0),
    /** Seeds job durations and spontaneous failures, for reproducible runs. */
    seed: z.number().int().optional(),
    /** Timeout of each input image download. */
    imageFetchTimeoutMs: z.number().int().positive().default(10_000),
    /** Serve /__simulator/* (inspection and fault control). On by default: the simulator is a test tool. */
    testEndpoints: z.boolean().default(true),
    /** A real rate limit per key (fixed window); none when absent. */
    rateLimit: z.object({ requests: z.number().int().positive(), windowMs: z.number().int().positive() }).optional(),
    /** Most jobs one key may have running; further submits get 429 `concurrency_limit`. None when absent. */
    maxConcurrentJobs: z.number().int().positive().optional(),
  })
  .strict();

export type SimulatorOptionsInput = z.input<typeof simulatorOptionsSchema>;
export type SimulatorSettings = z.output<typeof simulatorOptionsSchema>;

export interface SimulatorHooks {
  /** Time in ms since the epoch; `advanceTime` adds to it. */
  now?: () => number;
  /** One line per request when given (the standalone server logs to stdout). */
  log?: (line: string) => void;
}
