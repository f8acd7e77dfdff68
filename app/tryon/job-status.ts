/** Reading a job's status, through the configured field names and status vocabulary. */
import { type CallOptions, type TryOnConnection } from "./connection";
import { expandPath, joinUrl, type TryOnClientSettings } from "./config";
import { TryOnUnexpectedResponseError } from "./errors";
import { getJsonOnce, readWithRetries } from "./read-retries";
import { type NormalizedJobStatus, normalizeJobStatus, readPath } from "./status";

export interface TryOnJobStatus {
  jobId: string;
  status: NormalizedJobStatus;
  /** The name the service used, as sent. */
  rawStatus: string;
  /** Present when completed: absolute URL of the result image (it may expire; see downloadJobResult). */
  outputUrl?: string;
  /** Present when failed, when the service gave a reason. */
  errorMessage?: string;
}

export type GetJobStatus = (jobId: string, call?: CallOptions) => Promise<TryOnJobStatus>;

/** The fields of a status answer the app reads (at the configured paths), checked. */
export interface StatusFields {
  /** A non-empty string, or a number given as its decimal text. */
  status: string;
  /** Non-empty when present. */
  outputUrl?: string;
  errorMessage?: string;
}

/**
 * Checks the status answer's fields exactly as the wire schema did (a non-empty string or a finite number for the
 * status; a non-empty string or nothing for the result URL; a string or nothing for the reason; `null` counts as
 * nothing for the last two), without building a schema's result on every poll: zod was a measured share of a
 * poll's CPU (ADR 079). Anything else is refused whole, as before. test: job-status.test.ts compares it with
 * that schema over hostile answers.
 */
export function checkStatusFields(status: unknown, outputUrl: unknown, errorMessage: unknown): StatusFields | null {
  const statusText =
    typeof status === "string" && status.length > 0
      ? status
      : typeof status === "number" && Number.isFinite(status)
        ? String(status)
        : null;
  if (statusText === null) return null;
  const url = outputUrl ?? undefined;
  if (url !== undefined && (typeof url !== "string" || url.length === 0)) return null;
  const reason = errorMessage ?? undefined;
  if (reason !== undefined && typeof reason !== "string") return null;
  const fields: StatusFields = { status: statusText };
  if (url !== undefined) fields.outputUrl = url;
  if (reason !== undefined) fields.errorMessage = reason;
  return fields;
}

/** getJobStatus for this connection; an unknown status name is logged once per job, however often it is read. */
export function makeJobStatusReader(connection: TryOnConnection): GetJobStatus {
  const { logger, redact, settings } = connection;
  /** Job ids whose unknown status name was already logged; bounded so a long-lived client cannot grow forever. */
  const unknownStatusLogged = new Set<string>();

  const logUnknownStatusOnce = (jobId: string, rawStatus: string) => {
    if (unknownStatusLogged.has(jobId)) return;
    if (unknownStatusLogged.size >= 10_000) unknownStatusLogged.clear();
    unknownStatusLogged.add(jobId);
    logger.warn("unknown try-on job status, treated as still running", { jobId, rawStatus });
  };

  return async function getJobStatus(jobId: string, call?: CallOptions): Promise<TryOnJobStatus> {
    const fields = await readStatusFields(connection, jobId, call);
    const { status, known } = normalizeJobStatus(fields.status, settings.statusVocabulary);
    if (!known) logUnknownStatusOnce(jobId, fields.status);
    const result: TryOnJobStatus = { jobId, status, rawStatus: fields.status };
    if (status === "completed") result.outputUrl = resultUrlOf(settings, jobId, fields.outputUrl);
    if (status === "failed" && fields.errorMessage) result.errorMessage = redact(fields.errorMessage);
    return result;
  };
}

/** Reads the status document (retrying transient failures) and picks the configured fields out of it. */
async function readStatusFields(
  connection: TryOnConnection,
  jobId: string,
  call: CallOptions | undefined,
): Promise<StatusFields> {
  const { settings } = connection;
  const url = joinUrl(settings.baseUrl, expandPath(settings.paths.status, { id: jobId }));
  const what = `the status of job ${jobId}`;
  const body = await readWithRetries(connection, "status", what, call, () =>
    getJsonOnce(connection, "status", what, url, call),
  );
  const paths = fieldPathsOf(settings);
  const fields = checkStatusFields(
    readPath(body, paths.status),
    readPath(body, paths.outputUrl),
    readPath(body, paths.errorMessage),
  );
  if (!fields) {
    throw new TryOnUnexpectedResponseError(
      `The status answer for job ${jobId} has no readable status at ${settings.fields.status}; check the configured field names.`,
      { operation: "status" },
    );
  }
  return fields;
}

/** The configured field paths, split once per client's settings rather than on every poll. */
const fieldPaths = new WeakMap<TryOnClientSettings, Record<"status" | "outputUrl" | "errorMessage", string[]>>();
function fieldPathsOf(settings: TryOnClientSettings) {
  let paths = fieldPaths.get(settings);
  if (!paths) {
    const { fields } = settings;
    paths = {
      status: fields.status.split("."),
      outputUrl: fields.outputUrl.split("."),
      errorMessage: fields.errorMessage.split("."),
    };
    fieldPaths.set(settings, paths);
  }
  return paths;
}

/** A completed job's result URL, made absolute against the service's base URL; a completed job must have one. */
function resultUrlOf(settings: TryOnClientSettings, jobId: string, outputUrl: string | undefined): string {
  let absolute: string | undefined;
  try {
    absolute = outputUrl && new URL(outputUrl, settings.baseUrl).toString();
  } catch {
    absolute = undefined;
  }
  if (!absolute) {
    throw new TryOnUnexpectedResponseError(
      `Job ${jobId} is completed but its answer has no result URL at ${settings.fields.outputUrl}; check the configured field names.`,
      { operation: "status" },
    );
  }
  return absolute;
}
