import type { WorkerLogger } from "~/worker/tick-context";

export interface RecordedLine {
  level: "info" | "warn" | "error";
  message: string;
  context: Record<string, unknown> | undefined;
}

/** A worker logger that keeps what it is told, in order, for a test to read back from `lines`. */
export function recordingWorkerLogger(): WorkerLogger & { lines: RecordedLine[] } {
  const lines: RecordedLine[] = [];
  const at = (level: RecordedLine["level"]) => (message: string, context?: Record<string, unknown>) =>
    void lines.push({ level, message, context });
  return { lines, info: at("info"), warn: at("warn"), error: at("error") };
}

/** The same, as the logger to pass and the lines to read. */
export function recordingLogger(): { lines: RecordedLine[]; logger: WorkerLogger } {
  const logger = recordingWorkerLogger();
  return { lines: logger.lines, logger };
}
