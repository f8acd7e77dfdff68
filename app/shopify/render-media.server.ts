import {
  MediaChangeRefused,
  type FileState,
  type ImportedFile,
  type ProductMediaState,
  type RenderMedia,
  type ShopifyFileStatus,
} from "~/renders/review/media-port";
import type { AdminGraphql } from "./admin-graphql.server";
import { readStream } from "~/lib/streams";
import { messageKey } from "~/lib/staff-message";
import { ShopifyUserError, throwIfUserErrors } from "./admin-errors";
import {
  APPEND_VARIANT_MEDIA,
  DETACH_VARIANT_MEDIA,
  GET_VARIANT_MEDIA,
  REORDER_PRODUCT_MEDIA,
} from "./operations/media";
import {
  ATTACH_FILE_TO_PRODUCT,
  CREATE_FILE,
  CREATE_STAGED_UPLOADS,
  DELETE_FILE,
  DETACH_FILE_FROM_PRODUCT,
  FIND_FILES_BY_FILENAME,
  GET_FILE_STATUSES,
} from "./operations/files";
import { GET_IMAGE_RENDITION_URL, GET_PRODUCT_MEDIA_IDS } from "./operations/products";

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const CREATE_THE_FILE = messageKey("messages:mediaAction.createFile");

/** userErrors are Shopify's final word on a change: the publish step stops on them instead of retrying. */
async function refusedAs<T>(action: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof ShopifyUserError)
      throw new MediaChangeRefused(
        action,
        error.userErrors.map((e) => e.message),
      );
    throw error;
  }
}

const asStatus = (value: string | null | undefined): ShopifyFileStatus =>
  value === "READY" || value === "FAILED" || value === "PROCESSING" ? value : "UPLOADED";

/**
 * The render pipeline's Shopify side, on the Admin API: staged upload + fileCreate to import, fileUpdate
 * references to publish (productCreateMedia is deprecated in 2026-10), nodes(ids:) to check many files at once.
 */
