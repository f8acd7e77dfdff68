/** Shopify global ids: `gid://shopify/<Type>/<number>`. */

export type GidType =
  | "Shop"
  | "Product"
  | "ProductVariant"
  | "ProductOption"
  | "ProductOptionValue"
  | "Collection"
  | "MediaImage"
  | "ImageSource"
  | "Job"
  | "BulkOperation";

export const gid = (type: GidType, id: number): string => `gid://shopify/${type}/${id}`;

const GID = /^gid:\/\/shopify\/([A-Za-z0-9]+)\/(\d+)(?:\?.*)?$/;

/** Null for anything that is not a well-formed Shopify gid (Shopify answers "Invalid global id"). */
export function parseGid(id: string): { type: string; id: number } | null {
  const match = GID.exec(id);
  if (!match?.[1] || !match[2]) return null;
  return { type: match[1], id: Number(match[2]) };
}

export const legacyIdOf = (id: string): string => String(parseGid(id)?.id ?? "");
