/**
 * The spec names only `completed` and `failed`; every other state name is "not shown". Names are compared after
 * lower-casing and turning spaces and dashes into underscores, so `In-Progress` and `in_progress` are one name.
 * See docs/decisions/011-unknown-status-means-running.md.
 */

export type NormalizedJobStatus = "running" | "completed" | "failed";

export interface StatusVocabulary {
  completed: readonly string[];
  failed: readonly string[];
  /** Names known to mean "not finished". Anything in none of the lists is treated as running too, but logged. */
  running: readonly string[];
}

export const DEFAULT_STATUS_VOCABULARY: StatusVocabulary = {
  completed: ["completed", "complete", "succeeded", "success", "successful", "done", "finished"],
  failed: ["failed", "failure", "error", "errored", "cancelled", "canceled"],
  running: [
    "queued",
    "pending",
    "created",
    "submitted",
    "accepted",
    "starting",
    "started",
    "processing",
    "in_progress",
    "running",
    "rendering",
    "finalizing",
    "uploading",
  ],
};

export function canonicalStatusName(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

export function normalizeJobStatus(
  raw: string,
  vocabulary: StatusVocabulary = DEFAULT_STATUS_VOCABULARY,
): { status: NormalizedJobStatus; known: boolean } {
  const name = canonicalStatusName(raw);
  const has = (list: readonly string[]) => list.some((entry) => canonicalStatusName(entry) === name);
  if (has(vocabulary.completed)) return { status: "completed", known: true };
  if (has(vocabulary.failed)) return { status: "failed", known: true };
  return { status: "running", known: has(vocabulary.running) };
}

/**
 * Reads a dotted path (`data.output_url`, `data.outputs.0.url`) from a parsed JSON body. Field names of the status
 * body are configuration, because the spec does not show them.
 */
export function readPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const segment of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
