/**
 * A page of a collection's products with the photos a run needs to choose front and back images. Pages of 25
 * with 6 photos each keep the requested cost near 200 points, well inside one bucket, so a 5,000-product
 * collection streams at the plan's restore rate without throttling errors.
 */
export const LIST_COLLECTION_PRODUCTS_FOR_RENDER = `#graphql
  query ListCollectionProductsForRender($id: ID!, $first: Int!, $after: String) {
    collection(id: $id) {
      id
      title
      products(first: $first, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          id
          title
          productType
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
  }
`;

/** The collection's title, for the run's name, and its size, to decide how to list it. */
export const GET_COLLECTION_SUMMARY = `#graphql
  query GetCollectionSummary($id: ID!) {
    collection(id: $id) {
      id
      title
      productsCount {
        count
      }
    }
  }
`;

/**
 * Which of some products are in a collection (automation rules, issue 29): a products/update payload does not list
 * its collections. 100 products a call cost about 102 points.
 */
export const PRODUCTS_IN_COLLECTION = `#graphql
  query ProductsInCollection($ids: [ID!]!, $collectionId: ID!) {
    nodes(ids: $ids) {
      ... on Product {
        id
        inCollection(id: $collectionId)
      }
    }
  }
`;
