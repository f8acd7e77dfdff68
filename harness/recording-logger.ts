import type { WorkerLogger } from "~/worker/tick-context";

export interface RecordedLine {
  level: "info" | "warn" | "error";
  message: string;
  context: Record<string, unknown> | undefined;
}

/** A worker logger that keeps what it is told, in order, for a test to read back. */
export function recordingLogger(): { lines: RecordedLine[]; logger: WorkerLogger } {
  const lines: RecordedLine[] = [];
  const at = (level: RecordedLine["level"]) => (message: string, context?: Record<string, unknown>) =>
    void lines.push({ level, message, context });
  return { lines, logger: { info: at("info"), warn: at("warn"), error: at("error") } };
}
