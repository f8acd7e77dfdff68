/** Reads the render pipeline makes in batches: file states, files by name, a product's media ids. */

/** Finds a file the pipeline created earlier (file names are unique per render). */
export const FIND_FILES_BY_FILENAME = `#graphql
  query FindFilesByFilename($query: String!) {
    files(first: 5, query: $query) {
      nodes {
        id
        fileStatus
        ... on MediaImage {
          image {
            url
          }
        }
      }
    }
  }
`;

/** The status of several files in one request (one per shop per worker tick). */
export const GET_FILE_STATUSES = `#graphql
  query GetFileStatuses($ids: [ID!]!) {
    nodes(ids: $ids) {
      id
      ... on MediaImage {
        fileStatus
        fileErrors {
          code
          message
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
