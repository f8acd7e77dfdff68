/**
 * Downloading a finished job's image, checked by its first bytes as they arrive and then decoded in full from a
 * temporary file before anything is handed on. Result URLs expire: a URL that is gone is refreshed once through the
 * status endpoint.
 */
import { spoolToFile } from "~/lib/spooled-file";
import { peekStream } from "~/lib/streams";
import { authHeaders, type CallOptions, type TryOnConnection } from "./connection";
import { TryOnResultRejectedError, TryOnResultUnavailableError } from "./errors";
import { type HttpStreamAnswer, openHttpStream } from "./http";
import { formatFromContentType } from "./image-probe";
import type { GetJobStatus } from "./job-status";
import { readWithRetries, RetryableReadFailure, throwAsReadFailure } from "./read-retries";
import { refusalError } from "./refusals";
import { makeDeadline } from "./deadline";
import { checkResultFile, checkResultHead, RESULT_HEAD_BYTES } from "./result-image";
import { parseRetryAfter } from "~/lib/retry-after";

/**
 * A finished render's image, checked in full, as a stream of the temporary file that holds it: it is meant to flow on
 * to storage without being held in memory.
 */
export interface TryOnResultImage {
  /** Read it once, to the end, or cancel it: the download's timeout runs until then, and the file is removed then. */
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** The bytes downloaded (always known: the image was read to its end before being handed on). */
  byteLength: number | null;
  /** The URL the bytes came from (possibly refreshed after the first one expired). */
  sourceUrl: string;
}

/** Answers meaning "this URL no longer serves the result": a fresh one may be had from the status endpoint. */
const GONE = new Set([403, 404, 410]);

/** The start of a result's body, read; `body` still streams all of it. */
interface OpenedResult {
  answer: HttpStreamAnswer;
  head: Uint8Array;
  body: ReadableStream<Uint8Array>;
}

/** downloadJobResult for this connection, asking `getJobStatus` for a result URL when none is given or it is gone. */
export function makeResultDownloader(connection: TryOnConnection, getJobStatus: GetJobStatus) {
  const { logger } = connection;
  const serviceOrigin = new URL(connection.settings.baseUrl).origin;

  return async function downloadJobResult(
    job: { jobId: string; outputUrl?: string },
    call?: CallOptions,
  ): Promise<TryOnResultImage> {
    const what = `the result of job ${job.jobId}`;
    const freshUrl = async () => {
      const status = await getJobStatus(job.jobId, call);
      if (status.status !== "completed" || !status.outputUrl) {
        throw new TryOnResultUnavailableError(`Job ${job.jobId} has no result to download (${status.rawStatus}).`, {
          operation: "result",
        });
      }
      return status.outputUrl;
    };
    let url = job.outputUrl ?? (await freshUrl());
    for (let refreshes = 0; ; refreshes += 1) {
      const downloaded = await readWithRetries(connection, "result", what, call, () =>
        downloadOnce(connection, serviceOrigin, url, call),
      );
      if (downloaded !== "gone") return downloaded;
      // One refresh: a signed URL may just have expired. A second "gone" means the result itself is gone.
      if (refreshes >= 1) {
        throw new TryOnResultUnavailableError(
          `The result of job ${job.jobId} could not be downloaded: its URL is gone or expired, even after asking for a fresh one.`,
          { operation: "result" },
        );
      }
      logger.info("result URL gone, asking the service for a fresh one", { jobId: job.jobId });
      url = await freshUrl();
    }
  };
}

/** One download attempt: the checked image, "gone", a RetryableReadFailure or a TryOnError. */
async function downloadOnce(
  connection: TryOnConnection,
  serviceOrigin: string,
  url: string,
  call: CallOptions | undefined,
): Promise<TryOnResultImage | "gone"> {
  const started = performance.now();
  const timeoutMs = call?.timeoutMs ?? connection.settings.timeoutMs;
  const opened = await openResult(connection, serviceOrigin, url, call);
  if (opened === "gone") return opened;
  const { answer, head, body } = opened;
  // The bytes decide, not the Content-Type: only a JPEG, PNG or WebP of a render's size goes on to Files.
  const checked = await checkResultHead(head.subarray(0, RESULT_HEAD_BYTES));
  if (!checked.ok) {
    await body.cancel().catch(() => undefined);
    throw new TryOnResultRejectedError(checked.reason, { operation: "result", httpStatus: answer.status });
  }
  // The rest goes to disk as it arrives (stopped at maxResultBytes by the body itself), then is decoded in full.
  let spooled;
  try {
    spooled = await spoolToFile(body, "model-shots-result-");
  } catch (error) {
    throwAsReadFailure(error, call);
  }
  const whole = await checkResultFile(spooled.path);
  if (!whole.ok) {
    await spooled.remove();
    throw new TryOnResultRejectedError(whole.reason, { operation: "result", httpStatus: answer.status });
  }
  const declared = formatFromContentType(answer.headers.get("content-type"));
  const contentType =
    declared === checked.format ? (answer.headers.get("content-type") ?? "") : `image/${checked.format}`;
  // The download's timeout still runs while the image is passed on, as when it streamed straight from the service.
  const deadline = makeDeadline(Math.max(0, timeoutMs - (performance.now() - started)), call?.signal);
  const imageBody = await spooled.openStream({ signal: deadline.signal, done: () => deadline.release() });
  return { body: imageBody, contentType, byteLength: spooled.byteLength, sourceUrl: url };
}

/** Requests the image and reads the start of its body, or says why there is none. */
async function openResult(
  connection: TryOnConnection,
  serviceOrigin: string,
  url: string,
  call: CallOptions | undefined,
): Promise<OpenedResult | "gone"> {
  // Result URLs are often signed URLs on another host: the key only goes to the service's own origin.
  const sameOrigin = new URL(url).origin === serviceOrigin;
  try {
    const answer = await openHttpStream(connection.fetch, {
      method: "GET",
      url,
      headers: sameOrigin ? { ...authHeaders(connection), Accept: "image/*" } : { Accept: "image/*" },
      timeoutMs: call?.timeoutMs ?? connection.settings.timeoutMs,
      signal: call?.signal,
      redirect: "follow",
      maxBodyBytes: connection.settings.maxResultBytes,
    });
    if (!answer.stream) return refusedDownload(connection, answer);
    const { head, stream: body } = await peekStream(answer.stream, RESULT_HEAD_BYTES);
    return { answer, head, body };
  } catch (error) {
    throwAsReadFailure(error, call);
  }
}

/** A download answered with something other than the image: gone, rate limited, failing or refused. */
function refusedDownload(connection: TryOnConnection, answer: HttpStreamAnswer): "gone" {
  const { now } = connection;
  if (GONE.has(answer.status)) return "gone";
  if (answer.status === 429) {
    throw new RetryableReadFailure(
      "rate limited (HTTP 429)",
      429,
      parseRetryAfter(answer.headers.get("retry-after"), now()),
      true,
    );
  }
  if (answer.status >= 500) throw new RetryableReadFailure(`HTTP ${answer.status}`, answer.status);
  throw refusalError(connection, answer, "result", "the result download");
}
