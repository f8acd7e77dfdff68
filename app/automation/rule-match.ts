import { z } from "zod";
import type { ProductSnapshot } from "./product-snapshot";

/**
 * Which products a rule takes. Each list that is not empty must match (a product's category, type, one of its tags,
 * its vendor), and so must the collection when one is chosen; within a list any value matches. A rule with nothing
 * chosen takes every product. Only active products with a photo are candidates: a draft or a product without a
 * photo is taken when an update makes it active or gives it its first photo.
 */
export const ruleMatchSchema = z.object({
  collectionId: z
    .string()
    .regex(/^gid:\/\/shopify\/Collection\/\d+$/)
    .nullable()
    .default(null),
  collectionTitle: z.string().nullable().default(null),
  /** Shopify taxonomy category ids; a product in a subcategory of one matches it too. */
  categoryIds: z.array(z.string()).default([]),
  productTypes: z.array(z.string()).default([]),
  tags: z.array(z.string()).default([]),
  vendors: z.array(z.string()).default([]),
});
export type RuleMatch = z.infer<typeof ruleMatchSchema>;

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;
const anyOf = (wanted: string[], value: string | null) =>
  wanted.length === 0 || (value !== null && wanted.some((candidate) => same(candidate, value)));

/** Taxonomy ids nest by prefix: "gid://shopify/TaxonomyCategory/aa-1-13" is under "…/aa-1". */
const inCategory = (wanted: string[], categoryId: string | null) =>
  wanted.length === 0 ||
  (categoryId !== null && wanted.some((id) => categoryId === id || categoryId.startsWith(`${id}-`)));

export type MatchVerdict = { matches: true } | { matches: false; why: string };

/**
 * Whether a product as it stands matches a rule. `inCollection` is Shopify's answer for the rule's collection (the
 * payload does not list collections); it is only read when the rule names one.
 */
export function ruleMatches(match: RuleMatch, product: ProductSnapshot, inCollection: boolean | null): MatchVerdict {
  if (product.status !== null && product.status !== "active") return { matches: false, why: "not_active" };
  if (product.photos.length === 0) return { matches: false, why: "no_photo" };
  if (!inCategory(match.categoryIds, product.category?.id ?? null)) return { matches: false, why: "category" };
  if (!anyOf(match.productTypes, product.productType)) return { matches: false, why: "type" };
  if (match.tags.length > 0 && !product.tags.some((tag) => anyOf(match.tags, tag)))
    return { matches: false, why: "tags" };
  if (!anyOf(match.vendors, product.vendor)) return { matches: false, why: "vendor" };
  if (match.collectionId !== null && inCollection !== true) return { matches: false, why: "collection" };
  return { matches: true };
}

/** The rule's products in words, for the rules list. */
export function describeMatch(match: RuleMatch): string[] {
  return [
    ...(match.collectionId ? [`Collection: ${match.collectionTitle ?? match.collectionId}`] : []),
    ...(match.categoryIds.length
      ? [`Categories: ${match.categoryIds.map((id) => id.split("/").pop()).join(", ")}`]
      : []),
    ...(match.productTypes.length ? [`Types: ${match.productTypes.join(", ")}`] : []),
    ...(match.tags.length ? [`Tags: ${match.tags.join(", ")}`] : []),
    ...(match.vendors.length ? [`Vendors: ${match.vendors.join(", ")}`] : []),
  ];
}
