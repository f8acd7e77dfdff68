/** For tests of the try-on client (app/tryon): a logger that keeps its lines, and a job the simulator accepts. */
import type { LogFields, TryOnLogger } from "~/tryon/logging";
import type { TryOnJobInput } from "~/tryon/wire";

export interface LogLine {
  level: "debug" | "info" | "warn" | "error";
  message: string;
  fields: LogFields | undefined;
}

/** A logger that keeps every line, for tests that assert what was (or was not) logged. */
export function recordingLogger(): TryOnLogger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine["level"]) =>
    (message: string, fields?: LogFields): void => {
      lines.push({ level, message, fields });
    };
  return { lines, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** A complete, valid job for the simulator's catalog, using images served at `imageUrl`. */
export function sampleJobInput(imageUrl: string, overrides: Partial<TryOnJobInput> = {}): TryOnJobInput {
  return {
    productType: "top",
    productImages: [imageUrl],
    productCategory: "t_shirt",
    mannequinId: "mnq_lena",
    poseId: "pose_front_relaxed",
    background: "bg_studio_white",
    lockBackground: false,
    resolution: "2K",
    aspectRatio: "3:4",
    bodySize: "M",
    expression: "neutral",
    ...overrides,
  };
}
