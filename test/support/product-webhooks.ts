import type { FakeAdminApi } from "../../fakes/shopify-admin";
import { samplePayload } from "./shopify-webhook-samples";

/**
 * A products/create or products/update body for a product of the fake store, shaped as Shopify's documented sample
 * (every field of the sample kept, the product's own values put in): what Shopify would send for that product.
 */
export function productWebhookBody(
  fake: Pick<FakeAdminApi, "store">,
  shop: string,
  productId: string,
  overrides: { updatedAt?: Date; status?: string; productType?: string; tags?: string[]; noPhotos?: boolean } = {},
): string {
  const product = fake.store.product(shop, productId);
  if (!product) throw new Error(`no product ${productId} in ${shop}`);
  const numericId = productId.split("/").pop() as string;
  const sample = JSON.parse(samplePayload("products/update", shop).replace(/788032119674292922/g, numericId)) as Record<
    string,
    unknown
  >;
  const media = overrides.noPhotos
    ? []
    : fake.store.productMedia(shop, productId).map((item, index) => ({
        id: Number(item.id.split("/").pop()),
        product_id: Number(numericId),
        position: index + 1,
        alt: item.alt,
        status: "READY",
        media_content_type: "IMAGE",
        preview_image: { width: 64, height: 80, src: item.url, status: "READY" },
        admin_graphql_api_id: item.id,
      }));
  return JSON.stringify({
    ...sample,
    title: product.title,
    product_type: overrides.productType ?? product.productType,
    vendor: product.vendor,
    tags: (overrides.tags ?? product.tags).join(", "),
    status: overrides.status ?? product.status.toLowerCase(),
    updated_at: (overrides.updatedAt ?? new Date()).toISOString(),
    media,
    images: media.map((item) => ({
      id: item.id,
      alt: item.alt,
      position: item.position,
      product_id: item.product_id,
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
  });
}
