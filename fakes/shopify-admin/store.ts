/**
 * The fake Admin API's in-memory state: shops, and per shop its products (with variants and media),
 * collections, files and staged uploads. Resolvers change it only through the methods here, and tests seed and
 * inspect it through the same methods, so both see one consistent model:
 *
 * - a product's media are files (MediaImage) that reference it, in `product.mediaIds` order; attaching a file
 *   appends it, detaching or deleting the file removes it from the product and from its variants;
 * - a file's status follows a timeline on the injected clock: UPLOADED at creation, PROCESSING after
 *   `uploadedMs`, then READY (or FAILED) after `processingMs` more; `settleFiles()` ends every timeline now.
 */
import { randomUUID } from "node:crypto";
import { gid, parseGid, type GidType } from "./ids";
import { makePng, sniffImage } from "./images";
import { LeakyBucket, STANDARD_PLAN, type BucketPlan } from "./bucket";
import type { BulkOperationRecord } from "./bulk";

export type ProductStatus = "ACTIVE" | "ARCHIVED" | "DRAFT" | "UNLISTED";
export type FileStatus = "UPLOADED" | "PROCESSING" | "READY" | "FAILED";

export interface ShopRecord {
  __typename: "Shop";
  id: string;
  name: string;
  myshopifyDomain: string;
  email: string;
  currencyCode: string;
  ianaTimezone: string;
  /** The shop's languages (`shopLocales`), the primary first; a test changes them to try another language. */
  locales: Array<{ locale: string; name: string; primary: boolean; published: boolean }>;
}

export interface ProductRecord {
  __typename: "Product";
  id: string;
  title: string;
  handle: string;
  status: ProductStatus;
  productType: string;
  vendor: string;
  tags: string[];
  descriptionHtml: string;
  createdAt: string;
  updatedAt: string;
  mediaIds: string[];
  variantIds: string[];
  /** Shopify's Standard Product Taxonomy category, or null (uncategorized). */
  category: TaxonomyCategoryRecord | null;
  /** In position order. */
  options: ProductOptionRecord[];
  isGiftCard: boolean;
}

/**
 * A category of Shopify's Standard Product Taxonomy as `Product.category` returns it. Ids are paths
 * (`aa-1-13-8` is under `aa-1-13`), so the parent, ancestors and level follow from the id and the name from the
 * full name. Children cannot be derived: null unless the seed lists them, and then `childrenIds` and `isLeaf` are
 * errors rather than invented answers.
 */
export interface TaxonomyCategoryRecord {
  __typename: "TaxonomyCategory";
  id: string;
  name: string;
  fullName: string;
  level: number;
  isRoot: boolean;
  parentId: string | null;
  /** Nearest first (fake: Shopify does not document the order). */
  ancestorIds: string[];
  childrenIds: string[] | null;
  isArchived: boolean;
}

export interface ProductOptionRecord {
  __typename: "ProductOption";
  id: string;
  name: string;
  position: number;
  linkedMetafield: { namespace: string; key: string } | null;
  optionValues: ProductOptionValueRecord[];
}

export interface ProductOptionValueRecord {
  __typename: "ProductOptionValue";
  id: string;
  name: string;
  /** For a value of a linked option: the metaobject it stands for (`gid://shopify/Metaobject/…`). */
  linkedMetafieldValue: string | null;
  /** A colour (`#RRGGBB`) and/or an image (a file id) shown as the value's swatch. */
  swatch: { color: string | null; imageFileId: string | null } | null;
}

export interface VariantRecord {
  __typename: "ProductVariant";
  id: string;
  productId: string;
  title: string;
  sku: string | null;
  price: string;
  position: number;
  selectedOptions: { name: string; value: string }[];
  mediaIds: string[];
  createdAt: string;
  updatedAt: string;
}

export interface CollectionRecord {
  __typename: "Collection";
  id: string;
  title: string;
  handle: string;
  descriptionHtml: string;
  updatedAt: string;
  productIds: string[];
}

export interface FileFailure {
  code: string;
  message: string;
  details: string | null;
}

