import { randomBytes } from "node:crypto";
import { seededRandom } from "~/lib/seeded-random";
import { FaultRegistry, type SimEndpoint, type SimFaultType } from "./faults";
import { ImageCache } from "./input-images";
import { JobStore } from "./jobs";
import { CreditLedger } from "./ledger";
import type { SimulatorHooks, SimulatorSettings } from "./options";

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

/** Everything one simulator keeps between requests; each handler module gets it passed in. */
/** One request to the service's API (submit, status, catalog), whatever came of it: what tests prove timing from. */
export interface ApiRequestRecord {
  seq: number;
  at: number;
  endpoint: SimEndpoint;
  /** The bearer key presented, or null without one. */
  apiKey: string | null;
  path: string;
  /** The status code sent; null when the connection was dropped instead. */
  httpStatus: number | null;
  errorCode?: string;
}

export interface SimulatorState {
  readonly settings: SimulatorSettings;
  /** The key opened at start (`settings.apiKey` or a random one). */
  readonly defaultKey: string;
  /** Set once the server listens; links in answers are built on it. */
  baseUrl: string;
  readonly random: () => number;
  /** Signs result URLs. */
  readonly urlSecret: Buffer;
  readonly ledger: CreditLedger;
  readonly faults: FaultRegistry;
  /** Input images fetched at submit, reused when the result is drawn. */
  readonly images: ImageCache;
  readonly jobs: JobStore;
  readonly submits: SubmitRecord[];
  /** Every API request received, in order. */
  readonly requests: ApiRequestRecord[];
  /** Ids of failed jobs whose credits went back. */
  readonly refunded: Set<string>;
  /** Drawn results, newest last (see results.ts). */
  readonly renders: Map<string, Promise<Buffer>>;
  /** Thumbnails and sample photos, drawn once. */
  readonly staticFiles: Map<string, Promise<Buffer>>;
  readonly rateWindows: Map<string, { start: number; count: number }>;
  /** Timers of answers held back by a `slow` fault, cleared on stop. */
  readonly pendingTimers: Set<NodeJS.Timeout>;
  /** Submit answers held by a `hold_answer` fault, by the submit's seq: calling one sends that answer. */
  readonly heldAnswers: Map<number, () => void>;
  now(): number;
  /** Moves the simulator's clock forward (what `advanceTime` does before settling). */
  moveClock(ms: number): void;
  /** Ends due jobs (refunding failed ones) as of now. */
  settle(): void;
  sleep(ms: number): Promise<void>;
}

export function createSimulatorState(settings: SimulatorSettings, hooks: SimulatorHooks): SimulatorState {
  const clock = hooks.now ?? Date.now;
  let offsetMs = 0;
  const now = () => clock() + offsetMs;
  const random = settings.seed !== undefined ? seededRandom(settings.seed) : Math.random;
  const urlSecret = randomBytes(32);
  const ledger = new CreditLedger();
  const refunded = new Set<string>();
  const jobs = new JobStore((job, at) => {
    if (job.fate === "fail") {
      ledger.refund(job.apiKey, job.id, job.credits, at);
      refunded.add(job.id);
    }
  });
  const pendingTimers = new Set<NodeJS.Timeout>();
  const defaultKey = settings.apiKey ?? `sim_${randomBytes(12).toString("hex")}`;
  ledger.open(defaultKey, settings.initialCredits);

  return {
    settings,
    defaultKey,
    baseUrl: "",
    random,
    urlSecret,
    ledger,
    faults: new FaultRegistry(),
    images: new ImageCache(),
    jobs,
    submits: [],
    requests: [],
    refunded,
    renders: new Map(),
    staticFiles: new Map(),
    rateWindows: new Map(),
    pendingTimers,
    heldAnswers: new Map(),
    now,
    moveClock: (ms) => {
      offsetMs += ms;
    },
    settle: () => jobs.settle(now()),
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          pendingTimers.delete(timer);
          resolve();
        }, ms);
        pendingTimers.add(timer);
      }),
  };
}
