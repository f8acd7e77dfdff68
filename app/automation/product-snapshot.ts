import { z } from "zod";
import type { ProductForRender } from "~/catalog/catalog-port";

/**
 * A product as a products/create or products/update delivery described it, stored with the delivery so the worker
 * decides from what arrived. Parsed again on read: a stored row is input like any other.
 */
export const productSnapshotSchema = z.object({
  id: z.string().regex(/^gid:\/\/shopify\/Product\/\d+$/),
  title: z.string(),
  productType: z.string().nullable(),
  vendor: z.string().nullable(),
  tags: z.array(z.string()),
  /** active, draft, archived (lower case, as the payload has it). */
  status: z.string().nullable(),
  category: z.object({ id: z.string(), name: z.string(), fullName: z.string() }).nullable(),
  photos: z.array(z.object({ mediaId: z.string(), url: z.string().nullable(), alt: z.string().nullable() })),
});
export type ProductSnapshot = z.infer<typeof productSnapshotSchema>;

/** The product as planning reads it: the same shape every other path hands to planRun. */
export const productForRenderOfSnapshot = (snapshot: ProductSnapshot): ProductForRender => ({
  id: snapshot.id,
  title: snapshot.title,
  productType: snapshot.productType,
  category: snapshot.category,
  photos: snapshot.photos,
  variants: [],
});

/** Shopify's tags string ("example, mens, t-shirt") as a list. */
export const tagsOf = (tags: string | null | undefined): string[] =>
  (tags ?? "")
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
