/**
 * Resolvers of the fake Admin API, attached to Shopify's real schema with @graphql-tools/schema. They read and
 * change the store only; any field they do not cover is resolved from the stored record by the same name, and a
 * field the record lacks is a GraphQL error naming it (see `strictFieldResolver`), so a document that asks for
 * something the fake does not model fails loudly instead of getting an invented null.
 *
 * Mutations validate every input first and change nothing when there are userErrors, as Shopify does.
 * Behaviour chosen where Shopify's is not documented is marked "fake:".
 */
import { randomUUID } from "node:crypto";
import { GraphQLError, type GraphQLFieldResolver, type GraphQLResolveInfo } from "./graphql-js";
import {
  bulkResultPath,
  byteLengthOf,
  checkBulkQuery,
  isFinished,
  runBulkQuery,
  viewBulkOperation,
  type BulkFailure,
  type BulkOperationRecord,
  type BulkTimeline,
} from "./bulk";
import { gid, legacyIdOf, parseGid } from "./ids";
import { sniffImage } from "./images";
import { connection, type ConnectionArgs } from "./pagination";
import { matchesDateRange, matchesText, notSupported, searchFilter } from "./search";
import {
  IMAGE_MAX_BYTES,
  PRODUCT_MEDIA_LIMIT,
  type AttachRequestRecord,
  type CollectionRecord,
  type FakeAdminStore,
  type FileFailure,
  type FileRecord,
  type ProductOptionRecord,
  type ProductOptionValueRecord,
  type ProductRecord,
  type ProductStatus,
  type TaxonomyCategoryRecord,
  type ShopState,
  type StagedUploadRecord,
  type VariantRecord,
} from "./store";

export interface ResolverContext {
  store: FakeAdminStore;
  shop: ShopState;
  uploadOrigin: string;
  signUpload: (key: string) => string;
  /** The failure the next created file should end with, if the test asked for one. */
  takeForcedFileFailure: () => FileFailure | undefined;
  /** When set, external `originalSource` URLs are downloaded (null = download failed). */
  fetchExternalSource: ((url: string) => Promise<Uint8Array | null>) | undefined;
  bulk: BulkContext;
  /** The scopes of the request's access token: fields that need one it lacks are refused, as Shopify does. */
  grantedScopes: readonly string[];
  /** Connections return every item, unpaged: set while a bulk query runs. */
  unpaged?: boolean;
}

/** What bulk operations need from the fake around the store. */
export interface BulkContext {
  timeline: () => BulkTimeline;
  maxConcurrent: number;
  /** The failure the next bulk operation should end with, if a test asked for one. */
  takeForcedFailure: () => BulkFailure | undefined;
  /** The URL a result path (bulkResultPath) is served at. */
  resultUrl: (path: string) => string;
  /** Told of every operation created or cancelled, to send its finish webhook when it ends. */
  changed: (op: BulkOperationRecord) => void;
}

const pageOf = <T extends { id: string }>(ctx: ResolverContext, items: readonly T[], args: ConnectionArgs) =>
  connection(items, args, { unpaged: ctx.unpaged === true });

type Resolver<Parent, Args> = (parent: Parent, args: Args, ctx: ResolverContext, info: GraphQLResolveInfo) => unknown;
/** Erases a typed resolver to the shape graphql-tools stores; graphql-js has already coerced `args` per schema. */
const r = <Parent, Args = Record<string, never>>(fn: Resolver<Parent, Args>) =>
  fn as unknown as Resolver<unknown, Record<string, unknown>>;

interface FieldError {
  field: string[] | null;
  message: string;
  code?: string;
}

export const ALT_TEXT_LIMIT = 512;

// ----- the strict default resolver --------------------------------------------------------------------------

export const strictFieldResolver: GraphQLFieldResolver<unknown, ResolverContext> = (source, args, ctx, info) => {
  if (source !== null && typeof source === "object" && info.fieldName in source) {
    const value: unknown = (source as Record<string, unknown>)[info.fieldName];
    return typeof value === "function" ? (value as Resolver<unknown, unknown>)(source, args, ctx, info) : value;
  }
  throw notSupported(`${info.parentType.name}.${info.fieldName}`);
};

// ----- views ------------------------------------------------------------------------------------------------

interface ImageView {
  __typename: "Image";
  id: string;
  url: string;
  altText: string | null;
  width: number | null;
  height: number | null;
}

function imageOf(
  ctx: ResolverContext,
  file: FileRecord,
  idType: "ImageSource" | "ProductImage" = "ImageSource",
): ImageView | null {
  if (ctx.store.fileStatus(file) !== "READY") return null;
  return {
    __typename: "Image",
    id: `gid://shopify/${idType}/${legacyIdOf(file.id)}`,
    url: ctx.store.imageUrl(ctx.shop, file),
    altText: file.alt || null,
    width: file.width,
    height: file.height,
  };
}

const filesOf = (ctx: ResolverContext, ids: readonly string[]) =>
  ids.flatMap((id) => {
    const file = ctx.shop.files.get(id);
    return file ? [file] : [];
  });

const count = (n: number) => ({ count: n, precision: "EXACT" as const });

function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Shopify refuses a field whose access scope the app was not granted, naming the scope. */
function requireScope(ctx: ResolverContext, field: string, scope: string): void {
  if (!ctx.grantedScopes.includes(scope))
    throw new GraphQLError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
      extensions: { code: "ACCESS_DENIED", requiredAccess: `\`${scope}\` access scope.` },
    });
}

function requireGid(id: string): void {
  if (!parseGid(id)) throw new GraphQLError(`Invalid global id '${id}'`);
}

function byNumericId<T extends { id: string }>(a: T, b: T): number {
  return (parseGid(a.id)?.id ?? 0) - (parseGid(b.id)?.id ?? 0);
}

function sortedBy<T extends { id: string }>(
  items: T[],
  sortKey: string | null | undefined,
  keys: Record<string, (a: T, b: T) => number>,
): T[] {
  const compare = keys[sortKey ?? "ID"];
  if (!compare) throw notSupported(`sortKey ${sortKey}`);
  return [...items].sort((a, b) => compare(a, b) || byNumericId(a, b));
}

type ListArgs = ConnectionArgs & { query?: string | null; sortKey?: string | null };

