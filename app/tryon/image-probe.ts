/**
 * Finds the format and size of an image URL without downloading it: a HEAD first, then a ranged GET of its first
 * 16 bytes (sniffing the magic numbers) when HEAD is refused or does not say enough. Only when no header gives the
 * size is the body read, and then never further than one byte past the limit.
 */

import { makeDeadline, type Deadline } from "./deadline";

export type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "avif" | "heic" | "bmp" | "tiff" | "svg" | "other";

export const ACCEPTED_IMAGE_FORMATS: readonly ImageFormat[] = ["jpeg", "png", "webp"];

export interface ImageProbe {
  url: string;
  format: ImageFormat;
  /** When no header gave the size and the body was counted, counting stopped just past the limit. */
  sizeBytes: number;
  via: "head" | "range" | "get";
}

/** The one message for every probe that got no HTTP answer. */
export const UNREACHABLE = "the image could not be reached";

export class ImageProbeError extends Error {
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = "ImageProbeError";
  }
}

const CONTENT_TYPE_FORMATS: Record<string, ImageFormat> = {
  "image/jpeg": "jpeg",
  "image/jpg": "jpeg",
  "image/pjpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
  "image/heic": "heic",
  "image/heif": "heic",
  "image/bmp": "bmp",
  "image/tiff": "tiff",
  "image/svg+xml": "svg",
};

/** Format named by a Content-Type header; undefined when the header says nothing useful (absent, octet-stream). */
export function formatFromContentType(contentType: string | null): ImageFormat | undefined {
  if (!contentType) return undefined;
  const mime = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (mime in CONTENT_TYPE_FORMATS) return CONTENT_TYPE_FORMATS[mime];
  if (mime.startsWith("image/")) return "other";
  return undefined;
}

/** Format from the first bytes of a file. 16 bytes are enough for every format this checks. */
export function sniffImageFormat(head: Uint8Array): ImageFormat {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(0, 4) === "GIF8") return "gif";
  if (ascii(4, 8) === "ftyp") return /avi[fs]/.test(ascii(8, 12)) ? "avif" : "heic";
  if (ascii(0, 2) === "BM") return "bmp";
  if (ascii(0, 4) === "II*\0" || ascii(0, 4) === "MM\0*") return "tiff";
  if (/^\s*<(\?xml|svg)/i.test(ascii(0, head.length))) return "svg";
  return "other";
}

function contentLength(headers: Headers): number | undefined {
  const value = headers.get("content-length");
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

/** Total size from `Content-Range: bytes 0-15/12345`; undefined for `*` or anything else. */
function totalFromContentRange(headers: Headers): number | undefined {
  const match = /\/(\d+)\s*$/.exec(headers.get("content-range") ?? "");
  return match?.[1] !== undefined ? Number(match[1]) : undefined;
}

export interface ImageProbeOptions {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  timeoutMs: number;
  /** Counting stops one byte past this when no header tells the size: enough to know the image is too large. */
  maxBytes: number;
  signal?: AbortSignal | undefined;
}

/** Reads up to `limit` bytes, and counts the rest only until `countUpTo` is passed. */
async function readHeadAndCount(response: Response, limit: number, countUpTo: number) {
  const head: number[] = [];
  let size = 0;
  if (!response.body) return { head: new Uint8Array(), size };
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let i = 0; i < value.byteLength && head.length < limit; i += 1) head.push(value[i] ?? 0);
    size += value.byteLength;
    if (size > countUpTo) {
      await reader.cancel();
      break;
    }
  }
  return { head: Uint8Array.from(head), size };
}

export async function probeImage(url: string, options: ImageProbeOptions): Promise<ImageProbe> {
  // Each request gets its own deadline; all are released when the probe ends, after their bodies are read.
  const deadlines: Deadline[] = [];
  try {
    return await probeWithin(url, options, deadlines);
  } finally {
    for (const deadline of deadlines) deadline.release();
  }
}

async function probeWithin(url: string, options: ImageProbeOptions, deadlines: Deadline[]): Promise<ImageProbe> {
  const signal = () => {
    const deadline = makeDeadline(options.timeoutMs, options.signal);
    deadlines.push(deadline);
    return deadline.signal;
  };
  const attempt = async (init: RequestInit): Promise<Response> => {
    try {
      return await options.fetch(url, { ...init, redirect: "follow", signal: signal() });
    } catch {
      // The same words whatever the cause (refused by the outbound guard, no such host, connection refused, timeout):
      // a saved error must not tell a shop which internal addresses answer.
      throw new ImageProbeError(UNREACHABLE, url);
    }
  };

  const head = await attempt({ method: "HEAD" }).catch(() => undefined);
  if (head?.ok) {
    const format = formatFromContentType(head.headers.get("content-type"));
    const size = contentLength(head.headers);
    if (format !== undefined && size !== undefined) return { url, format, sizeBytes: size, via: "head" };
  }

  const ranged = await attempt({ method: "GET", headers: { Range: "bytes=0-15" } });
  if (!ranged.ok) {
    // Not awaited: a body some servers (and msw's mocked responses) never finish cancelling must not hold the probe.
    void ranged.body?.cancel().catch(() => undefined);
    throw new ImageProbeError(`the image could not be fetched (HTTP ${ranged.status})`, url);
  }
  const partial = ranged.status === 206;
  const knownSize = partial ? totalFromContentRange(ranged.headers) : contentLength(ranged.headers);
  try {
    const { head: firstBytes, size } = await readHeadAndCount(
      ranged,
      16,
      knownSize !== undefined ? 16 : options.maxBytes,
    );
    if (partial && knownSize === undefined) {
      // The server gave a range without a total: count the whole body with a plain GET, stopping past the limit.
      const whole = await attempt({ method: "GET" });
      const counted = await readHeadAndCount(whole, 0, options.maxBytes);
      return { url, format: sniffImageFormat(firstBytes), sizeBytes: counted.size, via: "get" };
    }
    return {
      url,
      format: sniffImageFormat(firstBytes),
      sizeBytes: knownSize ?? size,
      via: partial ? "range" : "get",
    };
  } catch (error) {
    if (error instanceof ImageProbeError) throw error;
    throw new ImageProbeError(`the image could not be read (${(error as Error).message})`, url);
  }
}
