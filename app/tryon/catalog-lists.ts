/** The service's listings of mannequins, poses and backgrounds, cached per API key and base URL. */
import { type CatalogCache, type CatalogEntry, type CatalogKind, parseCatalogList } from "./catalog";
import { expandPath, joinUrl } from "./config";
import type { CallOptions, TryOnConnection } from "./connection";
import { TryOnUnexpectedResponseError } from "./errors";
import { apiKeyFingerprint } from "./logging";
import { getJsonOnce, readWithRetries } from "./read-retries";

export interface CatalogLists {
  listMannequins(call?: CallOptions): Promise<CatalogEntry[]>;
  listPoses(productType: string, call?: CallOptions): Promise<CatalogEntry[]>;
  listBackgrounds(call?: CallOptions): Promise<CatalogEntry[]>;
  /** Forgets this key's cached listings. */
  invalidateCatalog(): void;
}

/** The listings for this connection, read through `cache`. */
export function makeCatalogLists(connection: TryOnConnection, cache: CatalogCache): CatalogLists {
  const { settings } = connection;
  const cachePrefix = `${apiKeyFingerprint(settings.apiKey)}|${settings.baseUrl}|`;

  function listCatalog(kind: CatalogKind, cacheKey: string, path: string, call?: CallOptions) {
    return cache.getOrLoad(`${cachePrefix}${cacheKey}`, async () => {
      const url = joinUrl(settings.baseUrl, path);
      const what = `the ${kind} listing`;
      const body = await readWithRetries(connection, "catalog", what, call, () =>
        getJsonOnce(connection, "catalog", what, url, call),
      );
      try {
        return parseCatalogList(body, kind, settings.baseUrl, settings.fields.catalogItems);
      } catch (error) {
        throw new TryOnUnexpectedResponseError(
          `The try-on service's answer is not a listing: ${(error as Error).message}.`,
          {
            operation: "catalog",
          },
        );
      }
    });
  }

  const listMannequins = (call?: CallOptions) =>
    listCatalog("mannequins", "mannequins", settings.paths.mannequins, call);
  const listBackgrounds = (call?: CallOptions) =>
    listCatalog("backgrounds", "backgrounds", settings.paths.backgrounds, call);
  const listPoses = (productType: string, call?: CallOptions) =>
    listCatalog(
      "poses",
      `poses:${productType}`,
      expandPath(settings.paths.poses, { product_type: productType }),
      call,
    ).then((poses) =>
      // A service that ignores the filter would list every pose; keep those that say they suit another type out.
      poses.filter((pose) => pose.productTypes === undefined || pose.productTypes.includes(productType)),
    );

  return {
    listMannequins,
    listPoses,
    listBackgrounds,
    invalidateCatalog: () => cache.invalidate(cachePrefix),
  };
}
