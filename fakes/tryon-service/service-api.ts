import type { IncomingMessage, ServerResponse } from "node:http";
import { handleCatalog } from "./catalog-api";
import type { SimEndpoint } from "./faults";
import { type Answer, bearerKey, errorAnswer, HttpProblem, writeJson } from "./http";
import { handleStatus, handleSubmit } from "./jobs-api";
import { BACKGROUNDS_PATH, MANNEQUINS_PATH, POSES_PATH, STATUS_PATH_PREFIX, SUBMIT_PATH } from "./paths";
import type { ApiRequestRecord, SimulatorState, SubmitRecord } from "./state";

/** Which endpoint of the service's API a request is for; undefined when none; 405 for a wrong method. */
export function apiEndpoint(method: string, path: string): SimEndpoint | undefined {
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
}

/**
 * Answers one request to the service's API: checks the key and the rate limit, applies injected faults, and records
 * every submit, accepted or not.
 */
export async function handleApi(
  state: SimulatorState,
  req: IncomingMessage,
  res: ServerResponse,
  endpoint: SimEndpoint,
  path: string,
  query: URLSearchParams,
) {
  const { faults, submits } = state;
  const presented = bearerKey(req);
  const record: SubmitRecord | undefined =
    endpoint === "submit"
      ? { seq: submits.length + 1, at: state.now(), apiKey: presented, body: undefined, httpStatus: 0 }
      : undefined;
  if (record) submits.push(record);
  const logged: ApiRequestRecord = {
    seq: state.requests.length + 1,
    at: state.now(),
    endpoint,
    apiKey: presented,
    path,
    httpStatus: 0,
  };
  state.requests.push(logged);
  let answer: Answer;
  let apiKey: string | undefined;
  try {
    if (presented === null || !state.ledger.has(presented)) {
      throw new HttpProblem(
        401,
        "unauthorized",
        "missing or unknown API key: send Authorization: Bearer <API_KEY>",
        undefined,
        {
          "WWW-Authenticate": 'Bearer realm="tryon"',
        },
      );
    }
    apiKey = presented;
    enforceRateLimit(state, apiKey);
    const limited = faults.take(endpoint, apiKey, ["rate_limit"]);
    if (limited) {
      const retryAfter =
        limited.retryAfterFormat === "seconds"
          ? String(limited.retryAfterSeconds)
          : limited.retryAfterFormat === "http_date"
            ? new Date(state.now() + limited.retryAfterSeconds * 1000).toUTCString()
            : undefined;
      if (record) record.fault = "rate_limit";
      throw new HttpProblem(
        429,
        "rate_limited",
        "too many requests (simulated)",
        undefined,
        retryAfter ? { "Retry-After": retryAfter } : undefined,
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
        ? await handleSubmit(state, req, apiKey, record)
        : endpoint === "status"
          ? handleStatus(state, decodeURIComponent(path.slice(STATUS_PATH_PREFIX.length)), apiKey)
          : handleCatalog(state, path, query);
    if (lateError) {
      if (record) record.fault = "server_error";
      answer = errorAnswer(
        new HttpProblem(lateError.status, "internal_error", "the service failed after accepting the job (simulated)"),
      );
    }
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    answer = errorAnswer(error);
    if (record) record.errorCode = error.code;
    logged.errorCode = error.code;
  }
  if (record) record.httpStatus = answer.status;
  logged.httpStatus = answer.status;

  const dropped = apiKey !== undefined ? faults.take(endpoint, apiKey, ["drop_connection"]) : undefined;
  if (dropped) {
    if (record) {
      record.fault = "drop_connection";
      record.httpStatus = null;
    }
    logged.httpStatus = null;
    req.socket.destroy();
    return;
  }
  const malformed = apiKey !== undefined ? faults.take(endpoint, apiKey, ["malformed_json"]) : undefined;
  if (malformed && record) record.fault = "malformed_json";
  const slow = apiKey !== undefined ? faults.take(endpoint, apiKey, ["slow"]) : undefined;
  if (slow) {
    await state.sleep(slow.delayMs);
    if (res.destroyed || req.socket.destroyed) return;
  }
  const hold = record && apiKey !== undefined ? faults.take(endpoint, apiKey, ["hold_answer"]) : undefined;
  if (hold && record) {
    record.fault = "hold_answer";
    await new Promise<void>((resolve) => state.heldAnswers.set(record.seq, resolve));
    if (res.destroyed || req.socket.destroyed) return;
  }
  writeJson(res, answer, malformed !== undefined);
}

function enforceRateLimit(state: SimulatorState, apiKey: string) {
  const limit = state.settings.rateLimit;
  if (!limit) return;
  const at = state.now();
  const window = state.rateWindows.get(apiKey);
  if (!window || at - window.start >= limit.windowMs) {
    state.rateWindows.set(apiKey, { start: at, count: 1 });
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
      },
    );
  }
}
