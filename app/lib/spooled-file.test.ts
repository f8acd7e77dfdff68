import { mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import { basename, join } from "node:path";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { ABANDONED_AFTER_MS, spoolToFile } from "./spooled-file";
import { readStream } from "./streams";

const PREFIX = `spooled-file-test-${process.pid}-`;
const left = async () => (await readdir(tmpdir())).filter((name) => name.startsWith(PREFIX));
const bodyOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe("a body spooled to a temporary file", () => {
  it("hands back the same bytes with their length, and leaves no file once read, cancelled or refused", async () => {
    const read = await spoolToFile(bodyOf("hello, ", "world"), PREFIX);
    expect(read.byteLength).toBe(12);
    expect(new TextDecoder().decode(await readStream(await read.openStream({})))).toBe("hello, world");

    const cancelled = await spoolToFile(bodyOf("x".repeat(200_000)), PREFIX);
    const reader = (await cancelled.openStream({})).getReader();
    await reader.read();
    await reader.cancel();

    const refused = await spoolToFile(bodyOf("not passed on"), PREFIX);
    await refused.remove();
    expect(await left()).toEqual([]);
  });

  it("fails the stream with the signal's reason, and removes the file", async () => {
    const spooled = await spoolToFile(bodyOf("y".repeat(200_000)), PREFIX);
    const controller = new AbortController();
    let done = 0;
    const reader = (await spooled.openStream({ signal: controller.signal, done: () => (done += 1) })).getReader();
    await reader.read();
    controller.abort(new Error("deadline"));
    await expect(reader.read()).rejects.toThrow("deadline");
    await expect.poll(() => done).toBe(1);
    expect(await left()).toEqual([]);
  });

  it("leaves no file behind a stream that is dropped unread, yet still serves its bytes", async () => {
    const spooled = await spoolToFile(bodyOf("kept behind the handle"), PREFIX);
    const stream = await spooled.openStream({});
    expect(await left()).toEqual([]);
    expect(new TextDecoder().decode(await readStream(stream))).toBe("kept behind the handle");
  });

  it("removes, on its first spool, what a killed process left behind long ago, and nothing recent", async () => {
    const prefix = `spooled-file-sweep-${process.pid}-`;
    const old = await mkdtemp(join(tmpdir(), prefix));
    const recent = await mkdtemp(join(tmpdir(), prefix));
    const longAgo = new Date(Date.now() - ABANDONED_AFTER_MS - 60_000);
    await utimes(old, longAgo, longAgo);
    await (await spoolToFile(bodyOf("x"), prefix)).remove();
    const remaining = (await readdir(tmpdir())).filter((name) => name.startsWith(prefix));
    expect(remaining).toEqual([basename(recent)]);
    await rm(recent, { recursive: true });
  });

  it("leaves no file when the body itself fails", async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("cut short"));
      },
    });
    await expect(spoolToFile(failing, PREFIX)).rejects.toThrow("cut short");
    expect(await left()).toEqual([]);
  });
});
