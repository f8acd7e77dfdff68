import { z } from "zod";
import { readPath } from "./status";
import { catalogItemSchema, type CatalogWireItem } from "./wire";

/** A mannequin, pose or background as listed by the service. Only `id` is certain (spec part 2). */
export interface CatalogEntry {
  id: string;
  name?: string;
  thumbnailUrl?: string;
  /** Poses only: the product types the pose suits, when the service says. */
  productTypes?: string[];
  /** The listed record as received, for fields this client does not name. */
  raw: Record<string, unknown>;
}

export type CatalogKind = "mannequins" | "poses" | "backgrounds";

/** Where the list sits in the answer when no `itemsPath` is configured: the shapes real APIs use. */
function findListIn(body: unknown, kind: CatalogKind): unknown {
  if (Array.isArray(body)) return body;
  for (const path of ["data", "data.items", `data.${kind}`, "items", kind, "results", "data.results"]) {
    const candidate = readPath(body, path);
    if (Array.isArray(candidate)) return candidate;
  }
  return undefined;
}

function toEntry(item: CatalogWireItem, baseUrl: string): CatalogEntry {
  const thumbnail = item.thumbnail_url ?? item.thumbnail ?? item.image_url ?? item.preview_url;
  const productTypes = item.product_types ?? (item.product_type !== undefined ? [item.product_type] : undefined);
  let thumbnailUrl: string | undefined;
  if (thumbnail !== undefined) {
    try {
      thumbnailUrl = new URL(thumbnail, baseUrl).toString();
    } catch {
      thumbnailUrl = undefined;
    }
  }
  return {
    id: item.id,
    ...(item.name !== undefined && { name: item.name }),
    ...(thumbnailUrl !== undefined && { thumbnailUrl }),
    ...(productTypes !== undefined && { productTypes }),
    raw: item,
  };
}

/** Parses a listing answer; throws a plain Error naming what is missing when the shape is not a list of ids. */
export function parseCatalogList(
  body: unknown,
  kind: CatalogKind,
  baseUrl: string,
  itemsPath?: string,
): CatalogEntry[] {
  const list = itemsPath !== undefined ? readPath(body, itemsPath) : findListIn(body, kind);
  const parsed = z.array(catalogItemSchema).safeParse(list);
  if (!parsed.success) {
    const where = itemsPath ?? "data (or data.items, items, a bare array)";
    throw new Error(`the ${kind} listing has no list of records with an id at ${where}`);
  }
  return parsed.data.map((item) => toEntry(item, baseUrl));
}

export const DEFAULT_CATALOG_TTL_MS = 10 * 60 * 1000;

interface CacheEntry {
  expiresAt: number;
  value: Promise<CatalogEntry[]>;
}

/**
 * Listings cached per API key (by fingerprint, never the key itself) with a TTL. Concurrent callers share one request;
 * a failed request is not cached, so the next caller asks again. See docs/decisions/012-catalog-cache.md.
 */
export class CatalogCache {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: { ttlMs?: number; now?: () => number } = {}) {
    this.ttlMs = options.ttlMs ?? DEFAULT_CATALOG_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  getOrLoad(key: string, load: () => Promise<CatalogEntry[]>): Promise<CatalogEntry[]> {
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    const value = load();
    const entry = { expiresAt: now + this.ttlMs, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Drops every listing cached for keys starting with `prefix` (all when omitted). */
  invalidate(prefix = ""): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

/** Shared by every client in the process, so clients created per request still hit the cache for their key. */
export const sharedCatalogCache = new CatalogCache();
