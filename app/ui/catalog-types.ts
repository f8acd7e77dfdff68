/** The try-on catalog as the pages show it (browser-safe; loaded by app/pages/catalog.server.ts). */
export interface CatalogItem {
  id: string;
  name: string;
  thumbnailUrl: string | null;
}

export interface CatalogView {
  mannequins: CatalogItem[];
  backgrounds: CatalogItem[];
  /** Poses per garment type: the pose list depends on what is worn. */
  posesByProductType: Record<string, CatalogItem[]>;
}

export type CatalogResult =
  | { ok: true; catalog: CatalogView }
  | { ok: false; reason: "no_key" | "refused" | "unavailable"; message: string };
