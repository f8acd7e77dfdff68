import type { AdminGraphql } from "./admin-graphql.server";
import { PRODUCTS_IN_COLLECTION } from "./operations/collections";

const PER_CALL = 100;

/** Which of `productIds` are in the collection, asked of Shopify 100 products a call (deleted products are not). */
export function makeCollectionMembership(admin: AdminGraphql) {
  return async (collectionId: string, productIds: string[]): Promise<Set<string>> => {
    const members = new Set<string>();
    for (let start = 0; start < productIds.length; start += PER_CALL) {
      const ids = productIds.slice(start, start + PER_CALL);
      const result = await admin.query(PRODUCTS_IN_COLLECTION, { ids, collectionId });
      for (const node of result.nodes) {
        if (node && "inCollection" in node && node.inCollection && typeof node.id === "string") members.add(node.id);
      }
    }
    return members;
  };
}
