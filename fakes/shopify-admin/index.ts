export {
  createFakeAdminApi,
  FakeNetworkError,
  DEFAULT_BULK_ORIGIN,
  DEFAULT_CDN_ORIGIN,
  DEFAULT_UPLOAD_ORIGIN,
} from "./fake-admin";
export { BULK_FINISH_TOPIC, DEFAULT_BULK_TIMELINE, MAX_CONCURRENT_BULK_QUERIES } from "./bulk";
export type { BulkTimeline, WebhookDelivery } from "./bulk";
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
