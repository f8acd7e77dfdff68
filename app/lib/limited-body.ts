/**
 * Request bodies read under a byte limit. A declared Content-Length over the limit is refused before a byte is read;
 * a body without one (chunked) is counted as it streams and reading stops at the limit. The rest of the body is left
 * unread rather than cancelled: cancelling destroys the socket, and the client would get a reset instead of a 413.
 */

export class BodyTooLargeError extends Error {
  readonly limitBytes: number;
  constructor(limitBytes: number) {
    super(`The request body is larger than ${limitBytes} bytes.`);
    this.name = "BodyTooLargeError";
    this.limitBytes = limitBytes;
  }
}

/** The length a request declares, or null when it declares none (chunked, or a value that is not a number). */
export function declaredBodyLength(request: Request): number | null {
  const header = request.headers.get("content-length")?.trim();
  return header && /^\d+$/.test(header) ? Number(header) : null;
}

export interface LimitedRequest {
  /** The same request, its body ending in BodyTooLargeError past the limit. */
  request: Request;
  /** Whether a reader went past the limit (a handler may have caught the error and answered something else). */
  exceeded(): boolean;
}

/** The request with its body limited; throws BodyTooLargeError at once when its Content-Length is over the limit. */
export function limitRequestBody(request: Request, maxBytes: number): LimitedRequest {
  const declared = declaredBodyLength(request);
  if (declared !== null && declared > maxBytes) throw new BodyTooLargeError(maxBytes);
  const source = request.body;
  if (!source) return { request, exceeded: () => false };
  let exceeded = false;
  const body = countedBody(source, maxBytes, () => (exceeded = true));
  return { request: new Request(request, { body, duplex: "half" }), exceeded: () => exceeded };
}

function countedBody(
  source: ReadableStream<Uint8Array>,
  maxBytes: number,
  onExceeded: () => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        seen += value.byteLength;
        if (seen > maxBytes) {
          onExceeded();
          reader.releaseLock();
          controller.error(new BodyTooLargeError(maxBytes));
          return;
        }
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // Pull only when a reader asks: nothing is read ahead of the handler.
    { highWaterMark: 0 },
  );
}

/** The whole body as bytes, at most `maxBytes` of it; BodyTooLargeError past that. */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const limited = limitRequestBody(request, maxBytes);
  try {
    return new Uint8Array(await limited.request.arrayBuffer());
  } catch (error) {
    if (limited.exceeded()) throw new BodyTooLargeError(maxBytes);
    throw error;
  }
}
