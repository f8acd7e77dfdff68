import { createWriteStream } from "node:fs";
import { mkdtemp, open, readdir, rm, stat, type FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

/**
 * A byte stream written to a temporary file as it arrives, so it can be checked in full (decoded, measured) before
 * it is passed on, without being held in memory.
 */
export interface SpooledFile {
  path: string;
  byteLength: number;
  /**
   * Opens the file and removes its name at once: the bytes live on behind the handle, which closes when the stream
   * has been read to the end, cancelled or has failed, so a stream dropped unread, or a process that dies, leaves
   * nothing in the temporary directory (POSIX; the hosts run Linux). The stream is read as the consumer asks (nothing
   * read ahead); it fails with `signal`'s reason when `signal` aborts before the end; `done` runs once, however it ends.
   */
  openStream(options: { signal?: AbortSignal | undefined; done?: () => void }): Promise<ReadableStream<Uint8Array>>;
  /** For a file that is not passed on: removes it. */
  remove(): Promise<void>;
}

const CHUNK_BYTES = 64 * 1024;
/** A spool lives seconds (written, checked, opened); one this old was left by a process killed meanwhile. */
export const ABANDONED_AFTER_MS = 10 * 60_000;

const sweptPrefixes = new Set<string>();

/** Once per process and prefix: removes spools that processes killed mid-write left in the temporary directory. */
async function sweepAbandoned(prefix: string, now = Date.now()): Promise<void> {
  if (sweptPrefixes.has(prefix)) return;
  sweptPrefixes.add(prefix);
  const names = await readdir(tmpdir()).catch(() => []);
  for (const name of names.filter((entry) => entry.startsWith(prefix))) {
    const directory = join(tmpdir(), name);
    const { mtimeMs } = await stat(directory).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > ABANDONED_AFTER_MS) await rm(directory, { recursive: true, force: true }).catch(() => {});
  }
}

/** Writes `body` to a new temporary file; on a failure of the body or the disk the file is gone and it throws. */
export async function spoolToFile(body: ReadableStream<Uint8Array>, prefix: string): Promise<SpooledFile> {
  await sweepAbandoned(prefix);
  const directory = await mkdtemp(join(tmpdir(), prefix));
  const path = join(directory, "body");
  const remove = () => rm(directory, { recursive: true, force: true });
  try {
    // The DOM and Node typings describe the same web stream.
    await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), createWriteStream(path));
  } catch (error) {
    await remove();
    throw error;
  }
  const { size } = await stat(path);
  return {
    path,
    byteLength: size,
    remove,
    async openStream(options) {
      const file = await open(path, "r");
      await remove();
      return fileStream(file, options);
    },
  };
}

function fileStream(
  file: FileHandle,
  { signal, done }: { signal?: AbortSignal | undefined; done?: () => void },
): ReadableStream<Uint8Array> {
  let finished = false;
  const finish = async () => {
    if (finished) return;
    finished = true;
    signal?.removeEventListener("abort", onAbort);
    await file.close().catch(() => undefined);
    done?.();
  };
  let fail: (reason: unknown) => void = () => undefined;
  const onAbort = () => fail(signal?.reason);
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        fail = (reason) => {
          controller.error(reason);
          void finish();
        };
        if (signal?.aborted) return fail(signal.reason);
        signal?.addEventListener("abort", onAbort, { once: true });
      },
      async pull(controller) {
        if (finished) return;
        try {
          const chunk = new Uint8Array(CHUNK_BYTES);
          const { bytesRead } = await file.read(chunk, 0, CHUNK_BYTES, null);
          if (finished) return;
          if (bytesRead === 0) {
            await finish();
            controller.close();
            return;
          }
          controller.enqueue(chunk.subarray(0, bytesRead));
        } catch (error) {
          if (!finished) fail(error);
        }
      },
      cancel: () => finish(),
    },
    { highWaterMark: 0 },
  );
}
