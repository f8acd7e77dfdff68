/**
 * The simulator's control API, for tests and the sandbox: inspect accounts, submits and jobs, inject faults, move
 * the clock. The same operations in-process (`makeSimulatorControls`, spread into the TryOnSimulator) and over HTTP
 * under /__simulator/ (when `testEndpoints` is on).
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { SimFaultRule, SimFaultRuleInput } from "./faults";
import { type Answer, HttpProblem, readRequestBody } from "./http";
import { type SimJob, type SimJobFate, type SimJobRequest, type SimJobState, viewJob } from "./jobs";
import type { AccountReport } from "./ledger";
import type { ApiRequestRecord, SimulatorState, SubmitRecord } from "./state";

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
  /** Set when the job was submitted under a colour_shift fault. */
  colourShift?: { deltaE: number; mode: "shift" | "fade" };
}

export interface SimulatorControls {
  /** Opens another account; returns its key (random unless given). */
  addApiKey(options?: { apiKey?: string; credits?: number }): string;
  setCredits(apiKey: string, balance: number): void;
  /** Balance, charges and refunds of one key (default: `apiKey`). Settles due jobs first. */
  getLedger(apiKey?: string): AccountReport;
  /** Every submit received, accepted or not, optionally for one key. */
  getSubmits(apiKey?: string): SubmitRecord[];
  /** Every API request received (submits, status polls, catalog), optionally for one key. */
  getRequests(apiKey?: string): ApiRequestRecord[];
  getJob(jobId: string): SimJobReport | undefined;
  listJobs(apiKey?: string): SimJobReport[];
  /** Submits whose answer a `hold_answer` fault is holding (their jobs exist and are charged). */
  heldSubmits(): SubmitRecord[];
  /** Sends every held answer (to callers still listening); returns how many were held. */
  releaseHeldAnswers(): number;
  injectFault(rule: SimFaultRuleInput): string;
  removeFault(faultId: string): boolean;
  clearFaults(): void;
  listFaults(): SimFaultRule[];
  /** Moves the simulator's clock forward: jobs progress, URLs expire, failed jobs are refunded. */
  advanceTime(ms: number): void;
  now(): number;
}

export function makeSimulatorControls(state: SimulatorState): SimulatorControls {
  const { settings, ledger, faults, jobs, submits } = state;
  const reportJob = (job: SimJob): SimJobReport => {
    const view = viewJob(job, state.now());
    return {
      id: job.id,
      apiKey: job.apiKey,
      state: view.state,
      progress: view.progress,
      createdAt: job.createdAt,
      endsAt: Number.isFinite(job.endsAt) ? job.endsAt : null,
      fate: job.fate,
      credits: job.credits,
      refunded: state.refunded.has(job.id),
      request: job.request,
      ...(job.colourShift ? { colourShift: job.colourShift } : {}),
    };
  };
  return {
    addApiKey: (input = {}) => {
      const apiKey = input.apiKey ?? `sim_${randomBytes(12).toString("hex")}`;
      ledger.open(apiKey, input.credits ?? settings.initialCredits);
      return apiKey;
    },
    setCredits: (apiKey, balance) => ledger.setBalance(apiKey, balance),
    getLedger: (apiKey = state.defaultKey) => {
      state.settle();
      return ledger.report(apiKey);
    },
    heldSubmits: () => submits.filter((record) => state.heldAnswers.has(record.seq)).map((record) => ({ ...record })),
    releaseHeldAnswers: () => {
      const held = [...state.heldAnswers.values()];
      state.heldAnswers.clear();
      for (const release of held) release();
      return held.length;
    },
    getSubmits: (apiKey) =>
      submits.filter((record) => apiKey === undefined || record.apiKey === apiKey).map((record) => ({ ...record })),
    getRequests: (apiKey) =>
      state.requests
        .filter((request) => apiKey === undefined || request.apiKey === apiKey)
        .map((request) => ({ ...request })),
    getJob: (jobId) => {
      state.settle();
      const job = jobs.get(jobId);
      return job && reportJob(job);
    },
    listJobs: (apiKey) => {
      state.settle();
      return [...jobs.all()].filter((job) => apiKey === undefined || job.apiKey === apiKey).map(reportJob);
    },
    injectFault: (rule) => faults.add(rule).id,
    removeFault: (faultId) => faults.remove(faultId),
    clearFaults: () => faults.clear(),
    listFaults: () => faults.list(),
    advanceTime: (ms) => {
      state.moveClock(ms);
      state.settle();
    },
    now: state.now,
  };
}

/** Answers /__simulator/*; undefined when no control endpoint matches. */
export async function handleControlRequest(
  state: SimulatorState,
  controls: SimulatorControls,
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
): Promise<Answer | undefined> {
  const { ledger, faults, defaultKey } = state;
  const method = req.method ?? "GET";
  const keyParam = () => query.get("api_key") ?? defaultKey;
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
    return { status: 200, body: { data: controls.getLedger(requireKey(keyParam())) } };
  if (path === "/__simulator/submits" && method === "GET") {
    const apiKey = query.get("api_key");
    return { status: 200, body: { data: controls.getSubmits(apiKey ?? undefined) } };
  }
  if (path === "/__simulator/jobs" && method === "GET") {
    const apiKey = query.get("api_key");
    return { status: 200, body: { data: controls.listJobs(apiKey ?? undefined) } };
  }
  const jobMatch = /^\/__simulator\/jobs\/([\w-]+)$/.exec(path);
  if (jobMatch?.[1] !== undefined && method === "GET") {
    const job = controls.getJob(jobMatch[1]);
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
    const apiKey = controls.addApiKey({
      ...(typeof input.apiKey === "string" && { apiKey: input.apiKey }),
      ...(typeof input.credits === "number" && { credits: input.credits }),
    });
    return { status: 201, body: { data: controls.getLedger(apiKey) } };
  }
  if (path === "/__simulator/credits" && method === "POST") {
    const input = (await readJson()) as { apiKey?: unknown; balance?: unknown };
    const apiKey = requireKey(typeof input.apiKey === "string" ? input.apiKey : defaultKey);
    if (typeof input.balance !== "number" || !Number.isInteger(input.balance)) {
      throw new HttpProblem(422, "validation_failed", "balance must be an integer");
    }
    controls.setCredits(apiKey, input.balance);
    return { status: 200, body: { data: controls.getLedger(apiKey) } };
  }
  if (path === "/__simulator/clock" && method === "POST") {
    const input = (await readJson()) as { advanceMs?: unknown };
    if (typeof input.advanceMs !== "number" || input.advanceMs < 0) {
      throw new HttpProblem(422, "validation_failed", "advanceMs must be a non-negative number");
    }
    controls.advanceTime(input.advanceMs);
    return { status: 200, body: { data: { now: new Date(state.now()).toISOString() } } };
  }
  return undefined;
}
