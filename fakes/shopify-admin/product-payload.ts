/**
 * A product of the fake store as Shopify's products/create and products/update webhooks carry it: the REST product
 * resource's fields the app reads (title, type, vendor, tags, status, `media` with their image URLs, `images`, and
 * the taxonomy `category` Shopify has sent since 2024-10), with the product's own values. The sandbox's admin sends
 * it when staff add a product; the tests and benchmark 14 lay it over Shopify's documented sample.
 */
import type { FakeAdminStore } from "./store";

export interface ProductPayloadOverrides {
  updatedAt?: Date;
  status?: string;
  productType?: string;
  tags?: string[];
  /** A delivery whose product has no photos (yet). */
  noPhotos?: boolean;
}

const numericId = (gid: string) => Number(gid.split("/").pop());

export function productPayloadFields(
  store: Pick<FakeAdminStore, "product" | "productMedia">,
  shop: string,
  productId: string,
  overrides: ProductPayloadOverrides = {},
): Record<string, unknown> {
  const product = store.product(shop, productId);
  if (!product) throw new Error(`fake-admin: no product ${productId} in ${shop}`);
  const id = numericId(product.id);
  const media = overrides.noPhotos
    ? []
    : store.productMedia(shop, productId).map((item, index) => ({
        id: numericId(item.id),
        product_id: id,
        position: index + 1,
        alt: item.alt,
        status: "READY",
        media_content_type: "IMAGE",
        preview_image: { width: 1200, height: 1600, src: item.url, status: "READY" },
        admin_graphql_api_id: item.id,
      }));
  return {
    id,
    title: product.title,
    body_html: product.descriptionHtml,
    vendor: product.vendor,
    product_type: overrides.productType ?? product.productType,
    created_at: product.createdAt,
    handle: product.handle,
    updated_at: (overrides.updatedAt ?? new Date(product.updatedAt)).toISOString(),
    status: overrides.status ?? product.status.toLowerCase(),
    tags: (overrides.tags ?? product.tags).join(", "),
    admin_graphql_api_id: product.id,
    media,
    images: media.map((item) => ({
      id: item.id,
      alt: item.alt,
      position: item.position,
      product_id: id,
      src: item.preview_image.src,
      admin_graphql_api_id: `gid://shopify/ProductImage/${item.id}`,
    })),
    category: product.category
      ? {
          admin_graphql_api_id: product.category.id,
          name: product.category.name,
          full_name: product.category.fullName,
        }
      : null,
  };
}
