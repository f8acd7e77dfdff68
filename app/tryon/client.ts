/**
 * The try-on client: one object composed of the operations, each in its own module (submit-job, job-status,
 * wait-for-job, download-result, catalog-lists), sharing one connection (settings, dependencies, the key).
 */
import { type CatalogEntry, sharedCatalogCache } from "./catalog";
import { type CatalogLists, makeCatalogLists } from "./catalog-lists";
import { type CallOptions, openTryOnConnection, type TryOnClientOptions, type TryOnConnection } from "./connection";
import { type TryOnResultImage, makeResultDownloader } from "./download-result";
import { makeErrorScrubber } from "./error-scrubbing";
import {
  checkTryOnInput,
  type InputCheckDeps,
  type InputCheckResult,
  type RequestTransformedUrl,
} from "./input-checks";
import { makeJobStatusReader, type TryOnJobStatus } from "./job-status";
import { makeJobSubmitter, type SubmittedTryOnJob } from "./submit-job";
import { makeJobWaiter, type WaitOptions } from "./wait-for-job";
import type { TryOnJobInput } from "./wire";

export interface TryOnClient {
  submitTryOnJob(input: TryOnJobInput, options?: CallOptions): Promise<SubmittedTryOnJob>;
  getJobStatus(jobId: string, options?: CallOptions): Promise<TryOnJobStatus>;
  downloadJobResult(job: { jobId: string; outputUrl?: string }, options?: CallOptions): Promise<TryOnResultImage>;
  waitForTryOnJob(jobId: string, options?: WaitOptions): Promise<TryOnJobStatus>;
  listMannequins(options?: CallOptions): Promise<CatalogEntry[]>;
  listPoses(productType: string, options?: CallOptions): Promise<CatalogEntry[]>;
  listBackgrounds(options?: CallOptions): Promise<CatalogEntry[]>;
  checkTryOnInput(input: TryOnJobInput, options?: InputCheckOptions): Promise<InputCheckResult>;
  /** Forgets this key's cached listings (e.g. after the service rejected an id the cache still had). */
  invalidateCatalog(): void;
}

type InputCheckOptions = { requestTransformedUrl?: RequestTransformedUrl; signal?: AbortSignal };

/**
 * Creates the only object in the app that talks to the try-on service. It knows nothing of Shopify or the database:
 * give it the service's base URL and the shop's API key.
 */
export function createTryOnClient(options: TryOnClientOptions): TryOnClient {
  const connection = openTryOnConnection(options);
  const guard = makeErrorScrubber(connection.redact);
  const getJobStatus = makeJobStatusReader(connection);
  const catalog = makeCatalogLists(connection, options.catalogCache ?? sharedCatalogCache);

  return {
    submitTryOnJob: guard(makeJobSubmitter(connection)),
    getJobStatus: guard(getJobStatus),
    downloadJobResult: guard(makeResultDownloader(connection, getJobStatus)),
    waitForTryOnJob: guard(makeJobWaiter(connection, getJobStatus)),
    listMannequins: guard(catalog.listMannequins),
    listPoses: guard(catalog.listPoses),
    listBackgrounds: guard(catalog.listBackgrounds),
    checkTryOnInput: guard((input: TryOnJobInput, check: InputCheckOptions = {}) =>
      checkTryOnInput(input, inputCheckDeps(connection, catalog, check)),
    ),
    invalidateCatalog: catalog.invalidateCatalog,
  };
}

/** What checking an input needs: the client's listings, fetch and limits, and the caller's options. */
function inputCheckDeps(connection: TryOnConnection, catalog: CatalogLists, check: InputCheckOptions): InputCheckDeps {
  const { settings } = connection;
  return {
    catalog: {
      listMannequins: () => catalog.listMannequins(),
      listPoses: (type) => catalog.listPoses(type),
      listBackgrounds: () => catalog.listBackgrounds(),
    },
    fetch: connection.fetch,
    timeoutMs: settings.timeoutMs,
    maxImageBytes: settings.maxImageBytes,
    enums: settings.enums,
    maxProductImages: settings.maxProductImages,
    ...(check.requestTransformedUrl && { requestTransformedUrl: check.requestTransformedUrl }),
    ...(check.signal && { signal: check.signal }),
  };
}