export interface FileRecord {
  __typename: "MediaImage";
  id: string;
  alt: string;
  filename: string;
  mimeType: string;
  /** The URL it was created from (a staged upload's resourceUrl or an external URL). */
  sourceUrl: string | null;
  bytes: Uint8Array | null;
  width: number | null;
  height: number | null;
  createdAt: string;
  updatedAt: string;
  /** Clock times (ms) at which the file becomes PROCESSING and then settles on `outcome`. */
  processingAt: number;
  settledAt: number;
  outcome: { status: "READY" } | { status: "FAILED"; failure: FileFailure };
  /** Products that reference the file (it is their media). */
  productIds: string[];
}

export interface StagedUploadRecord {
  key: string;
  shop: string;
  filename: string;
  mimeType: string;
  httpMethod: "PUT" | "POST";
  resource: string;
  resourceUrl: string;
  signature: string;
  createdAt: number;
  /** The size declared to stagedUploadsCreate (`fileSize`): the signed target accepts exactly this many bytes. */
  fileSize: number | null;
  upload: { bytes: Uint8Array; contentType: string | null; at: number } | null;
}

/**
 * One request to make a file product or variant media (fileUpdate referencesToAdd, productVariantAppendMedia),
 * whatever came of it: a second request for the same file and target is visible here even though Shopify
 * (and the fake) leave the media attached once.
 */
export interface AttachRequestRecord {
  at: number;
  shop: string;
  fileId: string;
  kind: "product" | "variant";
  targetId: string;
  outcome: "attached" | "already-attached" | "refused";
}

export interface ShopState {
  record: ShopRecord;
  number: number;
  bucket: LeakyBucket;
  products: Map<string, ProductRecord>;
  variants: Map<string, VariantRecord>;
  collections: Map<string, CollectionRecord>;
  files: Map<string, FileRecord>;
  /** Product ids by handle: handles are unique per shop, and a catalog of thousands must not scan for each. */
  handles: Map<string, string>;
  bulkOperations: Map<string, BulkOperationRecord>;
}

export interface SeedImage {
  filename?: string;
  alt?: string;
  /** Real image bytes; without them the CDN serves a grey PNG of width × height. */
  bytes?: Uint8Array;
  width?: number;
  height?: number;
  /** Default READY. Anything else starts a timeline, as for a file created through the API. */
  status?: FileStatus;
}

export interface SeedVariant {
  title: string;
  sku?: string;
  price?: string;
  selectedOptions?: { name: string; value: string }[];
  /** Index into the product's `images` to attach to this variant. */
  imageIndex?: number;
}

/** A taxonomy category by its id and English full name ("Apparel & Accessories > Clothing > Dresses"). */
export interface SeedCategory {
  id: string;
  fullName: string;
  /** The category's children, if the seed knows them (without them `childrenIds` and `isLeaf` are errors). */
  childrenIds?: string[];
  isArchived?: boolean;
}

export interface SeedOptionValue {
  name: string;
  /** `color` as `#RRGGBB`; `imageIndex` into the product's `images`. */
  swatch?: { color?: string; imageIndex?: number };
  /** For a value of an option linked to a metafield (shopify.color-pattern): `gid://shopify/Metaobject/<n>`. */
  linkedMetafieldValue?: string;
}

export interface SeedOption {
  name: string;
  /** e.g. `{ namespace: "shopify", key: "color-pattern" }`: the option's values come from that metafield. */
  linkedMetafield?: { namespace: string; key: string };
  /** In order; a value no variant uses is allowed (hasVariants false). */
  values: Array<string | SeedOptionValue>;
}

export interface SeedProduct {
  title: string;
  handle?: string;
  status?: ProductStatus;
  productType?: string;
  vendor?: string;
  tags?: string[];
  descriptionHtml?: string;
  images?: SeedImage[];
  /** Default: the single "Default Title" variant every Shopify product has. */
  variants?: SeedVariant[];
  category?: SeedCategory | null;
  /** Default: what the variants' selectedOptions name, in order of first use, as Shopify derives them. */
  options?: SeedOption[];
  giftCard?: boolean;
}

export interface SeedCollection {
  title: string;
  handle?: string;
  productIds?: string[];
}

export interface NewFileInput {
  filename: string;
  alt: string;
  sourceUrl: string | null;
  bytes: Uint8Array | null;
  mimeType?: string;
  width?: number | null;
  height?: number | null;
  /** Ends FAILED instead of READY. */
  failure?: FileFailure;
  /** Skip the timeline (seeds). */
  settled?: boolean;
}

