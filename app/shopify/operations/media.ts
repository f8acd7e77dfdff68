/**
 * Variant media and ordering. A variant holds at most one media item: appending to a variant that has one
 * fails with PRODUCT_VARIANT_ALREADY_HAS_MEDIA, so replacing it means detaching first
 * (productVariantDetachMedia). productVariantsBulkUpdate's `mediaId` is documented to associate media too, but
 * whether it replaces a variant's existing image is not (staff and developers report it does not), so the app
 * uses the two mutations whose rules are written down.
 */

/** The media each chosen variant holds now (at most one), read right before replacing it. */
export const GET_VARIANT_MEDIA = `#graphql
  query GetVariantMedia($ids: [ID!]!) {
    nodes(ids: $ids) {
      id
      ... on ProductVariant {
        product {
          id
        }
        media(first: 1) {
          nodes {
            id
          }
        }
      }
    }
  }
`;

export const DETACH_VARIANT_MEDIA = `#graphql
  mutation DetachVariantMedia($productId: ID!, $variantMedia: [ProductVariantDetachMediaInput!]!) {
    productVariantDetachMedia(productId: $productId, variantMedia: $variantMedia) {
      productVariants {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

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
