/**
 * Shopify's bulk query operations (https://shopify.dev/docs/api/usage/bulk-operations/queries): the query runs
 * on Shopify's side, outside the points rate, and its result is a JSONL file at `url`. Bulk queries take no
 * variables, so the query is sent as a string (app/shopify/collection-export.server.ts builds it).
 */
export const RUN_BULK_QUERY = `#graphql
  mutation RunBulkQuery($query: String!) {
    bulkOperationRunQuery(query: $query) {
      bulkOperation {
        id
        status
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** A bulk operation's progress and, once COMPLETED, where its result is. */
export const GET_BULK_OPERATION = `#graphql
  query GetBulkOperation($id: ID!) {
    node(id: $id) {
      ... on BulkOperation {
        id
        status
        errorCode
        objectCount
        url
      }
    }
  }
`;

/** Stops an export we no longer need: it would hold one of the shop's bulk operation slots until it finished. */
export const CANCEL_BULK_OPERATION = `#graphql
  mutation CancelBulkOperation($id: ID!) {
    bulkOperationCancel(id: $id) {
      bulkOperation {
        id
        status
      }
      userErrors {
        field
        message
      }
    }
  }
`;
