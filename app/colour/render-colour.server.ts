import { type ColourDetail, type StoredColourVerdict } from "./colour-verdict";
import { outboundFetch, type OutboundFetch } from "~/net/outbound";
import { cdnRendition } from "~/catalog/cdn-rendition";
import { readStream, StreamTooLargeError } from "~/lib/streams";
import { scoreColourFidelity } from "./score";
import type { ColourFidelityResult, ColourThresholds } from "./types";
import { messageKey } from "~/lib/staff-message";

export { COLOUR_VERDICTS, colourDetailSchema, type ColourDetail, type StoredColourVerdict } from "./colour-verdict";

export interface RenderColourRecord {
  colourDeltaE: number | null;
  colourVerdict: StoredColourVerdict;
  colourDetail: ColourDetail;
}

/** Both images are fetched as CDN renditions: the score works at 384 px, a 2048 px photo would be wasted bytes. */
const FETCH_WIDTH = 640;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export interface RenderColourInput {
  /** The product photo the render was made from (Shopify CDN). */
  productPhotoUrl: string;
  /** The imported render (Shopify CDN). */
  renderUrl: string;
  thresholds: ColourThresholds;
  signal?: AbortSignal;
}

export type RenderColourScorer = (input: RenderColourInput) => Promise<RenderColourRecord>;

/** Why a score could not be made, in words for staff ("Not scored: …"). */
const NOT_SCORED_REASONS: Record<string, string> = {
  "unreadable-image": "one of the images could not be read",
  "image-too-small": "one of the images is too small to find the garment in",
  "busy-background": "the photo's background is not plain enough to tell the garment from it",
  "garment-not-found": "no garment could be told apart from the background",
};

export function recordOf(result: ColourFidelityResult): RenderColourRecord {
  if (result.status === "not-scored") {
    return {
      colourDeltaE: null,
      colourVerdict: "not_scored",
      colourDetail: { status: "not_scored", reason: NOT_SCORED_REASONS[result.reason] ?? result.detail },
    };
  }
  return {
    colourDeltaE: Math.round(result.deltaE * 10) / 10,
    colourVerdict: result.verdict,
    colourDetail: {
      status: "scored",
      thresholds: result.thresholds,
      matched: result.matched.map((match) => ({
        source: match.source.rgbHex,
        render: match.render.rgbHex,
        deltaE: Math.round(match.deltaE * 10) / 10,
        share: Math.round(match.source.share * 1000) / 1000,
      })),
    },
  };
}

export function notScored(reason: string): RenderColourRecord {
  return { colourDeltaE: null, colourVerdict: "not_scored", colourDetail: { status: "not_scored", reason } };
}

async function fetchImage(fetchImpl: OutboundFetch, url: string, signal: AbortSignal | undefined): Promise<Buffer> {
  const response = await fetchImpl(cdnRendition(url, FETCH_WIDTH), signal ? { signal } : {});
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_IMAGE_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error("the image is over 10 MB");
  }
  // Counted while it streams: a body without a length stops at the cap, not at the timeout.
  const bytes = await readStream(response.body ?? new Blob([]).stream(), MAX_IMAGE_BYTES).catch((error: unknown) => {
    throw error instanceof StreamTooLargeError ? new Error("the image is over 10 MB") : error;
  });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Scores a render's colours against its product photo (issue 16; app/colour explains the score). Never throws: a
 * download or decode that fails is "not scored" with the reason, and the render goes on to review as usual.
 */
export function makeRenderColourScorer(deps: { fetch?: OutboundFetch; timeoutMs?: number } = {}): RenderColourScorer {
  const fetchImpl = deps.fetch ?? outboundFetch;
  const timeoutMs = deps.timeoutMs ?? 15_000;
  return async ({ productPhotoUrl, renderUrl, thresholds, signal }) => {
    const limit = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]);
    try {
      const [photo, render] = await Promise.all([
        fetchImage(fetchImpl, productPhotoUrl, limit),
        fetchImage(fetchImpl, renderUrl, limit),
      ]);
      return recordOf(await scoreColourFidelity(photo, render, { thresholds }));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return notScored(messageKey("messages:colourReason.downloadFailed", { detail: message }));
    }
  };
}
