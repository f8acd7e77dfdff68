/**
 * Variant media and ordering. A variant holds at most one media item: appending to a variant that has one
 * fails with PRODUCT_VARIANT_ALREADY_HAS_MEDIA, so replacing it means detaching first
 * (productVariantDetachMedia).
 */

export const APPEND_VARIANT_MEDIA = `#graphql
  mutation AppendVariantMedia($productId: ID!, $variantMedia: [ProductVariantAppendMediaInput!]!) {
    productVariantAppendMedia(productId: $productId, variantMedia: $variantMedia) {
      productVariants {
        id
        media(first: 1) {
          nodes {
            id
          }
        }
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** Moves are applied in order by an asynchronous job on Shopify; positions are zero-based. */
export const REORDER_PRODUCT_MEDIA = `#graphql
  mutation ReorderProductMedia($id: ID!, $moves: [MoveInput!]!) {
    productReorderMedia(id: $id, moves: $moves) {
      job {
        id
        done
      }
      mediaUserErrors {
        field
        message
        code
      }
    }
  }
`;
