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

interface CanonicalVocabulary {
  completed: ReadonlySet<string>;
  failed: ReadonlySet<string>;
  running: ReadonlySet<string>;
}

/** Each vocabulary's names in canonical form, made once: a poll canonicalises the one name it was sent. */
const canonicalVocabularies = new WeakMap<StatusVocabulary, CanonicalVocabulary>();
function canonicalVocabulary(vocabulary: StatusVocabulary): CanonicalVocabulary {
  let canonical = canonicalVocabularies.get(vocabulary);
  if (!canonical) {
    const names = (list: readonly string[]) => new Set(list.map(canonicalStatusName));
    canonical = {
      completed: names(vocabulary.completed),
      failed: names(vocabulary.failed),
      running: names(vocabulary.running),
    };
    canonicalVocabularies.set(vocabulary, canonical);
  }
  return canonical;
}

export interface NormalizedStatusName {
  readonly status: NormalizedJobStatus;
  readonly known: boolean;
}

const COMPLETED: NormalizedStatusName = Object.freeze({ status: "completed", known: true });
const FAILED: NormalizedStatusName = Object.freeze({ status: "failed", known: true });
const RUNNING: NormalizedStatusName = Object.freeze({ status: "running", known: true });
const UNKNOWN: NormalizedStatusName = Object.freeze({ status: "running", known: false });

export function normalizeJobStatus(
  raw: string,
  vocabulary: StatusVocabulary = DEFAULT_STATUS_VOCABULARY,
): NormalizedStatusName {
  const name = canonicalStatusName(raw);
  const canonical = canonicalVocabulary(vocabulary);
  if (canonical.completed.has(name)) return COMPLETED;
  if (canonical.failed.has(name)) return FAILED;
  return canonical.running.has(name) ? RUNNING : UNKNOWN;
}

/**
 * Reads a dotted path (`data.output_url`, `data.outputs.0.url`) from a parsed JSON body. Field names of the status
 * body are configuration, because the spec does not show them. A path read on every poll is given split once.
 */
export function readPath(value: unknown, path: string | readonly string[]): unknown {
  let current: unknown = value;
  for (const segment of typeof path === "string" ? path.split(".") : path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
