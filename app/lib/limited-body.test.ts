import { describe, expect, it } from "vitest";
import { BodyTooLargeError, limitRequestBody, readBodyWithin } from "./limited-body";

const CHUNK = 16 * 1024;

/** A body of `chunks` chunks that counts what a reader pulled from it, producing nothing ahead of a read. */
function countedSource(chunks: number) {
  const pulled = { bytes: 0 };
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent === chunks) return controller.close();
        sent += 1;
        pulled.bytes += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK).fill(97));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled };
}

const post = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", { method: "POST", body, headers, duplex: "half" });

describe("request bodies read under a limit", () => {
  it("refuses a declared Content-Length over the limit before reading a byte", () => {
    const { stream, pulled } = countedSource(1_000);
    expect(() => limitRequestBody(post(stream, { "Content-Length": String(1_000 * CHUNK) }), 10 * CHUNK)).toThrow(
      BodyTooLargeError,
    );
    expect(pulled.bytes).toBe(0);
  });

  it("stops reading a body without a length at the limit, and says it went past", async () => {
    const { stream, pulled } = countedSource(1_000);
    const limited = limitRequestBody(post(stream), 10 * CHUNK);
    await expect(limited.request.arrayBuffer()).rejects.toThrow();
    expect(limited.exceeded()).toBe(true);
    expect(pulled.bytes).toBeLessThanOrEqual(11 * CHUNK);
  });

  it("passes a body up to the limit through unchanged", async () => {
    const { stream } = countedSource(10);
    const limited = limitRequestBody(post(stream), 10 * CHUNK);
    expect((await limited.request.arrayBuffer()).byteLength).toBe(10 * CHUNK);
    expect(limited.exceeded()).toBe(false);
  });

  it("reads a whole body as bytes within the limit, and refuses one past it", async () => {
    expect(await readBodyWithin(post(countedSource(2).stream), 2 * CHUNK)).toHaveLength(2 * CHUNK);
    await expect(readBodyWithin(post(countedSource(3).stream), 2 * CHUNK)).rejects.toBeInstanceOf(BodyTooLargeError);
    const text = new Request("http://localhost/x", { method: "POST", body: "hello" });
    expect(new TextDecoder().decode(await readBodyWithin(text, 5))).toBe("hello");
  });
});
