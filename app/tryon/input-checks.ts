import type { CatalogEntry } from "./catalog";
import type { FetchLike } from "./http";
import { outboundFetch } from "~/net/outbound";
import { messageKey } from "~/lib/staff-message";
import { backgroundProblem } from "./background-policy";
import {
  ACCEPTED_IMAGE_FORMATS,
  type ImageFormat,
  ImageProbeError,
  type ImageProbeOptions,
  probeImage,
  UNREACHABLE,
} from "./image-probe";
import {
  DEFAULT_MAX_PRODUCT_IMAGES,
  DEFAULT_TRYON_ENUMS,
  isHttpUrl,
  makeTryOnJobInputSchema,
  type TryOnEnums,
  type TryOnJobInput,
} from "./wire";

/**
 * 10 MB read as 10,000,000 bytes: the spec does not say whether it means MB or MiB, and the smaller reading is safe
 * under both (docs/decisions/013-input-checks-before-spending-credits.md).
 */
export const MAX_INPUT_IMAGE_BYTES = 10_000_000;

export type InputProblemCode =
  | "invalid_value"
  | "unknown_catalog_id"
  | "image_too_large"
  | "unsupported_image_format"
  | "image_unreachable"
  | "background_not_allowed";

export interface InputProblem {
  /** Path in TryOnJobInput, e.g. `productImages.0`, `mannequinId`. */
  field: string;
  code: InputProblemCode;
  /** A sentence for staff, as an encoded message key (messages:photo.*; the screens `say()` it). */
  message: string;
}

export interface TransformReason {
  problem: "too_large" | "unsupported_format";
  format: ImageFormat;
  sizeBytes: number;
  maxBytes: number;
}

/** Asks the image's host for a JPEG/WebP rendition within the limits (the Shopify side asks Shopify's CDN). */
export type RequestTransformedUrl = (url: string, reason: TransformReason) => Promise<string>;

export interface ImageSubstitution {
  field: string;
  from: string;
  to: string;
  reason: TransformReason;
}

export type InputCheckResult =
  { ok: true; input: TryOnJobInput; substitutions: ImageSubstitution[] } | { ok: false; problems: InputProblem[] };

export interface CatalogSource {
  listMannequins(): Promise<CatalogEntry[]>;
  listPoses(productType: string): Promise<CatalogEntry[]>;
  listBackgrounds(): Promise<CatalogEntry[]>;
}

export interface InputCheckDeps {
  catalog: CatalogSource;
  fetch?: FetchLike;
  timeoutMs?: number;
  maxImageBytes?: number;
  enums?: TryOnEnums;
  maxProductImages?: number;
  requestTransformedUrl?: RequestTransformedUrl;
  signal?: AbortSignal;
}

// Format names are the same in every language; an unknown format is said in words.
const FORMAT_NAMES: Record<ImageFormat, string> = {
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  gif: "GIF",
  avif: "AVIF",
  heic: "HEIC",
  bmp: "BMP",
  tiff: "TIFF",
  svg: "SVG",
  other: messageKey("messages:photo.notAnImage"),
};

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/**
 * A photo that could not be downloaded, in the words every path uses: unreachable says no more (ADR 037's
 * same-words rule); an HTTP status or a read failure is passed on as technical detail.
 */
export const photoUnreachableWords = (error: ImageProbeError) =>
  error.message === UNREACHABLE
    ? messageKey("messages:photo.unreachable")
    : messageKey("messages:photo.unreadable", { detail: error.message });

/**
 * What is wrong with an image for the service, in the words every path uses (the worker's check, the bulk
 * preview's skipped list); undefined when the service takes it.
 */
export function imageProblemWords(format: ImageFormat, sizeBytes: number, maxBytes = MAX_INPUT_IMAGE_BYTES) {
  const reason = assessImage(format, sizeBytes, maxBytes);
  return reason ? problemFor("photo", reason).message : undefined;
}

