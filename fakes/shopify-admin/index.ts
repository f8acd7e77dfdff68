export { createFakeAdminApi, FakeNetworkError, DEFAULT_CDN_ORIGIN, DEFAULT_UPLOAD_ORIGIN } from "./fake-admin";
export type { FakeAdminApi, FakeAdminOptions, FakeTarget, RequestLogEntry } from "./fake-admin";
export { fakeAdminHandlers, routeShopifyApiFetchThroughMsw } from "./msw";
export { startFakeAdminServer, fetchViaFakeAdminServer } from "./server";
export type { FakeAdminServer } from "./server";
export { makePng, sniffImage } from "./images";
export { loadAdminSchema } from "./schema";
export { STANDARD_PLAN } from "./bucket";
export type { BucketPlan, ThrottleStatus } from "./bucket";
export type {
  FileRecord,
  FileStatus,
  MediaSnapshot,
  ProductRecord,
  CollectionRecord,
  SeedCollection,
  SeedImage,
  SeedProduct,
  SeedVariant,
  VariantRecord,
} from "./store";
