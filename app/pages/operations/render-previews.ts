/**
 * The imported render images, read back from Shopify Files for the Review page: a preview sized for the grid
 * and the original for the zoomed side-by-side view. One request per page of renders.
 */
export const GET_RENDER_PREVIEWS = `#graphql
  query GetRenderPreviews($ids: [ID!]!) {
    nodes(ids: $ids) {
      id
      ... on MediaImage {
        fileStatus
        image {
          url
          preview: url(transform: { maxWidth: 640, maxHeight: 640 })
          width
          height
        }
      }
    }
  }
`;