function assessImage(format: ImageFormat, sizeBytes: number, maxBytes: number): TransformReason | undefined {
  if (!ACCEPTED_IMAGE_FORMATS.includes(format)) return { problem: "unsupported_format", format, sizeBytes, maxBytes };
  if (sizeBytes > maxBytes) return { problem: "too_large", format, sizeBytes, maxBytes };
  return undefined;
}

/** What happened when a converted copy was tried, said after the problem. */
type CopyAttempt = { kind: "none" } | { kind: "noCopy" } | { kind: "copyFailed"; detail: string } | { kind: "onCopy" };

function problemFor(field: string, reason: TransformReason, attempt: CopyAttempt = { kind: "none" }): InputProblem {
  const problem =
    reason.problem === "too_large"
      ? messageKey("messages:photo.tooLarge", { size: megabytes(reason.sizeBytes), max: megabytes(reason.maxBytes) })
      : messageKey("messages:photo.wrongFormat", { format: FORMAT_NAMES[reason.format] });
  const code = reason.problem === "too_large" ? "image_too_large" : "unsupported_image_format";
  if (attempt.kind === "none") return { field, code, message: problem };
  const params: Record<string, string> =
    attempt.kind === "copyFailed" ? { problem, detail: attempt.detail } : { problem };
  return { field, code, message: messageKey(`messages:photo.${attempt.kind}`, params) };
}

/**
 * Checks a job before it is submitted, so credits are only spent on a job the service can run: the fields and enums,
 * every image (format and size, from the actual URL), and the catalog ids against the cached listings. An image that is
 * too large or in another format is replaced by a transformed rendition when `requestTransformedUrl` is given.
 * Service failures while reading the catalog (auth, unavailable) are thrown as TryOnErrors, not reported as problems.
 */
export async function checkTryOnInput(input: TryOnJobInput, deps: InputCheckDeps): Promise<InputCheckResult> {
  const schema = makeTryOnJobInputSchema(
    deps.enums ?? DEFAULT_TRYON_ENUMS,
    deps.maxProductImages ?? DEFAULT_MAX_PRODUCT_IMAGES,
  );
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => {
        const field = issue.path.join(".") || "input";
        return {
          field,
          code: "invalid_value",
          message: messageKey("messages:photo.invalidValue", { field, detail: issue.message }),
        };
      }),
    };
  }
  const checked = { ...parsed.data, productImages: [...parsed.data.productImages] };
  const maxBytes = deps.maxImageBytes ?? MAX_INPUT_IMAGE_BYTES;
  const probeOptions = {
    fetch: deps.fetch ?? outboundFetch,
    timeoutMs: deps.timeoutMs ?? 15_000,
    maxBytes,
    signal: deps.signal,
  };

  const problems: InputProblem[] = [];
  const substitutions: ImageSubstitution[] = [];
  const imageCheck: ImageCheck = {
    probeOptions,
    maxBytes,
    requestTransformedUrl: deps.requestTransformedUrl,
    problems,
    substitutions,
  };
  const checkImage = (field: string, url: string) => checkOneImage(imageCheck, field, url);
  const checkCatalogId = (
    field: string,
    id: string,
    list: Promise<CatalogEntry[]>,
    refusal: UnknownIdRefusal,
    params: Record<string, string> = {},
  ) => checkOneCatalogId(problems, { field, id, list, refusal, params });

  const backgroundIsUrl = checked.background !== undefined && isHttpUrl(checked.background);
  await Promise.all([
    ...checked.productImages.map(async (url, index) => {
      const replacement = await checkImage(`productImages.${index}`, url);
      if (replacement) checked.productImages[index] = replacement;
    }),
    (async () => {
      if (checked.productBackImage === undefined) return;
      const replacement = await checkImage("productBackImage", checked.productBackImage);
      if (replacement) checked.productBackImage = replacement;
    })(),
    (async () => {
      if (checked.background === undefined) return;
      const refused = backgroundProblem(checked.background);
      if (refused !== null) {
        // Checked again here, whatever path the options came by (a form, a saved look, a stored job).
        problems.push({ field: "background", code: "background_not_allowed", message: refused });
      } else if (backgroundIsUrl) {
        const replacement = await checkImage("background", checked.background);
        if (replacement) checked.background = replacement;
      } else {
        await checkCatalogId("background", checked.background, deps.catalog.listBackgrounds(), "unknownBackground");
      }
    })(),
    checkCatalogId("mannequinId", checked.mannequinId, deps.catalog.listMannequins(), "unknownMannequin"),
    checkCatalogId("poseId", checked.poseId, deps.catalog.listPoses(checked.productType), "unknownPose", {
      productType: checked.productType,
    }),
  ]);

  if (problems.length > 0) {
    problems.sort((a, b) => a.field.localeCompare(b.field));
    return { ok: false, problems };
  }
  return { ok: true, input: checked, substitutions };
}

