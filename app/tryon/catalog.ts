import { LRUCache } from "lru-cache";
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
  /** Estimated size in memory; a placeholder until the listing arrives. */
  bytes: number;
}

/** Entries and bytes the shared cache may hold: a shop cycling keys and addresses cannot grow the process past them. */
export const CATALOG_CACHE_MAX_ENTRIES = 1_000;
export const CATALOG_CACHE_MAX_BYTES = 8 * 1024 * 1024;
const PENDING_BYTES = 1_024;

/** A listing's rough size in memory: its JSON, two bytes a character (strings are UTF-16), plus the record overhead. */
function estimateBytes(list: CatalogEntry[]): number {
  return JSON.stringify(list).length * 2 + list.length * 64;
}

/**
 * Listings cached per API key (by fingerprint, never the key itself) with a TTL. Concurrent callers share one request;
 * a failed request is not cached, so the next caller asks again. Least recently used listings go first past an entry
 * and a byte cap, and expired ones are purged. See docs/decisions/012-catalog-cache.md.
 */
export class CatalogCache {
  private readonly entries: LRUCache<string, CacheEntry>;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(options: { ttlMs?: number; now?: () => number; maxEntries?: number; maxBytes?: number } = {}) {
    this.ttlMs = options.ttlMs ?? DEFAULT_CATALOG_TTL_MS;
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache<string, CacheEntry>({
      max: options.maxEntries ?? CATALOG_CACHE_MAX_ENTRIES,
      maxSize: options.maxBytes ?? CATALOG_CACHE_MAX_BYTES,
      sizeCalculation: (entry) => entry.bytes,
    });
  }

  getOrLoad(key: string, load: () => Promise<CatalogEntry[]>): Promise<CatalogEntry[]> {
    const now = this.now();
    this.purgeExpired(now);
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    const value = load();
    if (this.ttlMs <= 0) return value;
    const entry: CacheEntry = { expiresAt: now + this.ttlMs, value, bytes: PENDING_BYTES };
    this.entries.set(key, entry);
    value.then(
      (list) => {
        // Now that its size is known, count it (a listing larger than the whole cap is not kept at all).
        // (A new object: the cache re-measures only a changed value.)
        if (this.entries.peek(key) === entry) this.entries.set(key, { ...entry, bytes: estimateBytes(list) });
      },
      () => {
        if (this.entries.peek(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /** Drops every listing cached for keys starting with `prefix` (all when omitted). */
  invalidate(prefix = ""): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  /** What the cache holds now, for tests and metrics. */
  usage(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }

  /** Expired listings are dropped, at most once a second, so an idle shop's listings do not sit in memory. */
  private purgeExpired(now: number): void {
    if (now - this.lastPurge < 1_000) return;
    this.lastPurge = now;
    for (const [key, entry] of this.entries.entries()) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

/** Shared by every client in the process, so clients created per request still hit the cache for their key. */
export const sharedCatalogCache = new CatalogCache();
