/**
 * Submitting a try-on job. A submit is charged and not idempotent: it is sent once and never again
 * automatically, and any failure after it may have reached the service says so (TryOnOutcomeUnknownError).
 */
import { authHeaders, type CallOptions, sendToService, type TryOnConnection } from "./connection";
import { joinUrl } from "./config";
import { creditsForJob } from "./cost";
import { TryOnInvalidRequestError, TryOnNotSentError, TryOnOutcomeUnknownError } from "./errors";
import { decodeJson, type HttpAnswer, TransportFailure } from "./http";
import { refusalError } from "./refusals";
import { type NormalizedJobStatus, normalizeJobStatus } from "./status";
import {
  makeTryOnJobInputSchema,
  parseServiceErrorBody,
  submitResponseSchema,
  type TryOnJobInput,
  toSubmitWireBody,
} from "./wire";

export interface SubmittedTryOnJob {
  jobId: string;
  status: NormalizedJobStatus;
  rawStatus: string;
  /** From the cost table: what the service charges for this job when it starts. */
  credits: number;
}

type JobInputSchema = ReturnType<typeof makeTryOnJobInputSchema>;

/** submitTryOnJob for this connection, checking input against its enums and image limit before sending. */
export function makeJobSubmitter(connection: TryOnConnection) {
  const { logger, settings } = connection;
  // Built at the first submit, not with the client: a worker makes a client per shop (500 at a start), most of
  // them only poll, and building this schema was about 7 ms of CPU each (benchmark 15's profile, ADR 079).
  let inputSchema: JobInputSchema | undefined;

  return async function submitTryOnJob(input: TryOnJobInput, call?: CallOptions): Promise<SubmittedTryOnJob> {
    inputSchema ??= makeTryOnJobInputSchema(settings.enums, settings.maxProductImages);
    const checked = validJobInput(inputSchema, input);
    const answer = await postJob(connection, JSON.stringify(toSubmitWireBody(checked)), call);
    if (answer.status >= 500) throw failedWhileTakingJob(connection, answer);
    if (answer.status < 200 || answer.status >= 300) throw refusalError(connection, answer, "submit", "the try-on job");
    const { id, status: rawStatus } = acceptedJob(connection, answer);
    const credits = creditsForJob(checked.resolution);
    logger.info("submitted try-on job", { jobId: id, status: rawStatus, credits });
    return { jobId: id, status: normalizeJobStatus(rawStatus, settings.statusVocabulary).status, rawStatus, credits };
  };
}

/** The input as the schema reads it, or a TryOnInvalidRequestError: an invalid job is never sent. */
function validJobInput(inputSchema: JobInputSchema, input: TryOnJobInput): TryOnJobInput {
  const checked = inputSchema.safeParse(input);
  if (!checked.success) {
    const problems = checked.error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`);
    throw new TryOnInvalidRequestError(`The try-on job is not valid and was not sent: ${problems.join("; ")}`, {
      operation: "submit",
      problems,
    });
  }
  return checked.data;
}

/** Sends the job once; a failure without an answer says whether the job may have reached the service. */
async function postJob(connection: TryOnConnection, body: string, call: CallOptions | undefined): Promise<HttpAnswer> {
  const { logger, redact, settings } = connection;
  const url = joinUrl(settings.baseUrl, settings.paths.submit);
  try {
    return await sendToService(connection, "POST", url, call, {
      body,
      headers: { ...authHeaders(connection), "Content-Type": "application/json" },
    });
  } catch (error) {
    if (!(error instanceof TransportFailure)) throw error;
    const reason = redact(error.reason);
    if (!error.mayHaveReachedService) {
      throw new TryOnNotSentError(`The try-on job was not sent (${reason}); it is safe to send it again.`, {
        operation: "submit",
        reason,
      });
    }
    logger.warn("submit outcome unknown", { reason });
    throw new TryOnOutcomeUnknownError(
      `The try-on job was sent but no answer came back (${reason}). It may have been created and charged; it will not be sent again automatically.`,
      { operation: "submit", reason },
    );
  }
}

/** A 5xx to a submit: the service may have created (and charged) the job before failing. */
function failedWhileTakingJob(connection: TryOnConnection, answer: HttpAnswer): TryOnOutcomeUnknownError {
  const { logger, redact } = connection;
  logger.warn("submit outcome unknown", { httpStatus: answer.status });
  const decodedError = decodeJson(answer.body);
  const said = decodedError.ok ? parseServiceErrorBody(decodedError.value).message : undefined;
  return new TryOnOutcomeUnknownError(
    `The try-on service failed while taking the job (HTTP ${answer.status}). It may have been created and charged; it will not be sent again automatically.`,
    { operation: "submit", httpStatus: answer.status, ...(said !== undefined && { serviceMessage: redact(said) }) },
  );
}

/** The new job's id and status from a success; an answer that cannot be read leaves the outcome unknown. */
function acceptedJob(connection: TryOnConnection, answer: HttpAnswer): { id: string; status: string } {
  const decoded = decodeJson(answer.body);
  const parsedBody = decoded.ok ? submitResponseSchema.safeParse(decoded.value) : undefined;
  if (!parsedBody?.success) {
    const reason = decoded.ok ? "no data.id and data.status in the answer" : "unreadable JSON in the answer";
    connection.logger.warn("submit outcome unknown", { httpStatus: answer.status, reason });
    throw new TryOnOutcomeUnknownError(
      `The try-on service accepted the job (HTTP ${answer.status}) but its answer could not be read (${reason}). It may have been created and charged; it will not be sent again automatically.`,
      { operation: "submit", httpStatus: answer.status, reason },
    );
  }
  return parsedBody.data.data;
}