export function makeRenderMedia(admin: AdminGraphql, fetchUpload: Fetch = fetch): RenderMedia {
  return {
    async importImage({ alt, ...image }) {
      const outcome = await this.createFileFrom(await this.stageImage(image), alt);
      if ("created" in outcome) return outcome.created;
      throw new MediaChangeRefused(CREATE_THE_FILE, [
        messageKey("messages:mediaRefusal.fileExists", { filename: image.filename }),
      ]);
    },

    async stageImage({ body, byteLength, contentType, filename }) {
      // A staged PUT needs its length up front; a source that did not declare one is read once to learn it.
      let upload: { body: ReadableStream<Uint8Array> | Uint8Array; byteLength: number };
      if (byteLength === null) {
        const bytes = await readStream(body);
        upload = { body: bytes, byteLength: bytes.byteLength };
      } else {
        upload = { body, byteLength };
      }
      let target;
      try {
        const staged = await admin.query(CREATE_STAGED_UPLOADS, {
          input: [
            {
              resource: "IMAGE",
              filename,
              mimeType: contentType,
              httpMethod: "PUT",
              fileSize: String(upload.byteLength),
            },
          ],
        });
        throwIfUserErrors(staged.stagedUploadsCreate, "stagedUploadsCreate");
        target = staged.stagedUploadsCreate?.stagedTargets?.[0];
        if (!target?.url || !target.resourceUrl) throw new Error("Shopify returned no upload target");
      } catch (error) {
        if (upload.body instanceof ReadableStream) await upload.body.cancel().catch(() => undefined);
        throw error;
      }
      const headers = new Headers({ "Content-Type": contentType, "Content-Length": String(upload.byteLength) });
      for (const parameter of target.parameters) headers.set(parameter.name, parameter.value);
      const sent = await fetchUpload(target.url, {
        method: "PUT",
        headers,
        body: upload.body as ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>,
        // Required by fetch to send a stream as a request body.
        duplex: "half",
      } as RequestInit);
      if (!sent.ok) throw new Error(`Uploading the image to Shopify failed (HTTP ${sent.status})`);
      return { resourceUrl: target.resourceUrl, filename };
    },

    async createFileFrom(staged, alt) {
      const created = await admin.query(CREATE_FILE, {
        files: [
          {
            originalSource: staged.resourceUrl,
            contentType: "IMAGE",
            alt,
            filename: staged.filename,
            duplicateResolutionMode: "RAISE_ERROR",
          },
        ],
      });
      const errors = created.fileCreate?.userErrors ?? [];
      if (errors.some((error) => error.code === "FILENAME_ALREADY_EXISTS"))
        return { existing: await this.findFileByFilename(staged.filename) };
      await refusedAs(CREATE_THE_FILE, async () => throwIfUserErrors(created.fileCreate, "fileCreate"));
      const file = created.fileCreate?.files?.[0];
      if (!file) throw new Error("Shopify created no file");
      return { created: { fileId: file.id, status: asStatus(file.fileStatus) } };
    },

    async findFileByFilename(filename): Promise<ImportedFile | null> {
      const found = await admin.query(FIND_FILES_BY_FILENAME, { query: `filename:${filename}*` });
      const file = found.files.nodes[0];
      return file ? { fileId: file.id, status: asStatus(file.fileStatus) } : null;
    },

    async fileStates(fileIds) {
      const states = new Map<string, FileState>();
      if (fileIds.length === 0) return states;
      const result = await admin.query(GET_FILE_STATUSES, { ids: fileIds });
      for (const node of result.nodes) {
        if (!node || !("fileStatus" in node)) continue;
        const message = node.fileErrors
          ?.map((error) => error.message)
          .filter(Boolean)
          .join("; ");
        const image = node.image
          ? {
              url: node.image.url,
              previewUrl: node.image.preview,
              width: node.image.width ?? null,
              height: node.image.height ?? null,
            }
          : undefined;
        states.set(node.id, {
          status: asStatus(node.fileStatus),
          ...(message ? { errorMessage: message } : {}),
          ...(image ? { image } : {}),
        });
      }
      return states;
    },

    async productMedia(productId): Promise<ProductMediaState> {
      const result = await admin.query(GET_PRODUCT_MEDIA_IDS, { id: productId });
      if (!result.product) return { exists: false, mediaIds: [] };
      return { exists: true, mediaIds: result.product.media.nodes.map((node) => node.id) };
    },

    async attachToProduct(fileId, productId, alt) {
      await refusedAs(messageKey("messages:mediaAction.attachToProduct"), async () => {
        const result = await admin.query(ATTACH_FILE_TO_PRODUCT, { fileId, productId, ...(alt ? { alt } : {}) });
        throwIfUserErrors(result.fileUpdate, "fileUpdate");
      });
    },

    async detachFromProduct(fileId, productId) {
      const result = await admin.query(DETACH_FILE_FROM_PRODUCT, { fileId, productId });
      throwIfUserErrors(result.fileUpdate, "fileUpdate");
    },

    async setVariantImage(productId, fileId, variantIds) {
      const action = messageKey("messages:mediaAction.variantImage");
      const current = await admin.query(GET_VARIANT_MEDIA, { ids: variantIds });
      const held = new Map<string, string | null>();
      for (const node of current.nodes) {
        if (node && "product" in node && node.product.id === productId)
          held.set(node.id, node.media.nodes[0]?.id ?? null);
      }
      const gone = variantIds.filter((id) => !held.has(id));
      if (gone.length > 0)
        throw new MediaChangeRefused(action, [
          messageKey("messages:mediaRefusal.variantsGone", { count: gone.length }),
        ]);
      // Replacing is detach, then append: Shopify refuses to append to a variant that already has an image.
      const toDetach = [...held].filter(([, mediaId]) => mediaId !== null && mediaId !== fileId);
      const toAppend = [...held].filter(([, mediaId]) => mediaId !== fileId).map(([variantId]) => variantId);
      await refusedAs(action, async () => {
        if (toDetach.length > 0) {
          const detached = await admin.query(DETACH_VARIANT_MEDIA, {
            productId,
            variantMedia: toDetach.map(([variantId, mediaId]) => ({ variantId, mediaIds: [mediaId as string] })),
          });
          throwIfUserErrors(detached.productVariantDetachMedia, "productVariantDetachMedia");
        }
        if (toAppend.length > 0) {
          const appended = await admin.query(APPEND_VARIANT_MEDIA, {
            productId,
            variantMedia: toAppend.map((variantId) => ({ variantId, mediaIds: [fileId] })),
          });
          throwIfUserErrors(appended.productVariantAppendMedia, "productVariantAppendMedia");
        }
      });
    },

    async moveToPosition(productId, fileId, index) {
      const result = await admin.query(REORDER_PRODUCT_MEDIA, {
        id: productId,
        moves: [{ id: fileId, newPosition: String(index) }],
      });
      const errors = result.productReorderMedia?.mediaUserErrors ?? [];
      if (errors.length > 0)
        throw new MediaChangeRefused(
          index === 0
            ? messageKey("messages:mediaAction.makeFirst")
            : messageKey("messages:mediaAction.moveTo", { position: index + 1 }),
          errors.map((e) => e.message),
        );
    },

    async imageRenditionUrl(mediaId) {
      const result = await admin.query(GET_IMAGE_RENDITION_URL, { id: mediaId });
      const node = result.node;
      return node && "image" in node ? (node.image?.url ?? null) : null;
    },

    async deleteFile(fileId) {
      const result = await admin.query(DELETE_FILE, { fileId });
      throwIfUserErrors(result.fileDelete, "fileDelete");
    },
  };
}
