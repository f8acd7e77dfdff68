import { describe, expect, it } from "vitest";
import { CATALOG_CACHE_MAX_BYTES, CatalogCache, type CatalogEntry, parseCatalogList } from "./catalog";

const BASE = "https://tryon.example";

describe("listing shapes", () => {
  it("reads a list under data, data.items, data.<kind>, items or a bare array", () => {
    const item = { id: "m1", name: "Ava" };
    for (const body of [
      { data: [item] },
      { data: { items: [item] } },
      { data: { mannequins: [item] } },
      { items: [item] },
      [item],
    ]) {
      expect(parseCatalogList(body, "mannequins", BASE).map((entry) => entry.id)).toEqual(["m1"]);
    }
  });

  it("reads a configured items path, numeric ids and any of the usual thumbnail fields, made absolute", () => {
    const body = { result: { list: [{ id: 7, preview_url: "/thumbs/7.png", product_type: "top" }] } };
    const [entry] = parseCatalogList(body, "poses", BASE, "result.list");
    expect(entry).toMatchObject({ id: "7", thumbnailUrl: "https://tryon.example/thumbs/7.png", productTypes: ["top"] });
  });

  it("refuses an answer without a list of records with ids", () => {
    expect(() => parseCatalogList({ data: { count: 3 } }, "backgrounds", BASE)).toThrow(
      /no list of records with an id/,
    );
    expect(() => parseCatalogList({ data: [{ name: "no id" }] }, "backgrounds", BASE)).toThrow();
  });
});

describe("catalog cache", () => {
  const entries: CatalogEntry[] = [{ id: "a", raw: { id: "a" } }];

  it("keeps a listing for its TTL, per key, then loads it again", async () => {
    let now = 0;
    let loads = 0;
    const cache = new CatalogCache({ ttlMs: 1000, now: () => now });
    const load = async () => {
      loads += 1;
      return entries;
    };
    await cache.getOrLoad("key-a|mannequins", load);
    await cache.getOrLoad("key-a|mannequins", load);
    await cache.getOrLoad("key-b|mannequins", load);
    expect(loads).toBe(2);
    now = 999;
    await cache.getOrLoad("key-a|mannequins", load);
    expect(loads).toBe(2);
    now = 1000;
    await cache.getOrLoad("key-a|mannequins", load);
    expect(loads).toBe(3);
  });

  it("shares one load between concurrent callers and does not keep a failure", async () => {
    const cache = new CatalogCache();
    let loads = 0;
    const failing = async (): Promise<CatalogEntry[]> => {
      loads += 1;
      await Promise.resolve();
      throw new Error("unavailable");
    };
    const results = await Promise.allSettled([cache.getOrLoad("k", failing), cache.getOrLoad("k", failing)]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(loads).toBe(1);
    await expect(cache.getOrLoad("k", async () => entries)).resolves.toBe(entries);
  });

  it("forgets one key's listings on invalidation, keeping the others", async () => {
    const cache = new CatalogCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return entries;
    };
    await cache.getOrLoad("a|poses:top", load);
    await cache.getOrLoad("b|poses:top", load);
    cache.invalidate("a|");
    await cache.getOrLoad("a|poses:top", load);
    await cache.getOrLoad("b|poses:top", load);
    expect(loads).toBe(3);
  });
});

describe("the catalog cache's bounds", () => {
  const entries: CatalogEntry[] = [{ id: "a", raw: { id: "a" } }];
  /** A listing the size a real service's might be: 200 records with names and thumbnails. */
  const bigListing = (seed: number): CatalogEntry[] =>
    Array.from({ length: 200 }, (_, index) => {
      const record = {
        id: `m${seed}-${index}`,
        name: `Model ${index}`,
        thumbnail_url: `https://cdn.example/${seed}/${index}.jpg`,
      };
      return { id: record.id, name: record.name, thumbnailUrl: record.thumbnail_url, raw: record };
    });

  it("stays within its byte cap while 1,000 distinct keys and addresses load listings", async () => {
    const cache = new CatalogCache();
    let peakBytes = 0;
    let peakEntries = 0;
    for (let index = 0; index < 1_000; index += 1) {
      await cache.getOrLoad(`key-${index}|https://tryon-${index}.example|mannequins`, async () => bigListing(index));
      await Promise.resolve();
      const { bytes, entries } = cache.usage();
      peakBytes = Math.max(peakBytes, bytes);
      peakEntries = Math.max(peakEntries, entries);
    }
    console.log(
      `catalog cache: 1,000 keys loaded, peak ${peakEntries} listings, ${(peakBytes / 1024 / 1024).toFixed(2)} MiB (cap ${CATALOG_CACHE_MAX_BYTES / 1024 / 1024} MiB)`,
    );
    expect(peakBytes).toBeLessThanOrEqual(CATALOG_CACHE_MAX_BYTES);
    // The cap is what bounds it: 1,000 such listings would be several times larger.
    expect(peakEntries).toBeLessThan(1_000);
  });

  it("holds at most its entry cap, dropping the least recently used first", async () => {
    const cache = new CatalogCache({ maxEntries: 3 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return entries;
    };
    for (const key of ["a", "b", "c", "a", "d"]) await cache.getOrLoad(key, load);
    expect(cache.usage().entries).toBe(3);
    // "b" was the least recently used when "d" arrived; "a" was used again and stays.
    await cache.getOrLoad("a", load);
    expect(loads).toBe(4);
    await cache.getOrLoad("b", load);
    expect(loads).toBe(5);
  });

  it("purges expired listings instead of keeping them until they are asked for", async () => {
    let now = 0;
    const cache = new CatalogCache({ ttlMs: 1_000, now: () => now });
    for (const key of ["a", "b", "c"]) await cache.getOrLoad(key, async () => entries);
    expect(cache.usage().entries).toBe(3);
    now = 5_000;
    await cache.getOrLoad("d", async () => entries);
    expect(cache.usage().entries).toBe(1);
  });
});
