import type { ImageDecoder } from "./image";
import type { Lab } from "./lab";

export type { Lab } from "./lab";

export type ColourVerdict = "good" | "check" | "drift";

/** One colour as a UI shows it: a swatch with its Lab values and how much of the garment it covers. */
export interface Swatch {
  lab: Lab;
  /** "#rrggbb", clamped into sRGB. */
  rgbHex: string;
  /** Share of the garment's pixels in its image, 0..1. */
  share: number;
}

/** A product-photo colour and the render colour standing for it, with their CIEDE2000 difference. */
export interface ColourMatch {
  source: Swatch;
  render: Swatch;
  deltaE: number;
}

export interface ColourThresholds {
  /** Scores at or below this are "good". */
  good: number;
  /** Scores at or above this are "drift"; between the two, "check". */
  drift: number;
}

export interface ColourFidelityOptions {
  /** Verdict thresholds on deltaE; default good ≤ 5, drift ≥ 10 (per shop later). */
  thresholds?: Partial<ColourThresholds>;
  /**
   * The render's backdrop colour when known from the request (CSS colour: "#f2f2f2", "white"). Optional: the
   * backdrop is estimated from the render's border either way; the hint also lets a busy border be scored.
   */
  renderBackground?: string;
  /**
   * kL of the reported CIEDE2000. Default 1, the ΔE (kL = kC = kH = 1); 2 counts lightness differences
   * half, as textile practice sometimes does. Grouping pixels always weighs lightness half (see score.ts).
   */
  lightnessWeight?: number;
  /** Longest side of the working render, pixels (the product photo is decoded at two thirds of it). Default 384. */
  workingSize?: number;
  /** Decoder to use; default sharp. */
  decode?: ImageDecoder;
}

export type NotScorableReason =
  /** Missing, truncated, not an image, or a format the decoder does not read. */
  | "unreadable-image"
  /** Too small to find a garment in (under 32 pixels on a side). */
  | "image-too-small"
  /** The border has no dominant colour (a scene, a tight crop), so garment and backdrop cannot be told apart. */
  | "busy-background"
  /** Nothing is left once backdrop (and in a render, skin) is set aside. */
  | "garment-not-found";

export interface ColourFidelityScore {
  status: "scored";
  /**
   * Share-weighted mean CIEDE2000 (with kL = lightnessWeight) between the photo's colours and the render's,
   * the render's taken back to the photo's light when it is lit up to 5 % darker (exposure.ts).
   */
  deltaE: number;
  verdict: ColourVerdict;
  /** One per dominant colour of the product photo's garment, largest first. */
  matched: ColourMatch[];
  /** The render's dominant colours no product colour was matched with (hair, shoes, another garment, drift). */
  unmatchedRender: Swatch[];
  thresholds: ColourThresholds;
  lightnessWeight: number;
  productPhoto: ImageAnalysis;
  render: ImageAnalysis & {
    /** Share of the working image taken for the mannequin's skin. */
    skinShare: number;
    /** False when skin-toned pixels were kept because setting them aside left almost nothing (see score.ts). */
    skinExcluded: boolean;
  };
}

export interface ImageAnalysis {
  /** The backdrop colour(s) found (their share is of the image's border). */
  background: Swatch[];
  /** Share of the working image counted as garment. */
  garmentShare: number;
}

export interface ColourNotScorable {
  status: "not-scored";
  reason: NotScorableReason;
  /** Which input it is about. */
  image: "product-photo" | "render";
  /** One sentence for logs and staff ("render: Input buffer contains unsupported image format"). */
  detail: string;
}

export type ColourFidelityResult = ColourFidelityScore | ColourNotScorable;
