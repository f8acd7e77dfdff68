/**
 * The try-on service client: the only code that talks to the external virtual try-on service.
 * It knows nothing of Shopify or the database. See docs/tryon-service.md.
 */
export { createTryOnClient, type TryOnClient } from "./client";
export type { CallOptions, TryOnClientOptions } from "./connection";
export type { SubmittedTryOnJob } from "./submit-job";
export type { TryOnJobStatus } from "./job-status";
export type { TryOnResultImage } from "./download-result";
export type { WaitOptions } from "./wait-for-job";
export { CatalogCache, sharedCatalogCache, type CatalogEntry, DEFAULT_CATALOG_TTL_MS } from "./catalog";
export {
  DEFAULT_READ_RETRY,
  DEFAULT_TRYON_FIELDS,
  DEFAULT_TRYON_PATHS,
  type TryOnFields,
  type TryOnPaths,
} from "./config";
export { TRYON_CREDIT_COST, creditsForJob, estimateCredits } from "./cost";
export * from "./errors";
export {
  checkTryOnInput,
  MAX_INPUT_IMAGE_BYTES,
  type CatalogSource,
  type ImageSubstitution,
  type InputCheckDeps,
  type InputCheckResult,
  type InputProblem,
  type RequestTransformedUrl,
  type TransformReason,
} from "./input-checks";
export { probeImage, sniffImageFormat, type ImageFormat, type ImageProbe } from "./image-probe";
export { consoleTryOnLogger, silentTryOnLogger, type TryOnLogger } from "./logging";
export {
  DEFAULT_STATUS_VOCABULARY,
  normalizeJobStatus,
  type NormalizedJobStatus,
  type StatusVocabulary,
} from "./status";
export {
  ASPECT_RATIOS,
  DEFAULT_TRYON_ENUMS,
  RESOLUTIONS,
  tryOnJobInputSchema,
  type AspectRatio,
  type Resolution,
  type TryOnEnums,
  type TryOnJobInput,
} from "./wire";
