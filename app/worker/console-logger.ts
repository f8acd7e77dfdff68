import type { WorkerLogger } from "./tick-context";

/** One JSON line per event, for log collectors; never holds secrets (callers pass ids, not keys). */
export function consoleWorkerLogger(): WorkerLogger {
  const write = (level: string, message: string, context?: Record<string, unknown>) =>
    console.log(JSON.stringify({ time: new Date().toISOString(), level, message, ...context }));
  return {
    info: (message, context) => write("info", message, context),
    warn: (message, context) => write("warn", message, context),
    error: (message, context) => write("error", message, context),
  };
}
