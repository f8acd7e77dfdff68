import { describe, expect, it } from "vitest";
import { peekStream, readStream } from "./streams";

const chunked = (chunks: number[][]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(Uint8Array.from(chunk));
      controller.close();
    },
  });

describe("peekStream", () => {
  it("reads across chunks for the head and replays the whole body, head included", async () => {
    const { head, stream } = await peekStream(chunked([[1, 2], [3], [4, 5, 6], [7, 8]]), 4);
    expect([...head]).toEqual([1, 2, 3, 4]);
    expect([...(await readStream(stream))]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("returns a shorter head when the body ends first", async () => {
    const { head, stream } = await peekStream(chunked([[9, 8]]), 16);
    expect([...head]).toEqual([9, 8]);
    expect([...(await readStream(stream))]).toEqual([9, 8]);
  });

  it("leaves the rest of the body unread until it is asked for", async () => {
    let pulls = 0;
    const source = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls += 1;
          if (pulls > 3) controller.close();
          else controller.enqueue(new Uint8Array(8).fill(pulls));
        },
      },
      { highWaterMark: 0 },
    );
    const { head, stream } = await peekStream(source, 4);
    expect(head.byteLength).toBe(4);
    expect(pulls).toBe(1);
    expect((await readStream(stream)).byteLength).toBe(24);
  });
});