/** A product's media as a test reads it. */
export interface MediaSnapshot {
  id: string;
  alt: string;
  filename: string;
  status: FileStatus;
  url: string | null;
}

export interface StoreOptions {
  now: () => number;
  cdnOrigin: () => string;
  defaultPlan: BucketPlan;
  fileTimeline: { uploadedMs: number; processingMs: number };
  /** How long a created file stays out of `files(query:)` results, as Shopify's search index lags. */
  fileSearchDelayMs: number;
}

export const PRODUCT_MEDIA_LIMIT = 250;
/** Shopify's limit for an image file. */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;

export class FakeAdminStore {
  private readonly shops = new Map<string, ShopState>();
  private readonly stagedUploads = new Map<string, StagedUploadRecord>();
  private nextNumber = 1001;
  /** Every attach request, in order (see AttachRequestRecord). */
  readonly attachRequests: AttachRequestRecord[] = [];

  constructor(private readonly options: StoreOptions) {}

  /** Whether file search (`files(query:)`) shows the file yet: not until fileSearchDelayMs after its creation. */
  searchable(file: FileRecord): boolean {
    return Date.parse(file.createdAt) + this.options.fileSearchDelayMs <= this.options.now();
  }

  /** Attach requests per file id (of one shop and kind, if given): more than one means the same file was sent twice. */
  attachRequestsPerFile(filter: { shop?: string; kind?: AttachRequestRecord["kind"] } = {}): Map<string, number> {
    const counts = new Map<string, number>();
    for (const request of this.attachRequests) {
      if (filter.shop && request.shop !== normalizeShop(filter.shop)) continue;
      if (filter.kind && request.kind !== filter.kind) continue;
      counts.set(request.fileId, (counts.get(request.fileId) ?? 0) + 1);
    }
    return counts;
  }

  // ----- shops -------------------------------------------------------------------------------------------

  addShop(input: { domain: string; name?: string; email?: string; plan?: Partial<BucketPlan> }): ShopRecord {
    const domain = normalizeShop(input.domain);
    if (this.shops.has(domain)) throw new Error(`fake-admin: shop ${domain} already exists`);
    const number = this.next();
    const record: ShopRecord = {
      __typename: "Shop",
      id: gid("Shop", number),
      name: input.name ?? domain.replace(/\.myshopify\.com$/, ""),
      myshopifyDomain: domain,
      email: input.email ?? `owner@${domain}`,
      currencyCode: "EUR",
      ianaTimezone: "Europe/Paris",
      locales: [{ locale: "en", name: "English", primary: true, published: true }],
    };
    this.shops.set(domain, {
      record,
      number,
      bucket: new LeakyBucket({ ...this.options.defaultPlan, ...input.plan }, this.options.now),
      products: new Map(),
      variants: new Map(),
      collections: new Map(),
      files: new Map(),
      handles: new Map(),
      bulkOperations: new Map(),
    });
    return record;
  }

  hasShop(domain: string): boolean {
    return this.shops.has(normalizeShop(domain));
  }

  shop(domain: string): ShopState {
    const state = this.shops.get(normalizeShop(domain));
    if (!state) throw new Error(`fake-admin: unknown shop ${domain}; call store.addShop first`);
    return state;
  }

  // ----- seeding ------------------------------------------------------------------------------------------

