/**
 * The simulator downloads every input image of a submit, as the real service must, and rejects those over 10 MB or
 * in a format other than JPEG, PNG or WebP. The format is decided by the file's first bytes, not by its
 * Content-Type, because that is what an image decoder would do.
 */

/** 10 MiB: the simulator reads the spec's "10 MB" generously; the client checks the stricter 10,000,000 bytes. */
export const SIM_MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export type InputImageFormat = "jpeg" | "png" | "webp";

export type InputImageResult =
  | { ok: true; bytes: Buffer; format: InputImageFormat }
  | { ok: false; code: "image_unreachable" | "image_too_large" | "unsupported_image_format"; message: string };

export function sniffFormat(head: Uint8Array): InputImageFormat | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return undefined;
}

export async function fetchInputImage(
  url: string,
  options: { timeoutMs: number; maxBytes?: number },
): Promise<InputImageResult> {
  const maxBytes = options.maxBytes ?? SIM_MAX_IMAGE_BYTES;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs), redirect: "follow" });
  } catch (error) {
    return { ok: false, code: "image_unreachable", message: `could not download ${url}: ${(error as Error).message}` };
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return { ok: false, code: "image_unreachable", message: `downloading ${url} answered HTTP ${response.status}` };
  }
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel();
    return tooLarge(url, declared, maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return tooLarge(url, size, maxBytes);
      }
      chunks.push(Buffer.from(value));
    }
  } catch (error) {
    return { ok: false, code: "image_unreachable", message: `downloading ${url} failed: ${(error as Error).message}` };
  }
  const bytes = Buffer.concat(chunks);
  const format = sniffFormat(bytes.subarray(0, 16));
  if (!format) {
    return {
      ok: false,
      code: "unsupported_image_format",
      message: `${url} is not a JPEG, PNG or WebP image`,
    };
  }
  return { ok: true, bytes, format };
}

function tooLarge(url: string, size: number, maxBytes: number): InputImageResult {
  return {
    ok: false,
    code: "image_too_large",
    message: `${url} is larger than ${maxBytes} bytes (at least ${size})`,
  };
}

/** Downloaded images by URL, so 2,000 jobs of the same product keep one copy; the oldest go past `maxBytes`. */
export class ImageCache {
  private readonly entries = new Map<string, Buffer>();
  private total = 0;

  constructor(private readonly maxBytes = 256 * 1024 * 1024) {}

  get(url: string): Buffer | undefined {
    return this.entries.get(url);
  }

  set(url: string, bytes: Buffer): void {
    const previous = this.entries.get(url);
    if (previous) {
      this.total -= previous.byteLength;
      this.entries.delete(url);
    }
    this.entries.set(url, bytes);
    this.total += bytes.byteLength;
    for (const [oldest, oldBytes] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= oldBytes.byteLength;
    }
  }
}
