import type { ProductSnapshot } from "~/automation/product-snapshot";
import type { ListRecentProductsForAutomationQuery } from "~/types/admin.generated";
import type { AdminGraphql } from "./admin-graphql.server";
import { LIST_RECENT_PRODUCTS_FOR_AUTOMATION } from "./operations/products";
import { photosOf } from "./product-source.server";

const PAGE = 50;

/** Products created since `since`, newest first, at most `limit`, as automation's snapshots. */
export function makeRecentProducts(admin: AdminGraphql) {
  return async (since: Date, limit: number): Promise<{ products: ProductSnapshot[]; more: boolean }> => {
    const products: ProductSnapshot[] = [];
    let after: string | null = null;
    for (;;) {
      const page: ListRecentProductsForAutomationQuery = await admin.query(LIST_RECENT_PRODUCTS_FOR_AUTOMATION, {
        query: `created_at:>=${since.toISOString()}`,
        first: PAGE,
        after,
      });
      for (const node of page.products.nodes) {
        products.push({
          id: node.id,
          title: node.title,
          productType: node.productType || null,
          vendor: node.vendor || null,
          tags: node.tags,
          status: node.status.toLowerCase(),
          category: node.category ?? null,
          photos: photosOf(node.media.nodes),
        });
      }
      const { hasNextPage, endCursor } = page.products.pageInfo;
      if (products.length >= limit)
        return { products: products.slice(0, limit), more: hasNextPage || products.length > limit };
      if (!hasNextPage || !endCursor) return { products, more: false };
      after = endCursor;
    }
  };
}