  /** Adds a product with its images (as READY media) and variants; returns the stored record. */
  addProduct(shopDomain: string, input: SeedProduct): ProductRecord {
    const shop = this.shop(shopDomain);
    const at = this.iso();
    const product: ProductRecord = {
      __typename: "Product",
      id: gid("Product", this.next()),
      title: input.title,
      handle: this.uniqueHandle(shop, input.handle ?? slugify(input.title)),
      status: input.status ?? "ACTIVE",
      productType: input.productType ?? "",
      vendor: input.vendor ?? shop.record.name,
      tags: input.tags ?? [],
      descriptionHtml: input.descriptionHtml ?? "",
      createdAt: at,
      updatedAt: at,
      mediaIds: [],
      variantIds: [],
      category: input.category ? taxonomyCategoryOf(input.category) : null,
      options: [],
      isGiftCard: input.giftCard ?? false,
    };
    shop.products.set(product.id, product);
    shop.handles.set(product.handle, product.id);

    const media = (input.images ?? []).map((image, index) => {
      const file = this.createFile(shop, {
        filename: image.filename ?? `${product.handle}-${index + 1}.png`,
        alt: image.alt ?? "",
        sourceUrl: null,
        bytes: image.bytes ?? null,
        width: image.width ?? 1200,
        height: image.height ?? 1600,
        settled: (image.status ?? "READY") === "READY",
        ...(image.status === "FAILED"
          ? { failure: { code: "IMAGE_PROCESSING_FAILURE", message: "Image processing failed", details: null } }
          : {}),
      });
      this.attach(shop, file, product);
      return file;
    });

    const variants = input.variants?.length
      ? input.variants
      : [{ title: "Default Title", selectedOptions: [{ name: "Title", value: "Default Title" }] }];
    variants.forEach((seed, index) => {
      const variant: VariantRecord = {
        __typename: "ProductVariant",
        id: gid("ProductVariant", this.next()),
        productId: product.id,
        title: seed.title,
        sku: seed.sku ?? null,
        price: seed.price ?? "0.00",
        position: index + 1,
        selectedOptions: seed.selectedOptions ?? [{ name: "Title", value: seed.title }],
        mediaIds: [],
        createdAt: at,
        updatedAt: at,
      };
      const image = seed.imageIndex === undefined ? undefined : media[seed.imageIndex];
      if (seed.imageIndex !== undefined && !image)
        throw new Error(`fake-admin: no image ${seed.imageIndex} for ${seed.title}`);
      if (image) variant.mediaIds.push(image.id);
      shop.variants.set(variant.id, variant);
      product.variantIds.push(variant.id);
    });
    product.options = this.optionsOf(
      input.options ?? optionsUsedBy(product.variantIds.flatMap((id) => shop.variants.get(id) ?? [])),
      media,
      product.title,
    );
    for (const id of product.variantIds) {
      for (const selected of shop.variants.get(id)?.selectedOptions ?? []) {
        const option = product.options.find((o) => o.name === selected.name);
        if (!option?.optionValues.some((value) => value.name === selected.value))
          throw new Error(`fake-admin: ${product.title} has no option value ${selected.name}: ${selected.value}`);
      }
    }
    return product;
  }

