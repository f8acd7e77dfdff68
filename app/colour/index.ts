/** Colour fidelity of try-on renders (issue 16): the scorer and what a caller needs around it. */
export {
  DEFAULT_LIGHTNESS_WEIGHT,
  DEFAULT_THRESHOLDS,
  DEFAULT_WORKING_SIZE,
  scoreColourFidelity,
  scoreRasters,
  verdictFor,
} from "./score";
export { decodeWithSharp, type ImageDecoder, type RasterImage } from "./image";
export { ciede2000, type DeltaEWeights, type Lab, labFromRgb8, labToHex } from "./lab";
export type {
  ColourFidelityOptions,
  ColourFidelityResult,
  ColourFidelityScore,
  ColourMatch,
  ColourNotScorable,
  ColourThresholds,
  ColourVerdict,
  ImageAnalysis,
  NotScorableReason,
  Swatch,
} from "./types";
