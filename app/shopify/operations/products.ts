/**
 * Product reads for the render flow. `Product.images` is deprecated in favour of `media`; a product's
 * photos are `MediaImage` nodes whose `image` is null until Shopify has processed them.
 */

/** A product with what a render needs: its photos with alt text and its variants with their media. */
export const GET_PRODUCT_FOR_RENDER = `#graphql
  query GetProductForRender($id: ID!) {
    product(id: $id) {
      id
      title
      handle
      status
      productType
      category {
        id
        name
        fullName
      }
      options(first: 3) {
        name
        linkedMetafield {
          namespace
          key
        }
        optionValues {
          name
          swatch {
            color
            image {
              image {
                url
              }
            }
          }
        }
      }
      featuredMedia {
        id
      }
      media(first: 50) {
        pageInfo {
          hasNextPage
        }
        nodes {
          id
          alt
          mediaContentType
          status
          ... on MediaImage {
            image {
              url
              altText
              width
              height
            }
          }
        }
      }
      variants(first: 100) {
        pageInfo {
          hasNextPage
        }
        nodes {
          id
          title
          selectedOptions {
            name
            value
          }
          media(first: 1) {
            nodes {
              id
            }
          }
        }
      }
    }
  }
`;

/** A product's media in gallery order, to publish idempotently and to move a render first. */
export const GET_PRODUCT_MEDIA_IDS = `#graphql
  query GetProductMediaIds($id: ID!) {
    product(id: $id) {
      id
      media(first: 250) {
        nodes {
          id
        }
      }
    }
  }
`;

/**
 * A JPEG rendition of a product photo from Shopify's CDN, at most 2048 px a side: used instead of a photo the
 * try-on service would refuse (over 10 MB, or not JPEG/PNG/WebP).
 */
export const GET_IMAGE_RENDITION_URL = `#graphql
  query GetImageRenditionUrl($id: ID!) {
    node(id: $id) {
      id
      ... on MediaImage {
        image {
          url(transform: { preferredContentType: JPG, maxWidth: 2048, maxHeight: 2048 })
        }
      }
    }
  }
`;

/**
 * Products created since a date, newest first, with what an automation rule matches on (issue 29): the "last 30
 * days" preview of a rule plans them as the worker would have. Pages of 50 with 6 photos each cost about 400 points.
 */
export const LIST_RECENT_PRODUCTS_FOR_AUTOMATION = `#graphql
  query ListRecentProductsForAutomation($query: String!, $first: Int!, $after: String) {
    products(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        title
        productType
        vendor
        tags
        status
        category {
          id
          name
          fullName
        }
        media(first: 6) {
          nodes {
            id
            alt
            ... on MediaImage {
              image {
                url
              }
            }
          }
        }
      }
    }
  }
`;
