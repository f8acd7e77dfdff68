/**
 * Publishing a rendered image: stage an upload, PUT the bytes, create a file from the staged resource URL,
 * poll until it is READY, then reference it from the product (which makes it product media). In 2026-10
 * `productCreateMedia`/`productDeleteMedia` are deprecated; `fileCreate` + `fileUpdate` replace them.
 */

export const CREATE_STAGED_UPLOADS = `#graphql
  mutation CreateStagedUploads($input: [StagedUploadInput!]!) {
    stagedUploadsCreate(input: $input) {
      stagedTargets {
        url
        resourceUrl
        parameters {
          name
          value
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export const CREATE_FILE = `#graphql
  mutation CreateFile($files: [FileCreateInput!]!) {
    fileCreate(files: $files) {
      files {
        id
        fileStatus
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/**
 * Polled after fileCreate, for several files in one request (one per shop per worker tick): a file can be
 * referenced only once it is READY; FAILED carries fileErrors.
 */
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

/** Makes a READY file product media (appended last); referencing it twice leaves it attached once. */
export const ATTACH_FILE_TO_PRODUCT = `#graphql
  mutation AttachFileToProduct($fileId: ID!, $productId: ID!, $alt: String) {
    fileUpdate(files: [{ id: $fileId, alt: $alt, referencesToAdd: [$productId] }]) {
      files {
        id
        fileStatus
        alt
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** Removes the file from the product's media; the file itself stays in Files. */
export const DETACH_FILE_FROM_PRODUCT = `#graphql
  mutation DetachFileFromProduct($fileId: ID!, $productId: ID!) {
    fileUpdate(files: [{ id: $fileId, referencesToRemove: [$productId] }]) {
      files {
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

/** Deletes a file; it also disappears from every product's media. */
export const DELETE_FILE = `#graphql
  mutation DeleteFile($fileId: ID!) {
    fileDelete(fileIds: [$fileId]) {
      deletedFileIds
      userErrors {
        field
        message
        code
      }
    }
  }
`;
