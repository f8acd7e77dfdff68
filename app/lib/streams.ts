/** Byte-stream helpers shared by the boundaries that pass images along without holding them. */

/** A body that went past the bytes its reader allows (it was cancelled there, not read on). */
export class StreamTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`answer larger than ${maxBytes} bytes`);
    this.name = "StreamTooLargeError";
  }
}

/**
 * Reads a stream to its end (for callers that need the bytes at once, e.g. when no length is known). Past
 * `maxBytes` the stream is cancelled and the read fails with StreamTooLargeError.
 */
export async function readStream(
  stream: ReadableStream<Uint8Array>,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new StreamTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks);
}

/**
 * Reads at least `bytes` bytes from the start of a stream (fewer if it ends first) and returns them with a stream
 * of the whole body, the bytes read included: for sniffing a format without holding the body.
 */
export async function peekStream(
  stream: ReadableStream<Uint8Array>,
  bytes: number,
): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const reader = stream.getReader();
  const seen: Uint8Array[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    seen.push(value);
    length += value.byteLength;
  }
  const head = seen.length === 1 ? (seen[0] as Uint8Array) : Buffer.concat(seen);
  const replay = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = seen.shift();
        if (next) return controller.enqueue(next);
        if (ended) return controller.close();
        try {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          controller.error(error);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return { head: head.subarray(0, bytes), stream: replay };
}
