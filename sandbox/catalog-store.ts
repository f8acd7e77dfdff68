import { readFile } from "node:fs/promises";
import { basename, extname, isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { linkedMetafieldOf, type CatalogProduct } from "~/catalog/product-csv";
import type { FakeAdminApi } from "../fakes/shopify-admin/fake-admin";
import type { ProductStatus, SeedCategory, SeedImage, SeedOption, SeedVariant } from "../fakes/shopify-admin/store";
import { colourOfName } from "./colour-names";
import { DEMO_SHOP, DEMO_SHOP_NAME, type SeededStore } from "./demo-store";
import { demoPhoto, type GarmentShape } from "./demo-images";

/**
 * A Shopify product CSV export loaded as the sandbox's store (`npm run sandbox -- --catalog FILE`, docs/sandbox.md):
 * its products with their categories, types, tags, options and variants; a collection per type and per tag, and
 * "All products"; and their images. Nothing is fetched: an image given as a local path (absolute, relative to the
 * CSV's folder, or file://) is used as it is, and an image URL becomes a drawn placeholder.
 */

export interface SeededCatalogStore extends SeededStore {
  /** Products by handle. */
  products: Record<string, string>;
  /** Collections by `all`, `type:<Type>` and `tag:<tag>`. */
  collections: Record<string, string>;
  /** What could not be loaded as the file says, in words (shown when the sandbox starts). */
  notes: string[];
}

export interface CatalogStoreOptions {
  /** The folder relative image paths are read from: the CSV's own. */
  baseDir: string;
  /** Where drawn placeholders are cached between starts; null draws them every time. */
  cacheDir: string | null;
  /** Reads a local image; a test can give the bytes. Default: the file system. */
  readImage?: (path: string) => Promise<Uint8Array>;
}

export const ALL_PRODUCTS_TITLE = "All products";
/** Metaobject ids for linked option values: made up, as the sandbox has no metaobjects. */
const FIRST_METAOBJECT = 900_001;
/** A placeholder for a product whose text names no colour. */
const NEUTRAL = "#b8b2a7";

/**
 * The shape a placeholder is drawn in, from the category's id when the file gives one (ids are paths: aa-1-4 and
 * everything under it are dresses; bags, shoes, jewellery and gift cards have shapes too); a tee otherwise. A drawing only: the app decides what a product is by itself.
 */
const SHAPES: Array<[prefix: string, shape: GarmentShape]> = [
  ["aa-1-4", "dress"],
  ["aa-1-22", "dress"],
  ["aa-1-15", "skirt"],
  ["aa-1-12-4", "jeans"],
  ["aa-1-12", "trousers"],
  ["aa-1-14", "trousers"],
  ["aa-1-10", "coat"],
  ["aa-1-13-13", "hoodie"],
  ["aa-1-13-7", "shirt"],
  ["aa-1-13-1", "shirt"],
  ["aa-1-13-9", "tank"],
  ["aa-5", "bag"],
  ["lb", "bag"],
  ["aa-8", "shoes"],
  ["aa-6", "necklace"],
  ["gc", "gift_card"],
];

function shapeOf(product: CatalogProduct): GarmentShape {
  const id = product.category?.id?.split("/").pop() ?? "";
  return SHAPES.find(([prefix]) => id === prefix || id.startsWith(`${prefix}-`))?.[1] ?? "tee";
}

const isUrl = (src: string) => /^https?:\/\//i.test(src);

function localPath(src: string, baseDir: string): string {
  if (src.startsWith("file://")) return fileURLToPath(src);
  return isAbsolute(src) ? src : resolve(baseDir, src);
}

/**
 * The category as the fake holds it: the id the app resolved from the name (the CSV carries only names, and the
 * app's table lists the categories that decide something, so a category it does not list becomes its nearest listed
 * ancestor, which decides the same), and the full name cut to that id's depth.
 */
function categoryOf(product: CatalogProduct, notes: string[]): SeedCategory | undefined {
  const category = product.category;
  if (!category) return undefined;
  if (!category.id || !category.fullName) {
    notes.push(
      `${product.handle}: category "${category.fullName ?? category.id}" not loaded (${category.id ? "an id without its name" : "a name the app's taxonomy table does not know"})`,
    );
    return undefined;
  }
  const depth = (category.id.split("/").pop() ?? "").split("-").length;
  const names = category.fullName.split(">").map((name) => name.trim());
  return { id: category.id, fullName: names.slice(0, depth).join(" > ") };
}

export async function seedCatalogStore(
  fake: FakeAdminApi,
  products: readonly CatalogProduct[],
  options: CatalogStoreOptions,
): Promise<SeededCatalogStore> {
  const readImage = options.readImage ?? (async (path: string) => new Uint8Array(await readFile(path)));
  fake.store.addShop({ domain: DEMO_SHOP, name: DEMO_SHOP_NAME, email: "staff@model-shots-demo.example" });
  const notes: string[] = [];
  const usedFilenames = new Set<string>();
  let nextMetaobject = FIRST_METAOBJECT;
  const productIds: Record<string, string> = {};
  // By title, without case: a type and a tag with the same name ("Dresses", "dresses") make one collection.
  const collections = new Map<string, { title: string; keys: Set<string>; productIds: string[] }>();
  const addTo = (key: string, title: string, productId: string) => {
    const entry = collections.get(title.toLowerCase()) ?? { title, keys: new Set<string>(), productIds: [] };
    entry.keys.add(key);
    if (!entry.productIds.includes(productId)) entry.productIds.push(productId);
    collections.set(title.toLowerCase(), entry);
  };

  for (const product of products) {
    const images: SeedImage[] = [];
    for (const [index, image] of product.images.entries()) {
      const path = image.src.split("?")[0] ?? "";
      const filename = uniqueFilename(basename(path, extname(path)) || `${product.handle}-${index + 1}`, usedFilenames);
      if (!isUrl(image.src)) {
        const file = localPath(image.src, options.baseDir);
        const bytes = await readImage(file).catch(() => null);
        if (bytes) {
          images.push({ filename: `${filename}${extname(file).toLowerCase()}`, alt: image.alt ?? "", bytes });
          continue;
        }
        notes.push(`${product.handle}: image ${file} could not be read; a placeholder stands in`);
      }
      // The variant that shows this image names its colour best ("Sage"); then the alt text, then the title.
      const variantColour = product.variants
        .filter((variant) => variant.imageSrc === image.src)
        .flatMap((variant) => variant.selectedOptions.map((selected) => selected.value))
        .map(colourOfName)
        .find(Boolean);
      const color = variantColour ?? colourOfName(image.alt ?? "") ?? colourOfName(product.title) ?? NEUTRAL;
      const photo = await demoPhoto(
        { shape: shapeOf(product), color, format: "jpeg", width: 900, height: 1200 },
        options.cacheDir,
      );
      images.push({
        filename: `${filename}.jpg`,
        alt: image.alt ?? "",
        bytes: photo.bytes,
        width: photo.width,
        height: photo.height,
      });
    }

    const seedOptions: SeedOption[] = product.options.map((option) => {
      const linkedMetafield = linkedMetafieldOf(option.linkedTo) ?? undefined;
      if (!linkedMetafield) return { name: option.name, values: option.values };
      // A value of a linked option is a metaobject; colour-pattern ones carry a swatch colour.
      const swatched = linkedMetafield.namespace === "shopify" && linkedMetafield.key === "color-pattern";
      return {
        name: option.name,
        linkedMetafield,
        values: option.values.map((value) => {
          const color = swatched ? colourOfName(value) : null;
          if (swatched && !color) notes.push(`${product.handle}: no swatch colour known for "${value}"`);
          return {
            name: value,
            linkedMetafieldValue: `gid://shopify/Metaobject/${nextMetaobject++}`,
            ...(color ? { swatch: { color } } : {}),
          };
        }),
      };
    });
    const variants: SeedVariant[] = product.variants.map((variant) => {
      const imageIndex = variant.imageSrc ? product.images.findIndex((image) => image.src === variant.imageSrc) : -1;
      return {
        title: variant.selectedOptions.map((selected) => selected.value).join(" / ") || "Default Title",
        ...(variant.selectedOptions.length ? { selectedOptions: variant.selectedOptions } : {}),
        ...(variant.sku ? { sku: variant.sku } : {}),
        ...(variant.price ? { price: variant.price } : {}),
        ...(imageIndex >= 0 ? { imageIndex } : {}),
      };
    });
    const category = categoryOf(product, notes);
    const record = fake.store.addProduct(DEMO_SHOP, {
      title: product.title,
      handle: product.handle,
      status: product.status.toUpperCase() as ProductStatus,
      productType: product.productType,
      vendor: product.vendor || DEMO_SHOP_NAME,
      tags: product.tags,
      descriptionHtml: product.bodyHtml,
      images,
      giftCard: product.giftCard,
      ...(variants.length ? { variants } : {}),
      ...(seedOptions.length ? { options: seedOptions } : {}),
      ...(category ? { category } : {}),
    });
    productIds[product.handle] = record.id;
    addTo("all", ALL_PRODUCTS_TITLE, record.id);
    if (product.productType) addTo(`type:${product.productType}`, product.productType, record.id);
    for (const tag of product.tags) addTo(`tag:${tag}`, tag, record.id);
  }

  const collectionIds: Record<string, string> = {};
  for (const { title, keys, productIds: ids } of collections.values()) {
    const id = fake.store.addCollection(DEMO_SHOP, { title, productIds: ids }).id;
    for (const key of keys) collectionIds[key] = id;
  }
  return { shop: DEMO_SHOP, products: productIds, collections: collectionIds, notes };
}

/** A file name no other image of the shop has: the fake CDN serves files by name. */
function uniqueFilename(wanted: string, used: Set<string>): string {
  const base =
    wanted
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "image";
  let name = base;
  for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
  used.add(name);
  return name;
}