  /** The product's option records; a variant choosing an option or value the seed does not list is a seed error. */
  private optionsOf(seeds: SeedOption[], media: FileRecord[], title: string): ProductOptionRecord[] {
    return seeds.map((seed, index) => ({
      __typename: "ProductOption",
      id: gid("ProductOption", this.next()),
      name: seed.name,
      position: index + 1,
      linkedMetafield: seed.linkedMetafield ?? null,
      optionValues: seed.values.map((value) => {
        const { name, swatch, linkedMetafieldValue } = typeof value === "string" ? { name: value } : value;
        if (swatch?.color !== undefined && !/^#[0-9a-f]{6}$/i.test(swatch.color))
          throw new Error(`fake-admin: swatch colour ${swatch.color} of ${title} / ${name} is not #RRGGBB`);
        const image = swatch?.imageIndex === undefined ? undefined : media[swatch.imageIndex];
        if (swatch?.imageIndex !== undefined && !image)
          throw new Error(`fake-admin: no image ${swatch.imageIndex} for the swatch of ${title} / ${name}`);
        return {
          __typename: "ProductOptionValue" as const,
          id: gid("ProductOptionValue", this.next()),
          name,
          linkedMetafieldValue: linkedMetafieldValue ?? null,
          swatch: swatch ? { color: swatch.color ?? null, imageFileId: image?.id ?? null } : null,
        };
      }),
    }));
  }

  addCollection(shopDomain: string, input: SeedCollection): CollectionRecord {
    const shop = this.shop(shopDomain);
    for (const id of input.productIds ?? []) {
      if (!shop.products.has(id)) throw new Error(`fake-admin: no product ${id} in ${shopDomain}`);
    }
    const collection: CollectionRecord = {
      __typename: "Collection",
      id: gid("Collection", this.next()),
      title: input.title,
      handle: input.handle ?? slugify(input.title),
      descriptionHtml: "",
      updatedAt: this.iso(),
      productIds: [...(input.productIds ?? [])],
    };
    shop.collections.set(collection.id, collection);
    return collection;
  }

  /** A file in the shop's Files, referenced by nothing. */
  addFile(shopDomain: string, input: SeedImage & { filename: string }): FileRecord {
    const shop = this.shop(shopDomain);
    return this.createFile(shop, {
      filename: input.filename,
      alt: input.alt ?? "",
      sourceUrl: null,
      bytes: input.bytes ?? null,
      width: input.width ?? null,
      height: input.height ?? null,
      settled: (input.status ?? "READY") === "READY",
      ...(input.status === "FAILED"
        ? { failure: { code: "IMAGE_PROCESSING_FAILURE", message: "Image processing failed", details: null } }
        : {}),
    });
  }

  /** Deletes a product as a merchant would in the admin: its variants go, its files stay in Files unreferenced. */
  removeProduct(shopDomain: string, productId: string): void {
    const shop = this.shop(shopDomain);
    const product = shop.products.get(productId);
    if (!product) throw new Error(`fake-admin: no product ${productId} in ${shopDomain}`);
    for (const variantId of product.variantIds) shop.variants.delete(variantId);
    for (const file of shop.files.values()) file.productIds = file.productIds.filter((id) => id !== productId);
    for (const collection of shop.collections.values()) {
      collection.productIds = collection.productIds.filter((id) => id !== productId);
    }
    shop.products.delete(productId);
    if (shop.handles.get(product.handle) === productId) shop.handles.delete(product.handle);
  }

  // ----- inspection ---------------------------------------------------------------------------------------

  product(shopDomain: string, id: string): ProductRecord | undefined {
    return this.shop(shopDomain).products.get(id);
  }

  products(shopDomain: string): ProductRecord[] {
    return [...this.shop(shopDomain).products.values()];
  }

  variant(shopDomain: string, id: string): VariantRecord | undefined {
    return this.shop(shopDomain).variants.get(id);
  }

  collection(shopDomain: string, id: string): CollectionRecord | undefined {
    return this.shop(shopDomain).collections.get(id);
  }

  file(shopDomain: string, id: string): FileRecord | undefined {
    return this.shop(shopDomain).files.get(id);
  }

  files(shopDomain: string): FileRecord[] {
    return [...this.shop(shopDomain).files.values()];
  }

  productMedia(shopDomain: string, productId: string): MediaSnapshot[] {
    const shop = this.shop(shopDomain);
    const product = shop.products.get(productId);
    if (!product) throw new Error(`fake-admin: no product ${productId} in ${shopDomain}`);
    return product.mediaIds.map((id) => {
      const file = shop.files.get(id)!;
      const status = this.fileStatus(file);
      return {
        id,
        alt: file.alt,
        filename: file.filename,
        status,
        url: status === "READY" ? this.imageUrl(shop, file) : null,
      };
    });
  }

  variantMediaIds(shopDomain: string, variantId: string): string[] {
    const variant = this.shop(shopDomain).variants.get(variantId);
    if (!variant) throw new Error(`fake-admin: no variant ${variantId} in ${shopDomain}`);
    return [...variant.mediaIds];
  }

  /** What was PUT/POSTed to a staged upload target, by its resourceUrl. */
  stagedUpload(resourceUrl: string): StagedUploadRecord | undefined {
    return [...this.stagedUploads.values()].find((s) => s.resourceUrl === resourceUrl);
  }

  // ----- files --------------------------------------------------------------------------------------------

  fileStatus(file: FileRecord): FileStatus {
    const now = this.options.now();
    if (now < file.processingAt) return "UPLOADED";
    if (now < file.settledAt) return "PROCESSING";
    return file.outcome.status;
  }

  /** Every shop's bulk operations (the fake re-paces those under way for a test). */
  allBulkOperations(): BulkOperationRecord[] {
    return [...this.shops.values()].flatMap((shop) => [...shop.bulkOperations.values()]);
  }

  /** Ends every pending file timeline now (READY, or FAILED where told so). */
  settleFiles(shopDomain?: string): void {
    const now = this.options.now();
    const shops = shopDomain ? [this.shop(shopDomain)] : [...this.shops.values()];
    for (const shop of shops) {
      for (const file of shop.files.values()) {
        file.processingAt = Math.min(file.processingAt, now);
        file.settledAt = Math.min(file.settledAt, now);
      }
    }
  }

  /** Makes a file end FAILED (immediately if it had already settled). */
  failFile(shopDomain: string, id: string, failure?: Partial<FileFailure>): void {
    const file = this.file(shopDomain, id);
    if (!file) throw new Error(`fake-admin: no file ${id} in ${shopDomain}`);
    file.outcome = {
      status: "FAILED",
      failure: {
        code: failure?.code ?? "IMAGE_PROCESSING_FAILURE",
        message: failure?.message ?? "Image processing failed",
        details: failure?.details ?? null,
      },
    };
  }

  createFile(shop: ShopState, input: NewFileInput): FileRecord {
    const now = this.options.now();
    const info = input.bytes ? sniffImage(input.bytes) : undefined;
    const { uploadedMs, processingMs } = this.options.fileTimeline;
    const at = this.iso();
    const file: FileRecord = {
      __typename: "MediaImage",
      id: gid("MediaImage", this.next()),
      alt: input.alt,
      filename: input.filename,
      mimeType: info?.mimeType ?? input.mimeType ?? mimeTypeOf(input.filename),
      sourceUrl: input.sourceUrl,
      bytes: input.bytes,
      width: info?.width ?? input.width ?? null,
      height: info?.height ?? input.height ?? null,
      createdAt: at,
      updatedAt: at,
      processingAt: input.settled ? now : now + uploadedMs,
      settledAt: input.settled ? now : now + uploadedMs + processingMs,
      outcome: input.failure ? { status: "FAILED", failure: input.failure } : { status: "READY" },
      productIds: [],
    };
    shop.files.set(file.id, file);
    return file;
  }

  filenameTaken(shop: ShopState, filename: string): boolean {
    return [...shop.files.values()].some((f) => f.filename === filename);
  }

  /** Appends the file to the product's media; a file already referenced stays where it is. */
  attach(shop: ShopState, file: FileRecord, product: ProductRecord): void {
    if (!file.productIds.includes(product.id)) file.productIds.push(product.id);
    if (!product.mediaIds.includes(file.id)) product.mediaIds.push(file.id);
    product.updatedAt = this.iso();
  }

  detach(shop: ShopState, file: FileRecord, product: ProductRecord): void {
    file.productIds = file.productIds.filter((id) => id !== product.id);
    product.mediaIds = product.mediaIds.filter((id) => id !== file.id);
    for (const variantId of product.variantIds) {
      const variant = shop.variants.get(variantId);
      if (variant) variant.mediaIds = variant.mediaIds.filter((id) => id !== file.id);
    }
    product.updatedAt = this.iso();
  }

  deleteFile(shop: ShopState, file: FileRecord): void {
    for (const productId of [...file.productIds]) {
      const product = shop.products.get(productId);
      if (product) this.detach(shop, file, product);
    }
    shop.files.delete(file.id);
  }

  imageUrl(shop: ShopState, file: FileRecord): string {
    const version = Math.floor(Date.parse(file.updatedAt) / 1000);
    return `${this.options.cdnOrigin()}/s/files/1/${shop.number}/files/${encodeURIComponent(
      file.filename,
    )}?v=${version}`;
  }

  /** The shop whose number (as in CDN and bulk result paths) this is. */
  shopByNumber(number: number): ShopState | undefined {
    return [...this.shops.values()].find((s) => s.number === number);
  }

  /** The bytes the CDN serves for a READY file's URL path, or undefined. */
  cdnContent(pathname: string): { bytes: Uint8Array; mimeType: string } | undefined {
    const match = /^\/s\/files\/1\/(\d+)\/files\/([^/]+)$/.exec(pathname);
    if (!match) return undefined;
    const shop = [...this.shops.values()].find((s) => String(s.number) === match[1]);
    const filename = decodeURIComponent(match[2] ?? "");
    const file = shop && [...shop.files.values()].find((f) => f.filename === filename);
    if (!file || this.fileStatus(file) !== "READY") return undefined;
    return {
      bytes: file.bytes ?? makePng(file.width ?? 1, file.height ?? 1),
      mimeType: file.bytes ? file.mimeType : "image/png",
    };
  }

  // ----- staged uploads -----------------------------------------------------------------------------------

  addStagedUpload(record: StagedUploadRecord): void {
    this.stagedUploads.set(record.key, record);
  }

  stagedUploadByKey(key: string): StagedUploadRecord | undefined {
    return this.stagedUploads.get(key);
  }

  // ----- lookups used by resolvers --------------------------------------------------------------------------

  /** Any node of the shop by gid, or null (also for a gid of a type the fake does not model). */
  node(
    shop: ShopState,
    id: string,
  ): ShopRecord | ProductRecord | VariantRecord | CollectionRecord | FileRecord | BulkOperationRecord | null {
    const parsed = parseGid(id);
    switch (parsed?.type) {
      case "Shop":
        return shop.record.id === id ? shop.record : null;
      case "Product":
        return shop.products.get(id) ?? null;
      case "ProductVariant":
        return shop.variants.get(id) ?? null;
      case "Collection":
        return shop.collections.get(id) ?? null;
      case "MediaImage":
        return shop.files.get(id) ?? null;
      case "BulkOperation":
        return shop.bulkOperations.get(id) ?? null;
      default:
        return null;
    }
  }

  uniqueHandle(shop: ShopState, wanted: string, exceptProductId?: string): string {
    const taken = (handle: string) => {
      const owner = shop.handles.get(handle);
      return owner !== undefined && owner !== exceptProductId;
    };
    if (!taken(wanted)) return wanted;
    for (let n = 1; ; n++) if (!taken(`${wanted}-${n}`)) return `${wanted}-${n}`;
  }

  /** Changes a product's handle (already checked unique), keeping the index in step. */
  setHandle(shop: ShopState, product: ProductRecord, handle: string): void {
    if (shop.handles.get(product.handle) === product.id) shop.handles.delete(product.handle);
    product.handle = handle;
    shop.handles.set(handle, product.id);
  }

  next(): number {
    return this.nextNumber++;
  }

  newGid(type: GidType): string {
    return gid(type, this.next());
  }

  now(): number {
    return this.options.now();
  }

  iso(): string {
    return new Date(this.options.now()).toISOString();
  }
}

const TAXONOMY_GID = "gid://shopify/TaxonomyCategory/";

/** The category as Product.category returns it, derived from its id (a path) and its full name. */
export function taxonomyCategoryOf(seed: SeedCategory): TaxonomyCategoryRecord {
  const path = seed.id.startsWith(TAXONOMY_GID) ? seed.id.slice(TAXONOMY_GID.length) : seed.id;
  if (!/^[a-z]{2}(-\d+)*$/.test(path)) throw new Error(`fake-admin: ${seed.id} is not a taxonomy category id`);
  const names = seed.fullName.split(" > ").map((name) => name.trim());
  const segments = path.split("-");
  if (names.length !== segments.length || names.some((name) => !name))
    throw new Error(`fake-admin: "${seed.fullName}" has ${names.length} levels but ${seed.id} has ${segments.length}`);
  const ancestorIds = segments
    .slice(0, -1)
    .map((_, index) => `${TAXONOMY_GID}${segments.slice(0, index + 1).join("-")}`)
    .reverse();
  return {
    __typename: "TaxonomyCategory",
    id: `${TAXONOMY_GID}${path}`,
    name: names.at(-1)!,
    fullName: names.join(" > "),
    level: segments.length,
    isRoot: segments.length === 1,
    parentId: ancestorIds[0] ?? null,
    ancestorIds,
    childrenIds: seed.childrenIds?.map((id) => (id.startsWith(TAXONOMY_GID) ? id : `${TAXONOMY_GID}${id}`)) ?? null,
    isArchived: seed.isArchived ?? false,
  };
}

/** Options as Shopify derives them from variants: each name in order of first use, its values likewise. */
function optionsUsedBy(variants: VariantRecord[]): SeedOption[] {
  const options: SeedOption[] = [];
  for (const variant of variants) {
    for (const { name, value } of variant.selectedOptions) {
      let option = options.find((o) => o.name === name);
      if (!option) options.push((option = { name, values: [] }));
      if (!option.values.includes(value)) option.values.push(value);
    }
  }
  return options;
}

export function normalizeShop(domain: string): string {
  return domain.trim().toLowerCase();
}

export function slugify(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || `product-${randomUUID().slice(0, 8)}`
  );
}

export function mimeTypeOf(filename: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  switch (extension) {
    case "jpg":
    case "jpeg":
      return "image/jpeg";
    case "png":
      return "image/png";
    case "gif":
      return "image/gif";
    case "webp":
      return "image/webp";
    default:
      return "application/octet-stream";
  }
}

export { STANDARD_PLAN };