// ----- inputs -------------------------------------------------------------------------------------------------

interface StagedUploadInput {
  filename: string;
  mimeType: string;
  resource: string;
  httpMethod?: "PUT" | "POST" | null;
  fileSize?: string | number | null;
}

interface FileCreateInput {
  originalSource: string;
  alt?: string | null;
  contentType?: string | null;
  filename?: string | null;
  duplicateResolutionMode?: "APPEND_UUID" | "RAISE_ERROR" | "REPLACE" | null;
}

interface FileUpdateInput {
  id: string;
  alt?: string | null;
  filename?: string | null;
  originalSource?: string | null;
  previewImageSource?: string | null;
  referencesToAdd?: string[] | null;
  referencesToRemove?: string[] | null;
}

interface CreateMediaInput {
  alt?: string | null;
  mediaContentType: string;
  originalSource: string;
}

const IMAGE_RESOURCES = new Set(["IMAGE", "PRODUCT_IMAGE", "FILE", "COLLECTION_IMAGE", "SHOP_IMAGE"]);

/** Where a file's bytes come from: a staged upload of this fake, or an external URL. */
type Source =
  { kind: "staged"; url: string; staged: StagedUploadRecord | undefined } | { kind: "external"; url: string };

function parseSource(ctx: ResolverContext, originalSource: string): Source | undefined {
  let url: URL;
  try {
    url = new URL(originalSource);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  const origin = ctx.uploadOrigin.replace(/\/$/, "");
  if (originalSource.startsWith(`${origin}/`)) {
    const key = decodeURIComponent(originalSource.slice(origin.length + 1).split("?")[0] ?? "");
    const staged = ctx.store.stagedUploadByKey(key);
    return {
      kind: "staged",
      url: originalSource,
      staged: staged?.shop === ctx.shop.record.myshopifyDomain ? staged : undefined,
    };
  }
  return { kind: "external", url: originalSource };
}

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
const lastSegment = (url: string) =>
  decodeURIComponent(new URL(url).pathname.split("/").filter(Boolean).at(-1) ?? "file");

/** Bytes and outcome of a new file, decided at creation like Shopify's download step. */
async function contentOf(
  ctx: ResolverContext,
  source: Source,
): Promise<{ bytes: Uint8Array | null; failure?: FileFailure }> {
  let bytes: Uint8Array | null;
  if (source.kind === "staged") {
    bytes = source.staged?.upload?.bytes ?? null;
    if (!bytes) {
      return {
        bytes: null,
        failure: {
          code: "IMAGE_DOWNLOAD_FAILURE",
          message: "File could not be downloaded from the staged upload",
          details: source.url,
        },
      };
    }
  } else if (ctx.fetchExternalSource) {
    bytes = await ctx.fetchExternalSource(source.url);
    if (!bytes) {
      return {
        bytes: null,
        failure: { code: "IMAGE_DOWNLOAD_FAILURE", message: "Image could not be downloaded", details: source.url },
      };
    }
  } else {
    // fake: without a fetcher, an external image is accepted as is and the CDN serves a placeholder.
    return { bytes: null };
  }
  if (!sniffImage(bytes)) {
    return {
      bytes,
      failure: { code: "UNSUPPORTED_IMAGE_FILE_TYPE", message: "Image format is not supported", details: null },
    };
  }
  return { bytes };
}

function withUuid(filename: string): string {
  const extension = extensionOf(filename);
  const base = extension ? filename.slice(0, -(extension.length + 1)) : filename;
  return `${base}_${randomUUID()}${extension ? `.${extension}` : ""}`;
}

function productFromReference(ctx: ResolverContext, id: string, field: string[]): ProductRecord | FieldError {
  const parsed = parseGid(id);
  if (parsed?.type !== "Product") {
    return {
      field,
      code: "UNSUPPORTED_FILE_REFERENCE",
      message: `Reference ${id} is not supported. Only products can be referenced.`,
    };
  }
  return (
    ctx.shop.products.get(id) ?? {
      field,
      code: "REFERENCE_TARGET_DOES_NOT_EXIST",
      message: `The reference target does not exist: ${id}`,
    }
  );
}

const isFieldError = (value: unknown): value is FieldError =>
  typeof value === "object" && value !== null && "message" in value && !("__typename" in value);

// ----- resolvers ----------------------------------------------------------------------------------------------

export const resolvers = {
  QueryRoot: {
    shop: r<unknown>((_, __, ctx) => ctx.shop.record),
    shopLocales: r<unknown, { published?: boolean }>((_, { published }, ctx) => {
      requireScope(ctx, "shopLocales", "read_locales");
      return ctx.shop.record.locales
        .filter((locale) => !published || locale.published)
        .map((locale) => ({ ...locale, marketWebPresences: [] }));
    }),
    product: r<unknown, { id: string }>((_, { id }, ctx) => {
      requireGid(id);
      return ctx.shop.products.get(id) ?? null;
    }),
    productVariant: r<unknown, { id: string }>((_, { id }, ctx) => {
      requireGid(id);
      return ctx.shop.variants.get(id) ?? null;
    }),
    products: r<unknown, ListArgs>((_, args, ctx) => {
      const filter = searchFilter<ProductRecord>(
        args.query,
        "products",
        {
          title: (p, v) => matchesText(p.title, v),
          handle: (p, v) => p.handle === v,
          status: (p, v) => v.split(",").some((s) => s.trim().toUpperCase() === p.status),
          product_type: (p, v) => p.productType.toLowerCase() === v.toLowerCase(),
          vendor: (p, v) => p.vendor.toLowerCase() === v.toLowerCase(),
          tag: (p, v) => p.tags.some((t) => t.toLowerCase() === v.toLowerCase()),
          id: (p, v) => legacyIdOf(p.id) === v,
          created_at: (p, v) => matchesDateRange(p.createdAt, v),
        },
        (p, word) => matchesText(p.title, word),
        new Set(["created_at"]),
      );
      const products = [...ctx.shop.products.values()].filter(filter);
      return pageOf(
        ctx,
        sortedBy(products, args.sortKey, {
          ID: () => 0,
          TITLE: (a, b) => a.title.localeCompare(b.title),
          CREATED_AT: (a, b) => a.createdAt.localeCompare(b.createdAt),
          UPDATED_AT: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
        }),
        args,
      );
    }),
    collection: r<unknown, { id: string }>((_, { id }, ctx) => {
      requireGid(id);
      return ctx.shop.collections.get(id) ?? null;
    }),
    collections: r<unknown, ListArgs>((_, args, ctx) => {
      const filter = searchFilter<CollectionRecord>(
        args.query,
        "collections",
        {
          title: (c, v) => matchesText(c.title, v),
          handle: (c, v) => c.handle === v,
          id: (c, v) => legacyIdOf(c.id) === v,
        },
        (c, word) => matchesText(c.title, word),
      );
      const collections = [...ctx.shop.collections.values()].filter(filter);
      return pageOf(
        ctx,
        sortedBy(collections, args.sortKey, {
          ID: () => 0,
          TITLE: (a, b) => a.title.localeCompare(b.title),
          UPDATED_AT: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
        }),
        args,
      );
    }),
    files: r<unknown, ListArgs>((_, args, ctx) => {
      const filter = searchFilter<FileRecord>(
        args.query,
        "files",
        {
          status: (f, v) => ctx.store.fileStatus(f) === v.toUpperCase(),
          filename: (f, v) => matchesText(f.filename, v),
          media_type: (_f, v) => v.toUpperCase() === "IMAGE",
          id: (f, v) => legacyIdOf(f.id) === v,
          product_id: (f, v) => f.productIds.some((p) => legacyIdOf(p) === v),
        },
        (f, word) => matchesText(f.filename, word),
      );
      // Search lags behind fileCreate: a file created a moment ago is not found yet (nodes(ids:) sees it at once).
      const files = [...ctx.shop.files.values()].filter((file) => ctx.store.searchable(file) && filter(file));
      return pageOf(
        ctx,
        sortedBy(files, args.sortKey, {
          ID: () => 0,
          CREATED_AT: (a, b) => a.createdAt.localeCompare(b.createdAt),
          FILENAME: (a, b) => a.filename.localeCompare(b.filename),
        }),
        args,
      );
    }),
    node: r<unknown, { id: string }>((_, { id }, ctx) => {
      requireGid(id);
      return ctx.store.node(ctx.shop, id);
    }),
    nodes: r<unknown, { ids: string[] }>((_, { ids }, ctx) => {
      ids.forEach(requireGid);
      return ids.map((id) => ctx.store.node(ctx.shop, id));
    }),
    currentBulkOperation: r<unknown, { type?: "QUERY" | "MUTATION" | null }>((_, { type }, ctx) => {
      // fake: no bulk mutations, so there is never a current one.
      if (type === "MUTATION") return null;
      return [...ctx.shop.bulkOperations.values()].at(-1) ?? null;
    }),
    bulkOperation: r<unknown, { id: string }>((_, { id }, ctx) => {
      requireGid(id);
      return ctx.shop.bulkOperations.get(id) ?? null;
    }),
    // fake: reorder jobs run synchronously, so every job is done by the time it can be queried.
    job: r<unknown, { id: string }>((_, { id }) => ({ __typename: "Job", id, done: true, query: {} })),
  },

  Shop: {
    url: r<{ myshopifyDomain: string }>((shop) => `https://${shop.myshopifyDomain}`),
  },

  Product: {
    legacyResourceId: r<ProductRecord>((p) => legacyIdOf(p.id)),
    description: r<ProductRecord>((p) => stripTags(p.descriptionHtml)),
    media: r<ProductRecord, ConnectionArgs>((p, args, ctx) => pageOf(ctx, filesOf(ctx, p.mediaIds), args)),
    mediaCount: r<ProductRecord>((p) => count(p.mediaIds.length)),
    featuredMedia: r<ProductRecord>((p, _, ctx) => filesOf(ctx, p.mediaIds)[0] ?? null),
    featuredImage: r<ProductRecord>((p, _, ctx) => {
      const file = filesOf(ctx, p.mediaIds).find((f) => ctx.store.fileStatus(f) === "READY");
      return file ? imageOf(ctx, file, "ProductImage") : null;
    }),
    images: r<ProductRecord, ConnectionArgs>((p, args, ctx) =>
      pageOf(
        ctx,
        filesOf(ctx, p.mediaIds).flatMap((f) => imageOf(ctx, f, "ProductImage") ?? []),
        args,
      ),
    ),
    variants: r<ProductRecord, ConnectionArgs>((p, args, ctx) =>
      pageOf(
        ctx,
        p.variantIds.flatMap((id) => ctx.shop.variants.get(id) ?? []),
        args,
      ),
    ),
    variantsCount: r<ProductRecord>((p) => count(p.variantIds.length)),
    hasOnlyDefaultVariant: r<ProductRecord>((p, _, ctx) => {
      const [only, ...rest] = p.variantIds.flatMap((id) => ctx.shop.variants.get(id) ?? []);
      return rest.length === 0 && only?.title === "Default Title";
    }),
    inCollection: r<ProductRecord, { id: string }>((p, { id }, ctx) => {
      requireGid(id);
      return ctx.shop.collections.get(id)?.productIds.includes(p.id) ?? false;
    }),
    collections: r<ProductRecord, ConnectionArgs>((p, args, ctx) =>
      pageOf(
        ctx,
        [...ctx.shop.collections.values()].filter((c) => c.productIds.includes(p.id)),
        args,
      ),
    ),
    // A list, not a connection: `first` truncates it.
    options: r<ProductRecord, { first?: number | null }>((p, { first }, ctx) =>
      (first == null ? p.options : p.options.slice(0, Math.max(0, first))).map((option) => optionView(ctx, p, option)),
    ),
  },

  TaxonomyCategory: {
    childrenIds: r<TaxonomyCategoryRecord>((c) => {
      if (!c.childrenIds) throw notSupported(`TaxonomyCategory.childrenIds of ${c.id} (seeded without its children)`);
      return c.childrenIds;
    }),
    isLeaf: r<TaxonomyCategoryRecord>((c) => {
      if (!c.childrenIds) throw notSupported(`TaxonomyCategory.isLeaf of ${c.id} (seeded without its children)`);
      return c.childrenIds.length === 0;
    }),
  },

  ProductVariant: {
    legacyResourceId: r<VariantRecord>((v) => legacyIdOf(v.id)),
    product: r<VariantRecord>((v, _, ctx) => ctx.shop.products.get(v.productId)),
    displayName: r<VariantRecord>((v, _, ctx) => `${ctx.shop.products.get(v.productId)?.title ?? ""} - ${v.title}`),
    media: r<VariantRecord, ConnectionArgs>((v, args, ctx) => pageOf(ctx, filesOf(ctx, v.mediaIds), args)),
    image: r<VariantRecord>((v, _, ctx) => {
      const file = filesOf(ctx, v.mediaIds)[0];
      return file ? imageOf(ctx, file, "ProductImage") : null;
    }),
  },

  Collection: {
    legacyResourceId: r<CollectionRecord>((c) => legacyIdOf(c.id)),
    description: r<CollectionRecord>((c) => stripTags(c.descriptionHtml)),
    sortOrder: r<CollectionRecord>(() => "MANUAL"),
    image: r<CollectionRecord>(() => null),
    products: r<CollectionRecord, ListArgs>((c, args, ctx) => {
      if (args.query) throw notSupported("Collection.products(query:)");
      if (args.sortKey && args.sortKey !== "COLLECTION_DEFAULT" && args.sortKey !== "MANUAL") {
        throw notSupported(`Collection.products(sortKey: ${args.sortKey})`);
      }
      return pageOf(
        ctx,
        c.productIds.flatMap((id) => ctx.shop.products.get(id) ?? []),
        args,
      );
    }),
    productsCount: r<CollectionRecord>((c) => count(c.productIds.length)),
    hasProduct: r<CollectionRecord, { id: string }>((c, { id }) => c.productIds.includes(id)),
  },

  BulkOperation: {
    type: r<BulkOperationRecord>(() => "QUERY"),
    createdAt: r<BulkOperationRecord>((op) => new Date(op.createdAtMs).toISOString()),
    status: r<BulkOperationRecord>((op, _, ctx) => viewBulkOperation(op, ctx.store.now()).status),
    errorCode: r<BulkOperationRecord>((op, _, ctx) => viewBulkOperation(op, ctx.store.now()).errorCode),
    // UnsignedInt64 is a string on the wire.
    objectCount: r<BulkOperationRecord>((op, _, ctx) => String(viewBulkOperation(op, ctx.store.now()).objectCount)),
    rootObjectCount: r<BulkOperationRecord>((op, _, ctx) =>
      String(viewBulkOperation(op, ctx.store.now()).rootObjectCount),
    ),
    completedAt: r<BulkOperationRecord>((op, _, ctx) => {
      const view = viewBulkOperation(op, ctx.store.now());
      return view.status === "COMPLETED" && view.endedAtMs !== null ? new Date(view.endedAtMs).toISOString() : null;
    }),
    // fake: a completed operation that found nothing has no file, so no url.
    url: r<BulkOperationRecord>((op, _, ctx) =>
      viewBulkOperation(op, ctx.store.now()).status === "COMPLETED" && op.lines.length > 0
        ? ctx.bulk.resultUrl(bulkResultPath(op))
        : null,
    ),
    fileSize: r<BulkOperationRecord>((op, _, ctx) =>
      viewBulkOperation(op, ctx.store.now()).status === "COMPLETED" && op.lines.length > 0
        ? String(byteLengthOf(op.lines))
        : null,
    ),
    partialDataUrl: r<BulkOperationRecord>((op, _, ctx) =>
      viewBulkOperation(op, ctx.store.now()).status === "FAILED" && (op.failure?.afterObjects ?? 0) > 0
        ? ctx.bulk.resultUrl(bulkResultPath(op, true))
        : null,
    ),
  },

  MediaImage: {
    fileStatus: r<FileRecord>((f, _, ctx) => ctx.store.fileStatus(f)),
    status: r<FileRecord>((f, _, ctx) => ctx.store.fileStatus(f)),
    mediaContentType: r<FileRecord>(() => "IMAGE"),
    image: r<FileRecord>((f, _, ctx) => imageOf(ctx, f)),
    preview: r<FileRecord>((f, _, ctx) => ({ image: imageOf(ctx, f), status: ctx.store.fileStatus(f) })),
    fileErrors: r<FileRecord>((f, _, ctx) => failuresOf(ctx, f)),
    mediaErrors: r<FileRecord>((f, _, ctx) => failuresOf(ctx, f)),
    mediaWarnings: r<FileRecord>(() => []),
    originalSource: r<FileRecord>((f) => ({ url: f.sourceUrl, fileSize: f.bytes?.byteLength ?? null })),
  },

  Image: {
    // Transforms become the CDN's URL parameters, and the fake CDN serves that rendition (resized, converted).
    url: r<
      ImageView,
      {
        transform?: {
          maxWidth?: number | null;
          maxHeight?: number | null;
          preferredContentType?: string | null;
        } | null;
      }
    >((image, { transform }) => {
      const url = new URL(image.url);
      if (transform?.maxWidth) url.searchParams.set("width", String(transform.maxWidth));
      if (transform?.maxHeight) url.searchParams.set("height", String(transform.maxHeight));
      if (transform?.preferredContentType) url.searchParams.set("format", transform.preferredContentType.toLowerCase());
      return url.toString();
    }),
    src: r<ImageView>((image) => image.url),
    originalSrc: r<ImageView>((image) => image.url),
    transformedSrc: r<ImageView>((image) => image.url),
  },

  Mutation: {
    bulkOperationRunQuery: r<unknown, { query: string; groupObjects?: boolean | null }>(async (_, args, ctx, info) => {
      if (args.groupObjects) throw notSupported("bulkOperationRunQuery(groupObjects: true)");
      const now = ctx.store.now();
      const refuse = (code: string, message: string) => ({
        bulkOperation: null,
        userErrors: [{ field: ["query"], code, message }],
      });
      const running = [...ctx.shop.bulkOperations.values()].filter(
        (op) => !isFinished(viewBulkOperation(op, now).status),
      ).length;
      if (running >= ctx.bulk.maxConcurrent) {
        return refuse(
          "LIMIT_REACHED",
          `Bulk operations limit reached: ${ctx.bulk.maxConcurrent} bulk query operations are already running for this app and shop. Please try again later.`,
        );
      }
      const checked = checkBulkQuery(info.schema, args.query);
      if (!checked.ok) return refuse(checked.problem.code, checked.problem.message);
      const { lines, rootLines } = await runBulkQuery(
        info.schema,
        checked.document,
        { ...ctx, unpaged: true },
        strictFieldResolver,
      );
      const op: BulkOperationRecord = {
        __typename: "BulkOperation",
        id: gid("BulkOperation", ctx.store.next()),
        shop: ctx.shop.record.myshopifyDomain,
        shopNumber: ctx.shop.number,
        query: args.query,
        createdAtMs: now,
        lines,
        rootLines,
        timeline: ctx.bulk.timeline(),
        failure: ctx.bulk.takeForcedFailure() ?? null,
        canceledAtMs: null,
        signature: randomUUID().replace(/-/g, ""),
        notified: false,
      };
      ctx.shop.bulkOperations.set(op.id, op);
      ctx.bulk.changed(op);
      return { bulkOperation: op, userErrors: [] };
    }),

    bulkOperationCancel: r<unknown, { id: string }>((_, { id }, ctx) => {
      const op = ctx.shop.bulkOperations.get(id);
      if (!op)
        return { bulkOperation: null, userErrors: [{ field: ["id"], message: "Bulk operation does not exist" }] };
      const view = viewBulkOperation(op, ctx.store.now());
      if (isFinished(view.status)) {
        return {
          bulkOperation: op,
          userErrors: [
            { field: null, message: `A bulk operation cannot be canceled when it is ${view.status.toLowerCase()}` },
          ],
        };
      }
      // fake: cancelling takes effect at once (Shopify passes through CANCELING first).
      op.canceledAtMs = ctx.store.now();
      ctx.bulk.changed(op);
      return { bulkOperation: op, userErrors: [] };
    }),

    stagedUploadsCreate: r<unknown, { input: StagedUploadInput[] }>((_, { input }, ctx) => {
      const userErrors: FieldError[] = [];
      input.forEach((item, i) => {
        if (!IMAGE_RESOURCES.has(item.resource)) throw notSupported(`staged uploads of ${item.resource}`);
        if (!item.filename.trim())
          userErrors.push({ field: ["input", String(i), "filename"], message: "Filename can't be blank" });
        if (!item.mimeType.trim())
          userErrors.push({ field: ["input", String(i), "mimeType"], message: "Mime type can't be blank" });
        const size = declaredSize(item.fileSize);
        if (size === undefined)
          userErrors.push({
            field: ["input", String(i), "fileSize"],
            message: "File size must be a whole number of bytes",
          });
        else if (size !== null && size > IMAGE_MAX_BYTES)
          userErrors.push({
            field: ["input", String(i), "fileSize"],
            message: `File size exceeds the maximum of ${IMAGE_MAX_BYTES} bytes for images`,
          });
      });
      if (userErrors.length) return { stagedTargets: null, userErrors };

      const origin = ctx.uploadOrigin.replace(/\/$/, "");
      const stagedTargets = input.map((item) => {
        const safeName = item.filename.replace(/[^\w.-]+/g, "_");
        const key = `tmp/${ctx.shop.number}/${item.resource.toLowerCase()}/${randomUUID()}/${safeName}`;
        const httpMethod = item.httpMethod ?? "PUT";
        const record: StagedUploadRecord = {
          key,
          shop: ctx.shop.record.myshopifyDomain,
          filename: item.filename,
          mimeType: item.mimeType,
          httpMethod,
          resource: item.resource,
          resourceUrl: `${origin}/${key}`,
          signature: ctx.signUpload(key),
          createdAt: ctx.store.now(),
          fileSize: declaredSize(item.fileSize) ?? null,
          upload: null,
        };
        ctx.store.addStagedUpload(record);
        return httpMethod === "PUT"
          ? {
              url: `${record.resourceUrl}?X-Fake-Signature=${record.signature}`,
              resourceUrl: record.resourceUrl,
              parameters: [
                { name: "content_type", value: item.mimeType },
                { name: "acl", value: "private" },
              ],
            }
          : {
              url: `${origin}/`,
              resourceUrl: record.resourceUrl,
              parameters: [
                { name: "Content-Type", value: item.mimeType },
                { name: "success_action_status", value: "201" },
                { name: "acl", value: "private" },
                { name: "key", value: key },
                { name: "x-fake-signature", value: record.signature },
              ],
            };
      });
      return { stagedTargets, userErrors: [] };
    }),

    fileCreate: r<unknown, { files: FileCreateInput[] }>(async (_, { files }, ctx) => {
      const userErrors: FieldError[] = [];
      const planned: { item: FileCreateInput; source: Source; filename: string }[] = [];
      const claimed = new Set<string>();
      files.forEach((item, i) => {
        const field = (name: string) => ["files", String(i), name];
        if (item.contentType && item.contentType !== "IMAGE")
          throw notSupported(`fileCreate of ${item.contentType} files`);
        if (item.duplicateResolutionMode === "REPLACE")
          throw notSupported("fileCreate duplicateResolutionMode REPLACE");
        if ((item.alt ?? "").length > ALT_TEXT_LIMIT) {
          userErrors.push({
            field: field("alt"),
            code: "ALT_VALUE_LIMIT_EXCEEDED",
            message: `The alt value exceeds the maximum limit of ${ALT_TEXT_LIMIT} characters.`,
          });
        }
        const source = parseSource(ctx, item.originalSource);
        if (!source) {
          userErrors.push({
            field: field("originalSource"),
            code: "INVALID_IMAGE_SOURCE_URL",
            message: "Image URL is invalid.",
          });
          return;
        }
        const sourceName = source.kind === "staged" && source.staged ? source.staged.filename : lastSegment(source.url);
        if (item.filename && extensionOf(sourceName) && extensionOf(item.filename) !== extensionOf(sourceName)) {
          userErrors.push({
            field: field("filename"),
            code: "MISMATCHED_FILENAME_AND_ORIGINAL_SOURCE",
            message: "The filename extension must match the extension of the original source.",
          });
          return;
        }
        let filename = item.filename ?? sourceName;
        if (ctx.store.filenameTaken(ctx.shop, filename) || claimed.has(filename)) {
          if (item.duplicateResolutionMode === "RAISE_ERROR") {
            userErrors.push({
              field: field("filename"),
              code: "FILENAME_ALREADY_EXISTS",
              message: `A file named ${filename} already exists.`,
            });
            return;
          }
          filename = withUuid(filename);
        }
        claimed.add(filename);
        planned.push({ item, source, filename });
      });
      if (userErrors.length) return { files: null, userErrors };

      const created: FileRecord[] = [];
      for (const { item, source, filename } of planned) {
        const content = await contentOf(ctx, source);
        const forced = ctx.takeForcedFileFailure();
        created.push(
          ctx.store.createFile(ctx.shop, {
            filename,
            alt: item.alt ?? "",
            sourceUrl: source.url,
            bytes: content.bytes,
            mimeType: source.kind === "staged" ? source.staged?.mimeType : undefined,
            ...((forced ?? content.failure) ? { failure: forced ?? content.failure } : {}),
          }),
        );
      }
      return { files: created, userErrors: [] };
    }),

    fileUpdate: r<unknown, { files: FileUpdateInput[] }>((_, { files }, ctx) => {
      const userErrors: FieldError[] = [];
      const planned: { file: FileRecord; item: FileUpdateInput; add: ProductRecord[]; remove: ProductRecord[] }[] = [];
      files.forEach((item, i) => {
        const field = (name: string) => ["files", String(i), name];
        if (item.originalSource != null || item.previewImageSource != null) {
          throw notSupported("fileUpdate originalSource/previewImageSource");
        }
        const file = ctx.shop.files.get(item.id);
        if (!file) {
          userErrors.push({
            field: field("id"),
            code: "FILE_DOES_NOT_EXIST",
            message: `File id ${item.id} does not exist.`,
          });
          return;
        }
        // fake: like Shopify, only READY files can be updated (alt, filename or references).
        if (ctx.store.fileStatus(file) !== "READY") {
          userErrors.push({
            field: field("id"),
            code: "NON_READY_STATE",
            message: "Non-ready files cannot be updated.",
          });
          return;
        }
        if ((item.alt ?? "").length > ALT_TEXT_LIMIT) {
          userErrors.push({
            field: field("alt"),
            code: "ALT_VALUE_LIMIT_EXCEEDED",
            message: `The alt value exceeds the maximum limit of ${ALT_TEXT_LIMIT} characters.`,
          });
        }
        if (item.filename != null) {
          if (extensionOf(item.filename) !== extensionOf(file.filename)) {
            userErrors.push({
              field: field("filename"),
              code: "INVALID_FILENAME_EXTENSION",
              message: "The filename extension cannot be changed.",
            });
          } else if (item.filename !== file.filename && ctx.store.filenameTaken(ctx.shop, item.filename)) {
            userErrors.push({
              field: field("filename"),
              code: "FILENAME_ALREADY_EXISTS",
              message: `A file named ${item.filename} already exists.`,
            });
          }
        }
        const resolve = (ids: string[] | null | undefined, name: string) =>
          (ids ?? []).flatMap((id) => {
            const found = productFromReference(ctx, id, field(name));
            if (isFieldError(found)) {
              userErrors.push(found);
              return [];
            }
            return [found];
          });
        const add = resolve(item.referencesToAdd, "referencesToAdd");
        const remove = resolve(item.referencesToRemove, "referencesToRemove");
        for (const product of add) {
          if (!product.mediaIds.includes(file.id) && product.mediaIds.length >= PRODUCT_MEDIA_LIMIT) {
            userErrors.push({
              field: field("referencesToAdd"),
              code: "PRODUCT_MEDIA_LIMIT_EXCEEDED",
              message: `Product ${product.id} already has ${PRODUCT_MEDIA_LIMIT} media.`,
            });
          }
        }
        planned.push({ file, item, add, remove });
      });
      const attachRequests = files.flatMap((item) =>
        (item.referencesToAdd ?? []).map((targetId) => logAttachRequest(ctx, item.id, "product", targetId)),
      );
      if (userErrors.length) {
        for (const request of attachRequests) request.outcome = "refused";
        return { files: null, userErrors };
      }
      for (const request of attachRequests) {
        const already = ctx.shop.products.get(request.targetId)?.mediaIds.includes(request.fileId);
        if (already) request.outcome = "already-attached";
      }

      for (const { file, item, add, remove } of planned) {
        if (item.alt != null) file.alt = item.alt;
        if (item.filename != null) file.filename = item.filename;
        // fake: referencing a product the file already belongs to is a no-op, so retries are safe.
        for (const product of add) ctx.store.attach(ctx.shop, file, product);
        for (const product of remove) ctx.store.detach(ctx.shop, file, product);
        file.updatedAt = ctx.store.iso();
      }
      return { files: planned.map((p) => p.file), userErrors: [] };
    }),

    fileDelete: r<unknown, { fileIds: string[] }>((_, { fileIds }, ctx) => {
      const missing = fileIds.filter((id) => !ctx.shop.files.has(id));
      if (missing.length) {
        return {
          deletedFileIds: null,
          userErrors: missing.map((id) => ({
            field: ["fileIds"],
            code: "FILE_DOES_NOT_EXIST",
            message: `File id ${id} does not exist.`,
          })),
        };
      }
      for (const id of fileIds) {
        const file = ctx.shop.files.get(id);
        if (file) ctx.store.deleteFile(ctx.shop, file);
      }
      return { deletedFileIds: fileIds, userErrors: [] };
    }),

    productUpdate: r<
      unknown,
      {
        product?: Record<string, unknown> | null;
        input?: Record<string, unknown> | null;
        identifier?: { id?: string | null; handle?: string | null; customId?: unknown } | null;
        media?: CreateMediaInput[] | null;
      }
    >(async (_, args, ctx) => {
      const patch = args.product ?? args.input ?? {};
      if (args.identifier?.customId) throw notSupported("productUpdate identifier.customId");
      const supported = new Set([
        "id",
        "title",
        "handle",
        "status",
        "productType",
        "vendor",
        "tags",
        "descriptionHtml",
        "collectionsToJoin",
        "collectionsToLeave",
      ]);
      for (const [key, value] of Object.entries(patch)) {
        // Schema defaults (deleteConflictingConstrainedMetafields = false) arrive even when not sent.
        if (value != null && value !== false && !supported.has(key)) throw notSupported(`productUpdate field ${key}`);
      }
      const id = args.identifier?.id ?? (patch.id as string | undefined);
      const product = id
        ? ctx.shop.products.get(id)
        : [...ctx.shop.products.values()].find((p) => p.handle === args.identifier?.handle);
      if (!product) return { product: null, userErrors: [{ field: ["id"], message: "Product does not exist" }] };

      const userErrors: FieldError[] = [];
      const title = patch.title as string | null | undefined;
      if (title !== undefined && !title?.trim()) userErrors.push({ field: ["title"], message: "Title can't be blank" });
      const handle = patch.handle as string | null | undefined;
      if (handle && ctx.store.uniqueHandle(ctx.shop, handle, product.id) !== handle) {
        userErrors.push({
          field: ["handle"],
          message: `Handle '${handle}' already in use. Please provide a new handle.`,
        });
      }
      const collectionIds = (key: "collectionsToJoin" | "collectionsToLeave") => {
        const ids = (patch[key] as string[] | null | undefined) ?? [];
        for (const collectionId of ids) {
          if (!ctx.shop.collections.has(collectionId))
            userErrors.push({ field: [key], message: `Collection ${collectionId} does not exist` });
        }
        return ids;
      };
      const join = collectionIds("collectionsToJoin");
      const leave = collectionIds("collectionsToLeave");
      const media = args.media ?? [];
      const sources = media.map((item, i) => {
        if (item.mediaContentType !== "IMAGE")
          throw notSupported(`productUpdate media of type ${item.mediaContentType}`);
        if ((item.alt ?? "").length > ALT_TEXT_LIMIT) {
          userErrors.push({
            field: ["media", String(i), "alt"],
            message: `Alt value exceeds the maximum limit of ${ALT_TEXT_LIMIT} characters`,
          });
        }
        const source = parseSource(ctx, item.originalSource);
        if (!source)
          userErrors.push({ field: ["media", String(i), "originalSource"], message: "Image URL is invalid" });
        return source;
      });
      if (product.mediaIds.length + media.length > PRODUCT_MEDIA_LIMIT) {
        userErrors.push({ field: ["media"], message: `Products can have at most ${PRODUCT_MEDIA_LIMIT} media` });
      }
      if (userErrors.length) return { product: null, userErrors };

      if (title) product.title = title;
      if (handle) ctx.store.setHandle(ctx.shop, product, handle);
      if (patch.status) product.status = patch.status as ProductStatus;
      if (patch.productType != null) product.productType = patch.productType as string;
      if (patch.vendor != null) product.vendor = patch.vendor as string;
      if (patch.tags != null) product.tags = patch.tags as string[];
      if (patch.descriptionHtml != null) product.descriptionHtml = patch.descriptionHtml as string;
      for (const collectionId of join) {
        const collection = ctx.shop.collections.get(collectionId);
        if (collection && !collection.productIds.includes(product.id)) collection.productIds.push(product.id);
      }
      for (const collectionId of leave) {
        const collection = ctx.shop.collections.get(collectionId);
        if (collection) collection.productIds = collection.productIds.filter((p) => p !== product.id);
      }
      for (const [i, item] of media.entries()) {
        const source = sources[i]!;
        const content = await contentOf(ctx, source);
        const forced = ctx.takeForcedFileFailure();
        const filename = lastSegment(source.url);
        const file = ctx.store.createFile(ctx.shop, {
          filename: ctx.store.filenameTaken(ctx.shop, filename) ? withUuid(filename) : filename,
          alt: item.alt ?? "",
          sourceUrl: source.url,
          bytes: content.bytes,
          ...((forced ?? content.failure) ? { failure: forced ?? content.failure } : {}),
        });
        ctx.store.attach(ctx.shop, file, product);
      }
      product.updatedAt = ctx.store.iso();
      return { product, userErrors: [] };
    }),

    productVariantAppendMedia: r<
      unknown,
      { productId: string; variantMedia: { variantId: string; mediaIds: string[] }[] }
    >((_, { productId, variantMedia }, ctx) => variantMediaChange(ctx, productId, variantMedia, "append")),

    productVariantDetachMedia: r<
      unknown,
      { productId: string; variantMedia: { variantId: string; mediaIds: string[] }[] }
    >((_, { productId, variantMedia }, ctx) => variantMediaChange(ctx, productId, variantMedia, "detach")),

    productReorderMedia: r<unknown, { id: string; moves: { id: string; newPosition: string | number }[] }>(
      (_, { id, moves }, ctx) => {
        const product = ctx.shop.products.get(id);
        const fail = (errors: FieldError[]) => ({
          job: null,
          mediaUserErrors: errors,
          userErrors: errors.map(({ field, message }) => ({ field, message })),
        });
        if (!product)
          return fail([{ field: ["id"], code: "PRODUCT_DOES_NOT_EXIST", message: "Product does not exist" }]);
        const errors: FieldError[] = [];
        moves.forEach((move, i) => {
          if (!product.mediaIds.includes(move.id)) {
            errors.push({
              field: ["moves", String(i), "id"],
              code: "MEDIA_DOES_NOT_EXIST_ON_PRODUCT",
              message: `Media id ${move.id} does not exist on this product`,
            });
          }
          const position = Number(move.newPosition);
          if (!Number.isInteger(position) || position < 0) {
            errors.push({
              field: ["moves", String(i), "newPosition"],
              code: "INVALID",
              message: "Position is invalid",
            });
          }
        });
        if (errors.length) return fail(errors);
        // Moves apply in order; a position past the end moves the media last (Shopify clamps too).
        for (const move of moves) {
          const rest = product.mediaIds.filter((m) => m !== move.id);
          rest.splice(Math.min(Number(move.newPosition), rest.length), 0, move.id);
          product.mediaIds = rest;
        }
        product.updatedAt = ctx.store.iso();
        return {
          job: { __typename: "Job", id: ctx.store.newGid("Job"), done: false, query: {} },
          mediaUserErrors: [],
          userErrors: [],
        };
      },
    ),
  },
};

/**
 * A product option as the schema returns it: `values` are the values some variant uses, `optionValues` all of
 * them, each knowing whether a variant uses it; a swatch image is the MediaImage it names.
 */
function optionView(ctx: ResolverContext, product: ProductRecord, option: ProductOptionRecord) {
  const used = new Set(
    product.variantIds.flatMap(
      (id) =>
        ctx.shop.variants
          .get(id)
          ?.selectedOptions.filter((selected) => selected.name === option.name)
          .map((selected) => selected.value) ?? [],
    ),
  );
  const valueView = (value: ProductOptionValueRecord) => ({
    __typename: value.__typename,
    id: value.id,
    name: value.name,
    hasVariants: used.has(value.name),
    linkedMetafieldValue: value.linkedMetafieldValue,
    swatch: value.swatch && {
      color: value.swatch.color,
      image: value.swatch.imageFileId ? (ctx.shop.files.get(value.swatch.imageFileId) ?? null) : null,
    },
  });
  return {
    __typename: option.__typename,
    id: option.id,
    name: option.name,
    position: option.position,
    linkedMetafield: option.linkedMetafield,
    values: option.optionValues.filter((value) => used.has(value.name)).map((value) => value.name),
    optionValues: option.optionValues.map(valueView),
  };
}

function failuresOf(ctx: ResolverContext, file: FileRecord): FileFailure[] {
  return ctx.store.fileStatus(file) === "FAILED" && file.outcome.status === "FAILED" ? [file.outcome.failure] : [];
}

/**
 * productVariantAppendMedia / productVariantDetachMedia. A variant holds one media item: appending to a
 * variant that has one is PRODUCT_VARIANT_ALREADY_HAS_MEDIA, more than one id per pair TOO_MANY_MEDIA_PER_INPUT_PAIR.
 */
function variantMediaChange(
  ctx: ResolverContext,
  productId: string,
  variantMedia: { variantId: string; mediaIds: string[] }[],
  change: "append" | "detach",
) {
  const product = ctx.shop.products.get(productId);
  if (!product) {
    return {
      product: null,
      productVariants: null,
      userErrors: [{ field: ["productId"], code: "PRODUCT_DOES_NOT_EXIST", message: "Product does not exist" }],
    };
  }
  const userErrors: FieldError[] = [];
  const seen = new Set<string>();
  const planned: { variant: VariantRecord; mediaIds: string[] }[] = [];
  variantMedia.forEach((pair, i) => {
    const field = (name: string) => ["variantMedia", String(i), name];
    const variant = ctx.shop.variants.get(pair.variantId);
    if (!variant || variant.productId !== product.id) {
      userErrors.push({
        field: field("variantId"),
        code: "PRODUCT_VARIANT_DOES_NOT_EXIST_ON_PRODUCT",
        message: `Variant ${pair.variantId} does not exist on this product`,
      });
      return;
    }
    if (seen.has(variant.id)) {
      userErrors.push({
        field: field("variantId"),
        code: "PRODUCT_VARIANT_SPECIFIED_MULTIPLE_TIMES",
        message: "Product variant is specified more than once",
      });
      return;
    }
    seen.add(variant.id);
    if (change === "append" && pair.mediaIds.length > 1) {
      userErrors.push({
        field: field("mediaIds"),
        code: "TOO_MANY_MEDIA_PER_INPUT_PAIR",
        message: "Only one media can be attached to a variant",
      });
      return;
    }
    for (const mediaId of pair.mediaIds) {
      const file = ctx.shop.files.get(mediaId);
      if (!file) {
        userErrors.push({
          field: field("mediaIds"),
          code: "MEDIA_DOES_NOT_EXIST",
          message: `Media id ${mediaId} does not exist`,
        });
      } else if (!product.mediaIds.includes(mediaId)) {
        userErrors.push({
          field: field("mediaIds"),
          code: "MEDIA_DOES_NOT_EXIST_ON_PRODUCT",
          message: `Media id ${mediaId} does not exist on this product`,
        });
      } else if (change === "append" && ctx.store.fileStatus(file) !== "READY") {
        userErrors.push({
          field: field("mediaIds"),
          code: "NON_READY_MEDIA",
          message: "Non-ready media cannot be attached to variants",
        });
      } else if (change === "append" && variant.mediaIds.length > 0) {
        userErrors.push({
          field: field("variantId"),
          code: "PRODUCT_VARIANT_ALREADY_HAS_MEDIA",
          message: "Product variant already has attached media",
        });
      } else if (change === "detach" && !variant.mediaIds.includes(mediaId)) {
        userErrors.push({
          field: field("mediaIds"),
          code: "MEDIA_IS_NOT_ATTACHED_TO_VARIANT",
          message: `Media id ${mediaId} is not attached to this variant`,
        });
      }
    }
    planned.push({ variant, mediaIds: pair.mediaIds });
  });
  const attachRequests =
    change === "append"
      ? variantMedia.flatMap((pair) => pair.mediaIds.map((id) => logAttachRequest(ctx, id, "variant", pair.variantId)))
      : [];
  if (userErrors.length) {
    for (const request of attachRequests) request.outcome = "refused";
    return { product: null, productVariants: null, userErrors };
  }
  for (const { variant, mediaIds } of planned) {
    variant.mediaIds = change === "append" ? [...mediaIds] : variant.mediaIds.filter((m) => !mediaIds.includes(m));
    variant.updatedAt = ctx.store.iso();
  }
  return { product, productVariants: planned.map((p) => p.variant), userErrors: [] };
}

/** Records an attach request as applied; the caller marks it refused or already attached. */
function logAttachRequest(
  ctx: ResolverContext,
  fileId: string,
  kind: AttachRequestRecord["kind"],
  targetId: string,
): AttachRequestRecord {
  const request: AttachRequestRecord = {
    at: ctx.store.now(),
    shop: ctx.shop.record.myshopifyDomain,
    fileId,
    kind,
    targetId,
    outcome: "attached",
  };
  ctx.store.attachRequests.push(request);
  return request;
}

/** `fileSize` as declared (UnsignedInt64, sent as a string): null when absent, undefined when not a size. */
function declaredSize(value: string | number | null | undefined): number | null | undefined {
  if (value === null || value === undefined) return null;
  const size = Number(value);
  return Number.isSafeInteger(size) && size >= 0 ? size : undefined;
}