/** What checking one image needs, and where it reports: the problems and substitutions of the whole check. */
interface ImageCheck {
  probeOptions: ImageProbeOptions;
  maxBytes: number;
  requestTransformedUrl: RequestTransformedUrl | undefined;
  problems: InputProblem[];
  substitutions: ImageSubstitution[];
}

/** The URL to send for an image: its own, a converted copy's, or undefined once a problem is reported. */
async function checkOneImage(check: ImageCheck, field: string, url: string): Promise<string | undefined> {
  const { probeOptions, maxBytes, problems } = check;
  let probe;
  try {
    probe = await probeImage(url, probeOptions);
  } catch (error) {
    if (!(error instanceof ImageProbeError)) throw error;
    problems.push({ field, code: "image_unreachable", message: photoUnreachableWords(error) });
    return undefined;
  }
  const reason = assessImage(probe.format, probe.sizeBytes, maxBytes);
  if (!reason) return url;
  return convertedCopy(check, field, url, reason);
}

/** A converted copy of an image the service would refuse, checked in turn, or undefined once a problem is reported. */
async function convertedCopy(
  check: ImageCheck,
  field: string,
  url: string,
  reason: TransformReason,
): Promise<string | undefined> {
  const { probeOptions, maxBytes, problems } = check;
  if (!check.requestTransformedUrl) {
    problems.push(problemFor(field, reason, { kind: "noCopy" }));
    return undefined;
  }
  let transformed: string;
  try {
    transformed = await check.requestTransformedUrl(url, reason);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    problems.push(problemFor(field, reason, { kind: "copyFailed", detail: why }));
    return undefined;
  }
  try {
    const second = await probeImage(transformed, probeOptions);
    const stillWrong = assessImage(second.format, second.sizeBytes, maxBytes);
    if (stillWrong) {
      problems.push(problemFor(field, stillWrong, { kind: "onCopy" }));
      return undefined;
    }
  } catch (error) {
    if (!(error instanceof ImageProbeError)) throw error;
    problems.push({
      field,
      code: "image_unreachable",
      message: messageKey("messages:photo.copyUnreachable", { detail: error.message }),
    });
    return undefined;
  }
  check.substitutions.push({ field, from: url, to: transformed, reason });
  return transformed;
}

type UnknownIdRefusal = "unknownMannequin" | "unknownPose" | "unknownBackground";

/** Reports a catalog id the service does not list for this account. */
async function checkOneCatalogId(
  problems: InputProblem[],
  check: {
    field: string;
    id: string;
    list: Promise<CatalogEntry[]>;
    refusal: UnknownIdRefusal;
    params: Record<string, string>;
  },
): Promise<void> {
  const entries = await check.list;
  if (!entries.some((entry) => entry.id === check.id)) {
    problems.push({
      field: check.field,
      code: "unknown_catalog_id",
      message: messageKey(`messages:photo.${check.refusal}`, { id: check.id, ...check.params }),
    });
  }
}
