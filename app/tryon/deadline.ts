/**
 * A request's abort signal: the caller's signal (often the worker's shutdown signal, alive for the whole process)
 * or a timeout, whichever comes first. Built from a plain controller, a timer and one listener that `release()`
 * removes, rather than `AbortSignal.any`: Node keeps every signal made by `any` registered on a long-lived source
 * signal, and with thousands of polls an hour that bookkeeping stalled the worker's event loop (docs/benchmarks.md).
 */
export interface Deadline {
  readonly signal: AbortSignal;
  /** True when the timer, not the caller, aborted the request. */
  timedOut(): boolean;
  /** Stops the timer and unhooks from the caller's signal. Call it once the answer is read. */
  release(): void;
}

export function makeDeadline(timeoutMs: number, caller?: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  const onCallerAbort = () => controller.abort(caller?.reason);
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, "TimeoutError"));
  }, timeoutMs);
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener("abort", onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    release() {
      clearTimeout(timer);
      caller?.removeEventListener("abort", onCallerAbort);
    },
  };
}
