import { randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * Faults the simulator can be told to produce, at run time, for one API key or for all. The same JSON is accepted by
 * the TypeScript API (`injectFault`) and by `POST /__simulator/faults`.
 */

export const SIM_ENDPOINTS = ["submit", "status", "catalog", "result"] as const;
export type SimEndpoint = (typeof SIM_ENDPOINTS)[number];

export const faultSchema = z.discriminatedUnion("type", [
  /** 429 with Retry-After in seconds, as an HTTP date, or absent. */
  z.object({
    type: z.literal("rate_limit"),
    retryAfterSeconds: z.number().int().nonnegative().default(1),
    retryAfterFormat: z.enum(["seconds", "http_date", "none"]).default("seconds"),
  }),
  /** A 5xx answer. On submit, `jobCreated` makes it come after the job was created and charged. */
  z.object({
    type: z.literal("server_error"),
    status: z.number().int().min(500).max(599).default(500),
    jobCreated: z.boolean().default(false),
  }),
  /** The answer is held back this long (a submit creates its job first). */
  z.object({ type: z.literal("slow"), delayMs: z.number().int().positive() }),
  /** The connection is destroyed instead of answering; a submit creates and charges its job first. */
  z.object({ type: z.literal("drop_connection") }),
  /** The answer's status code is kept but its body is cut in the middle of the JSON. */
  z.object({ type: z.literal("malformed_json") }),
  /** Running jobs report this status name instead of queued/processing/finalizing. */
  z.object({ type: z.literal("unknown_status"), statusName: z.string().min(1).default("warming_up") }),
  /** Result downloads answer 404. */
  z.object({ type: z.literal("result_not_found") }),
  /** Result downloads answer 200 with this body declared image/jpeg (a hostile service: SVG, XML, anything). */
  z.object({
    type: z.literal("result_not_image"),
    body: z.string().default('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  }),
  /**
   * Result downloads answer the real image cut short (its first `keep` share of bytes), declared at that length: a
   * well-formed answer carrying a damaged image whose header still looks right.
   */
  z.object({ type: z.literal("result_truncated"), keep: z.number().gt(0).lt(1).default(0.5) }),
  /** Result URLs handed out by the status endpoint are already expired (their download answers 410). */
  z.object({ type: z.literal("result_expired") }),
  /** Jobs submitted while this is active never leave `processing`. */
  z.object({ type: z.literal("never_finish") }),
  /** Jobs submitted while this is active end `failed` with this message (and are refunded). */
  z.object({
    type: z.literal("fail_job"),
    message: z.string().min(1).default("Simulated failure: the garment could not be separated from its background."),
  }),
  /**
   * A faulty service: the submit answers 202 with the id of this key's most recent job instead of creating one
   * (nothing is charged). Without an earlier job the submit is served normally.
   */
  z.object({ type: z.literal("duplicate_job_id") }),
  /**
   * A barrier for crash tests: the submit creates and charges its job, then its answer waits until the test calls
   * `releaseHeldAnswers()`. While it waits the caller is certainly between its intent to submit and the answer.
   */
  z.object({ type: z.literal("hold_answer") }),
  /**
   * Jobs submitted while this is active come back with the garment's colours moved by `deltaE` (CIEDE2000 of its
   * mean colour): `shift` turns the hue, `fade` washes it out. `productImageIncludes` limits it to submits whose
   * product image URL contains that text (one product of a store).
   */
  z.object({
    type: z.literal("colour_shift"),
    deltaE: z.number().positive().max(60).default(15),
    mode: z.enum(["shift", "fade"]).default("shift"),
    productImageIncludes: z.string().min(1).optional(),
  }),
]);
export type SimFault = z.output<typeof faultSchema>;
export type SimFaultInput = z.input<typeof faultSchema>;
export type SimFaultType = SimFault["type"];

export const faultRuleSchema = z.object({
  fault: faultSchema,
  /** Only requests with this key (or, for results, jobs of this key). Absent: every key. */
  apiKey: z.string().min(1).optional(),
  /** Endpoints it applies to; defaults depend on the type (see DEFAULT_ENDPOINTS). */
  endpoints: z.array(z.enum(SIM_ENDPOINTS)).min(1).optional(),
  /** How many times it fires before removing itself. Absent: until removed. */
  times: z.number().int().positive().optional(),
});
export type SimFaultRuleInput = z.input<typeof faultRuleSchema>;

export interface SimFaultRule {
  id: string;
  fault: SimFault;
  apiKey: string | undefined;
  endpoints: readonly SimEndpoint[];
  remaining: number | undefined;
}

const API_ENDPOINTS: readonly SimEndpoint[] = ["submit", "status", "catalog"];

const DEFAULT_ENDPOINTS: Record<SimFaultType, readonly SimEndpoint[]> = {
  rate_limit: API_ENDPOINTS,
  server_error: API_ENDPOINTS,
  slow: API_ENDPOINTS,
  drop_connection: API_ENDPOINTS,
  malformed_json: API_ENDPOINTS,
  unknown_status: ["status"],
  result_not_found: ["result"],
  result_not_image: ["result"],
  result_truncated: ["result"],
  result_expired: ["status"],
  never_finish: ["submit"],
  fail_job: ["submit"],
  duplicate_job_id: ["submit"],
  hold_answer: ["submit"],
  colour_shift: ["submit"],
};

export class FaultRegistry {
  private rules: SimFaultRule[] = [];

  add(input: SimFaultRuleInput): SimFaultRule {
    const parsed = faultRuleSchema.parse(input);
    const rule: SimFaultRule = {
      id: `fault_${randomBytes(6).toString("hex")}`,
      fault: parsed.fault,
      apiKey: parsed.apiKey,
      endpoints: parsed.endpoints ?? DEFAULT_ENDPOINTS[parsed.fault.type],
      remaining: parsed.times,
    };
    this.rules.push(rule);
    return rule;
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  list(): SimFaultRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /**
   * The first active fault of one of `types` for this endpoint and key, counted as fired. Per-key rules win over
   * global ones, so a test can give one key its own behaviour while a global fault is active.
   */
  take<T extends SimFaultType>(
    endpoint: SimEndpoint,
    apiKey: string | undefined,
    types: readonly T[],
    /** A further condition on the fault (a colour shift for one product's images). */
    matches: (fault: Extract<SimFault, { type: T }>) => boolean = () => true,
  ): Extract<SimFault, { type: T }> | undefined {
    if (this.rules.length === 0) return undefined;
    const applies = (rule: SimFaultRule) =>
      rule.endpoints.includes(endpoint) &&
      (types as readonly string[]).includes(rule.fault.type) &&
      matches(rule.fault as Extract<SimFault, { type: T }>);
    const rule =
      this.rules.find(
        (candidate) => applies(candidate) && candidate.apiKey !== undefined && candidate.apiKey === apiKey,
      ) ?? this.rules.find((candidate) => applies(candidate) && candidate.apiKey === undefined);
    if (!rule) return undefined;
    if (rule.remaining !== undefined) {
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.remove(rule.id);
    }
    return rule.fault as Extract<SimFault, { type: T }>;
  }
}
