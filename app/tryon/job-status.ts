/** Reading a job's status, through the configured field names and status vocabulary. */
import { z } from "zod";
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

const statusFieldsSchema = z.object({
  status: z.union([z.string().min(1), z.number()]).transform(String),
  outputUrl: z.string().min(1).optional(),
  errorMessage: z.string().optional(),
});
type StatusFields = z.output<typeof statusFieldsSchema>;

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
  const fields = statusFieldsSchema.safeParse({
    status: readPath(body, settings.fields.status),
    outputUrl: readPath(body, settings.fields.outputUrl) ?? undefined,
    errorMessage: readPath(body, settings.fields.errorMessage) ?? undefined,
  });
  if (!fields.success) {
    throw new TryOnUnexpectedResponseError(
      `The status answer for job ${jobId} has no readable status at ${settings.fields.status}; check the configured field names.`,
      { operation: "status" },
    );
  }
  return fields.data;
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
