import { variantColourOf } from "../lifecycle/variant-colour";
import { messageKey } from "~/lib/staff-message";

/**
 * What the render pipeline needs from Shopify, as an interface: the worker and the review functions call
 * this, app/shopify/render-media.server.ts implements it with the Admin API, tests can drive it directly.
 */
export type ShopifyFileStatus = "UPLOADED" | "PROCESSING" | "READY" | "FAILED";

export interface ImportedFile {
  fileId: string;
  status: ShopifyFileStatus;
}

/** A processed image on Shopify's CDN: the original and a preview sized for grids. */
export interface ResultImage {
  url: string;
  previewUrl: string;
  width: number | null;
  height: number | null;
}

export interface FileState {
  status: ShopifyFileStatus;
  /** Shopify's reason when FAILED. */
  errorMessage?: string;
  /** Present once READY. */
  image?: ResultImage;
}

export interface ImageToImport {
  /** Read once; cancelled when the import gives up before reading it. */
  body: ReadableStream<Uint8Array>;
  /** Null when the source did not say: the image is then read into memory first to learn it. */
  byteLength: number | null;
  contentType: string;
  filename: string;
  alt: string;
}

/** An image uploaded to Shopify's staged storage, not yet a file: `createFileFrom` makes it one. */
export interface StagedImage {
  resourceUrl: string;
  filename: string;
}

/** What fileCreate made of a staged image: the new file, or word that a file of that name already exists. */
export type CreatedFile =
  | { created: ImportedFile }
  /** The file name is taken (an earlier attempt created it). `file` is null while file search does not show it yet. */
  | { existing: ImportedFile | null };

export interface ProductMediaState {
  exists: boolean;
  /** Media ids in the product's order. */
  mediaIds: string[];
}

export interface RenderMedia {
  /**
   * Uploads the image into Shopify Files (staged upload, then fileCreate), streaming `body` through when its
   * length is known. `filename` is unique per render, so `findFileByFilename` can adopt a file a crashed worker
   * already created instead of uploading twice.
   */
  importImage(input: ImageToImport): Promise<ImportedFile>;
  /** The first half of importImage: the bytes go to a staged upload (the caller records it before creating). */
  stageImage(input: Omit<ImageToImport, "alt">): Promise<StagedImage>;
  /**
   * The second half: fileCreate from the staged upload, refusing a duplicate file name, so calling it again after
   * a crash never makes a second file. Other refusals throw MediaChangeRefused (stage again).
   */
  createFileFrom(staged: StagedImage, alt: string): Promise<CreatedFile>;
  findFileByFilename(filename: string): Promise<ImportedFile | null>;
  /** Status of several files in one request. Unknown ids are absent from the map. */
  fileStates(fileIds: string[]): Promise<Map<string, FileState>>;
  productMedia(productId: string): Promise<ProductMediaState>;
  /** Attaches the file to the product, setting its alt text when one is given. */
  attachToProduct(fileId: string, productId: string, alt?: string | null): Promise<void>;
  detachFromProduct(fileId: string, productId: string): Promise<void>;
  /**
   * Makes `fileId` the image of each variant, replacing the one it had (a variant holds one media item). A
   * variant that already shows the file is left alone, so a retried publish changes nothing twice.
   */
  setVariantImage(productId: string, fileId: string, variantIds: string[]): Promise<void>;
  /** Moves the product's media item to a 0-based place among its media (Shopify clamps a place past the end). */
  moveToPosition(productId: string, fileId: string, index: number): Promise<void>;
  deleteFile(fileId: string): Promise<void>;
  /** A JPEG rendition of a product photo (at most 2048 px a side) from Shopify's CDN; null if it is gone. */
  imageRenditionUrl(mediaId: string): Promise<string | null>;
}

/**
 * Shopify refused a change for good (a mutation's userErrors, a variant that is gone): sending the same request
 * again cannot succeed, so the step stops and tells staff instead of retrying. `reasons` are Shopify's words.
 */
export class MediaChangeRefused extends Error {
  override name = "MediaChangeRefused";
  constructor(
    /** What was being done, as an encoded message key: "messages:mediaAction.attachToProduct". */
    readonly action: string,
    /** Shopify's own words, or one encoded message key of ours (messages:mediaRefusal.*). */
    readonly reasons: readonly string[],
  ) {
    super(messageKey("messages:render.shopifyRefused", { action, reasons: reasons.join("; ") }));
  }
}

/** Lower-case words joined by hyphens, accents dropped: "Robe portefeuille Écrue" → "robe-portefeuille-ecrue". */
export function fileNameWords(text: string, maxLength = 60): string {
  const words = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return words.slice(0, maxLength).replace(/-+$/, "");
}

/**
 * What a render's file is called in Shopify, before its extension: the product and its colour, as a merchant
 * would name it (`wrap-midi-dress-terracotta-model-shot-8zjwq3xa`). The last part is the end of the render's id:
 * the name stays unique per render, which is how an import that crashed after fileCreate finds its own file
 * again (ADR 019, ADR 070). A title with no Latin letters or digits (Japanese, say) is named "product".
 */
export function renderFileStem(render: { id: string; productTitle: string; colour: string | null }): string {
  const product = fileNameWords(render.productTitle) || "product";
  const colour = render.colour ? fileNameWords(render.colour, 30) : "";
  return [product, colour, "model-shot", render.id.slice(-8).toLowerCase()].filter(Boolean).join("-");
}

/** The stem of a stored render: its colour read from the render's own column. */
export const renderFileStemOf = (render: { id: string; productTitle: string; variantColour: unknown }) =>
  renderFileStem({ ...render, colour: variantColourOf(render.variantColour)?.value ?? null });

export const renderFilename = (
  render: { id: string; productTitle: string; variantColour: unknown },
  contentType: string,
) =>
  `${renderFileStemOf(render)}.${contentType === "image/png" ? "png" : contentType === "image/webp" ? "webp" : "jpg"}`;
