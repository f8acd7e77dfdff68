/**
 * A fake Shopify Admin API for tests and the sandbox: `createFakeAdminApi()` returns an object whose
 * `handle(request)` answers what Shopify would at
 *
 *   POST https://{shop}/admin/api/{version}/graphql.json   GraphQL, executed against Shopify's real schema
 *   POST https://{shop}/admin/oauth/access_token           token exchange and refresh (oauth.ts)
 *   PUT/POST {uploadOrigin}/…                               staged upload targets (stagedUploadsCreate)
 *   GET {cdnOrigin}/s/files/…                               READY images, as cdn.shopify.com serves them
 *
 * GraphQL documents are parsed, validated with graphql-js `validate` against the pinned introspection (an
 * invalid document gets `errors` and no data, HTTP 200, like Shopify) and executed with graphql-js `execute`
 * over resolvers attached with @graphql-tools/schema; nothing matches query strings. Each shop has a leaky
 * bucket (bucket.ts) charged with a calculated cost (cost.ts); every executed response carries
 * `extensions.cost` and a query the bucket cannot pay for is THROTTLED. Tests can also force throttling,
 * HTTP errors and network errors, and make file processing fail.
 *
 * See README.md in this folder for the seeding and interception recipes.
 */
import { createHmac, randomBytes } from "node:crypto";
import { addResolversToSchema } from "@graphql-tools/schema";
import {
  execute,
  getOperationAST,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from "./graphql-js";
import { z } from "zod";
import { ADMIN_API_VERSION } from "~/shopify/api-version";
import { STANDARD_PLAN, type BucketPlan, type ThrottleStatus } from "./bucket";
import { actualQueryCost, requestedQueryCost } from "./cost";
import { handleAccessTokenRequest, TokenRegistry, type OAuthConfig } from "./oauth";
import {
  BULK_FINISH_TOPIC,
  bulkResultLines,
  byteLengthOf,
  DEFAULT_BULK_TIMELINE,
  finishPayload,
  isFinished,
  linesStream,
  MAX_CONCURRENT_BULK_QUERIES,
  repaceBulkOperation,
  scheduledEndMs,
  viewBulkOperation,
  webhookRequest,
  type BulkFailure,
  type BulkOperationErrorCode,
  type BulkOperationRecord,
  type BulkTimeline,
  type WebhookDelivery,
  type WebhookSubscription,
} from "./bulk";
import { resolvers, strictFieldResolver, type BulkContext, type ResolverContext } from "./resolvers";
import { loadAdminSchema } from "./schema";
import { FakeAdminStore, IMAGE_MAX_BYTES, normalizeShop, type FileFailure, type StagedUploadRecord } from "./store";

export type FakeTarget = "graphql" | "oauth" | "upload" | "cdn" | "bulk";

export interface RequestLogEntry {
  at: number;
  target: FakeTarget | "unknown";
  method: string;
  url: string;
  shop: string | null;
  status: number;
  outcome:
    | "ok"
    | "graphql-errors"
    | "invalid-document"
    | "throttled"
    | "max-cost-exceeded"
    | "unauthorized"
    | "forbidden"
    | "not-found"
    | "bad-request"
    | "forced-failure"
    | "network-error"
    | "unprocessable";
  operationName?: string | null;
  operationType?: "query" | "mutation";
  variables?: Record<string, unknown>;
  requestedQueryCost?: number;
  actualQueryCost?: number | null;
  grantType?: string;
}

export interface FakeAdminOptions {
  /** The Admin API version served; requests to another version get 404. Default: the app's pinned version. */
  apiVersion?: string;
  /** App credentials the token endpoint checks. Default: SHOPIFY_API_KEY / SHOPIFY_API_SECRET of the test env. */
  clientId?: string;
  clientSecret?: string;
  /** Scopes granted to issued tokens. Default: SCOPES of the test env. */
  scopes?: string;
  /** Epoch milliseconds; drives buckets, token expiry and file processing. Default Date.now. */
  now?: () => number;
  /** Bucket of every new shop (Standard plan by default: 2000 points, 100/s). */
  plan?: Partial<BucketPlan>;
  /** Shopify refuses any single query costing more than this. Default 1000. */
  singleQueryMaxCost?: number;
  /** How long a created file stays UPLOADED, then PROCESSING. Default 200 ms and 800 ms. */
  fileTimeline?: { uploadedMs?: number; processingMs?: number };
  /**
   * How long a created file is missing from `files(query:)` (Shopify's search index lags behind fileCreate;
   * `node`/`nodes` by id see it at once). Default 0.
   */
  fileSearchDelayMs?: number;
  uploadOrigin?: string;
  cdnOrigin?: string;
  tokens?: Partial<Pick<OAuthConfig, "accessTokenTtlSeconds" | "refreshTokenTtlSeconds" | "onlineTokenTtlSeconds">>;
  /** Downloads external `originalSource` URLs (null = failed). Without it they are accepted unseen. */
  fetchExternalSource?: (url: string) => Promise<Uint8Array | null>;
  /** How a bulk operation's status moves on (bulk.ts, DEFAULT_BULK_TIMELINE: 2 s queued, 1,000 objects/s). */
  bulkOperationTimeline?: Partial<BulkTimeline>;
  /** Bulk query operations running at once per shop before LIMIT_REACHED. Default 5 (API 2026-01 and later). */
  maxConcurrentBulkQueries?: number;
  /** Where bulk operation results are served (Shopify: signed storage URLs). */
  bulkOrigin?: string;
  /** Sends webhooks (bulk_operations/finish) to subscribed addresses. Default: the global fetch. */
  webhookFetch?: (request: Request) => Promise<Response>;
  /**
   * Send the finish webhook by itself when an operation ends (a timer, real time). Default true; tests that
   * want to choose the moment turn it off and call `deliverDueWebhooks()`.
   */
  deliverWebhooksByItself?: boolean;
}

/** What `handle` throws to simulate a connection failure: the same TypeError undici's fetch rejects with. */
export class FakeNetworkError extends TypeError {
  constructor() {
    super("fetch failed", { cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }) });
  }
}

type Forced =
  | { kind: "throttle"; target: "graphql"; shop?: string }
  | { kind: "status"; status: number; target: FakeTarget; shop?: string }
  | { kind: "network"; target: FakeTarget; shop?: string };

export const DEFAULT_UPLOAD_ORIGIN = "https://fake-admin-uploads.test";
export const DEFAULT_CDN_ORIGIN = "https://fake-admin-cdn.test";
export const DEFAULT_BULK_ORIGIN = "https://fake-admin-bulk.test";
const INVALID_TOKEN_MESSAGE = "[API] Invalid API key or access token (unrecognized login or wrong password)";

const executableSchemas = new Map<string, GraphQLSchema>();
function executableSchema(version: string): GraphQLSchema {
  let schema = executableSchemas.get(version);
  if (!schema) {
    schema = addResolversToSchema({ schema: loadAdminSchema(version), resolvers });
    executableSchemas.set(version, schema);
  }
  return schema;
}

const graphqlBodySchema = z.object({
  query: z.string().min(1),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().nullish(),
});

export type FakeAdminApi = ReturnType<typeof createFakeAdminApi>;

const RENDITION_FORMATS = { jpg: "image/jpeg", webp: "image/webp", png: "image/png" } as const;

/** Resizes (inside width × height) and converts an image the way the CDN's URL parameters ask. */
async function renditionOf(
  content: { bytes: Uint8Array; mimeType: string },
  params: URLSearchParams,
): Promise<{ bytes: Uint8Array; mimeType: string }> {
  const width = Number(params.get("width")) || undefined;
  const height = Number(params.get("height")) || undefined;
  const format = params.get("format") as keyof typeof RENDITION_FORMATS | null;
  if (!width && !height && !(format && format in RENDITION_FORMATS)) return content;
  const { default: sharp } = await import("sharp");
  let image = sharp(content.bytes, { animated: false }).resize({
    width,
    height,
    fit: "inside",
    withoutEnlargement: true,
  });
  const target = format && format in RENDITION_FORMATS ? format : null;
  if (target === "jpg") image = image.jpeg({ quality: 85 });
  else if (target === "webp") image = image.webp({ quality: 85 });
  else if (target === "png") image = image.png();
  const bytes = new Uint8Array(await image.toBuffer());
  return { bytes, mimeType: target ? RENDITION_FORMATS[target] : content.mimeType };
}

export function createFakeAdminApi(options: FakeAdminOptions = {}) {
  const apiVersion = options.apiVersion ?? ADMIN_API_VERSION;
  const now = options.now ?? Date.now;
  const schema = executableSchema(apiVersion);
  const singleQueryMaxCost = options.singleQueryMaxCost ?? 1000;
  const origins = {
    upload: trimSlash(options.uploadOrigin ?? DEFAULT_UPLOAD_ORIGIN),
    cdn: trimSlash(options.cdnOrigin ?? DEFAULT_CDN_ORIGIN),
    bulk: trimSlash(options.bulkOrigin ?? DEFAULT_BULK_ORIGIN),
  };
  const oauthConfig: OAuthConfig = {
    clientId: options.clientId ?? process.env.SHOPIFY_API_KEY ?? "fake-admin-client-id",
    clientSecret: options.clientSecret ?? process.env.SHOPIFY_API_SECRET ?? "fake-admin-client-secret",
    scopes: options.scopes ?? process.env.SCOPES ?? "read_products,write_products,write_files,read_locales",
    accessTokenTtlSeconds: options.tokens?.accessTokenTtlSeconds ?? 3600,
    refreshTokenTtlSeconds: options.tokens?.refreshTokenTtlSeconds ?? 90 * 24 * 3600,
    onlineTokenTtlSeconds: options.tokens?.onlineTokenTtlSeconds ?? 24 * 3600,
  };
  const tokens = new TokenRegistry(oauthConfig, now);
  const store = new FakeAdminStore({
    now,
    cdnOrigin: () => origins.cdn,
    defaultPlan: { ...STANDARD_PLAN, ...options.plan },
    fileTimeline: {
      uploadedMs: options.fileTimeline?.uploadedMs ?? 200,
      processingMs: options.fileTimeline?.processingMs ?? 800,
    },
    fileSearchDelayMs: options.fileSearchDelayMs ?? 0,
  });
  const uploadSecret = randomBytes(16);
  const signUpload = (key: string) => createHmac("sha256", uploadSecret).update(key).digest("hex");
  const forced: Forced[] = [];
  const forcedFileFailures: FileFailure[] = [];
  const log: RequestLogEntry[] = [];

  // Bulk operations: their modelled timeline, forced failures, and the finish webhook.
  let bulkTimeline: BulkTimeline = { ...DEFAULT_BULK_TIMELINE, ...options.bulkOperationTimeline };
  const forcedBulkFailures: BulkFailure[] = [];
  const subscriptions: WebhookSubscription[] = [];
  const deliveries: WebhookDelivery[] = [];
  let webhooksToDrop = 0;
  const pendingFinishes = new Set<BulkOperationRecord>();
  const finishTimers = new Set<NodeJS.Timeout>();
  const webhookFetch = options.webhookFetch ?? ((request: Request) => fetch(request));
  const bulkContext: BulkContext = {
    timeline: () => bulkTimeline,
    maxConcurrent: options.maxConcurrentBulkQueries ?? MAX_CONCURRENT_BULK_QUERIES,
    takeForcedFailure: () => forcedBulkFailures.shift(),
    resultUrl: (path) => `${origins.bulk}${path}`,
    changed: (op) => {
      pendingFinishes.add(op);
      if (options.deliverWebhooksByItself ?? true) scheduleFinishCheck(op);
    },
  };

  /** Wakes when the operation should end (real time); a test clock moved by hand calls deliverDueWebhooks. */
  function scheduleFinishCheck(op: BulkOperationRecord): void {
    const end = op.canceledAtMs ?? scheduledEndMs(op);
    const timer = setTimeout(
      () => {
        finishTimers.delete(timer);
        void deliverDueWebhooks();
      },
      Math.max(0, end - now()) + 5,
    );
    timer.unref();
    finishTimers.add(timer);
  }

  /**
   * Sends a webhook to every address subscribed to its topic, signed as Shopify signs it, once (Shopify retries for
   * hours; the fake does not). A dropped one (`dropNextWebhooks`) is logged with status null.
   */
  async function sendWebhook(
    topic: string,
    shop: string,
    payload: Record<string, unknown>,
  ): Promise<WebhookDelivery[]> {
    const made: WebhookDelivery[] = [];
    for (const subscription of subscriptions.filter((s) => s.topic === topic)) {
      const delivery: WebhookDelivery = {
        at: now(),
        topic,
        shop,
        address: subscription.address,
        payload,
        status: null,
      };
      deliveries.push(delivery);
      made.push(delivery);
      if (webhooksToDrop > 0) {
        webhooksToDrop -= 1;
        continue;
      }
      try {
        const response = await webhookFetch(
          webhookRequest({
            address: subscription.address,
            topic,
            shop,
            apiVersion,
            secret: oauthConfig.clientSecret,
            payload,
            now: now(),
          }),
        );
        delivery.status = response.status;
        await response.body?.cancel().catch(() => undefined);
      } catch {
        // The app's polling is the fallback for a finish webhook that never arrived.
        delivery.status = 0;
      }
    }
    return made;
  }

  /** Sends bulk_operations/finish for every operation that has ended since; returns the deliveries made. */
  async function deliverDueWebhooks(): Promise<WebhookDelivery[]> {
    const made: WebhookDelivery[] = [];
    for (const op of [...pendingFinishes]) {
      const view = viewBulkOperation(op, now());
      if (!isFinished(view.status)) continue;
      pendingFinishes.delete(op);
      if (op.notified) continue;
      op.notified = true;
      made.push(...(await sendWebhook(BULK_FINISH_TOPIC, op.shop, finishPayload(op, view))));
    }
    return made;
  }

  function takeForced(target: FakeTarget, shop: string | null, kinds: Forced["kind"][]): Forced | undefined {
    const index = forced.findIndex(
      (f) => f.target === target && kinds.includes(f.kind) && (!f.shop || f.shop === shop),
    );
    return index === -1 ? undefined : forced.splice(index, 1)[0];
  }

  function record(entry: Omit<RequestLogEntry, "at">): void {
    log.push({ at: now(), ...entry });
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const target = targetOf(url);
    const shop = target === "graphql" || target === "oauth" ? normalizeShop(url.hostname) : null;
    const base = { target, method: request.method, url: request.url, shop } as const;

    if (target === "unknown") {
      record({ ...base, status: 404, outcome: "not-found" });
      return Response.json({ errors: "Not Found" }, { status: 404 });
    }
    const failure = takeForced(target, shop, ["network", "status"]);
    if (failure?.kind === "network") {
      record({ ...base, status: 0, outcome: "network-error" });
      throw new FakeNetworkError();
    }
    if (failure?.kind === "status") {
      record({ ...base, status: failure.status, outcome: "forced-failure" });
      return Response.json(
        { errors: "Internal Server Error" },
        { status: failure.status, statusText: "Forced by fake-admin" },
      );
    }
    switch (target) {
      case "graphql":
        return handleGraphql(request, url, shop!);
      case "oauth":
        return handleOAuth(request, shop!);
      case "upload":
        return handleUpload(request, url);
      case "cdn":
        return handleCdn(request, url);
      case "bulk":
        return handleBulkResult(request, url);
    }
  }

  function targetOf(url: URL): FakeTarget | "unknown" {
    const href = `${url.origin}${url.pathname}`;
    if (href === origins.upload || href.startsWith(`${origins.upload}/`)) return "upload";
    if (href.startsWith(`${origins.cdn}/`)) return "cdn";
    if (href.startsWith(`${origins.bulk}/`)) return "bulk";
    if (url.pathname === "/admin/oauth/access_token") return "oauth";
    if (/^\/admin\/api\/[^/]+\/graphql\.json$/.test(url.pathname)) return "graphql";
    return "unknown";
  }

  async function handleGraphql(request: Request, url: URL, shop: string): Promise<Response> {
    const base = { target: "graphql", method: request.method, url: request.url, shop } as const;
    const version = /^\/admin\/api\/([^/]+)\//.exec(url.pathname)?.[1];
    if (request.method !== "POST" || !store.hasShop(shop) || version !== apiVersion) {
      record({ ...base, status: 404, outcome: "not-found" });
      const message = version !== apiVersion ? `fake-admin serves only Admin API ${apiVersion}` : "Not Found";
      return Response.json({ errors: message }, { status: 404 });
    }
    const grant = tokens.validAccess(request.headers.get("X-Shopify-Access-Token"), shop);
    if (!grant) {
      record({ ...base, status: 401, outcome: "unauthorized" });
      return Response.json({ errors: INVALID_TOKEN_MESSAGE }, { status: 401 });
    }
    const body = graphqlBodySchema.safeParse(await request.json().catch(() => undefined));
    if (!body.success) {
      record({ ...base, status: 400, outcome: "bad-request" });
      return Response.json({ errors: { query: "Required parameter missing or invalid" } }, { status: 400 });
    }
    const variables = body.data.variables ?? {};
    const logged = { ...base, variables, operationName: body.data.operationName ?? null };

    let document: DocumentNode;
    try {
      document = parse(body.data.query);
    } catch (error) {
      record({ ...logged, status: 200, outcome: "invalid-document" });
      return Response.json({ errors: [formatError(error)] });
    }
    const validationErrors = validate(schema, document);
    const operation = getOperationAST(document, body.data.operationName ?? undefined);
    const withName = { ...logged, operationName: operation?.name?.value ?? logged.operationName };
    if (validationErrors.length > 0) {
      record({ ...withName, status: 200, outcome: "invalid-document" });
      return Response.json({ errors: validationErrors.map((e) => e.toJSON()) });
    }
    if (!operation || operation.operation === "subscription") {
      record({ ...withName, status: 200, outcome: "invalid-document" });
      const message = !operation
        ? body.data.operationName
          ? `Unknown operation named "${body.data.operationName}".`
          : "An operation name is required when the document has several operations."
        : "Subscriptions are not supported by the Admin API over HTTP.";
      return Response.json({ errors: [{ message }] });
    }
    const fragments = Object.fromEntries(
      document.definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d]),
    );
    const operationType = operation.operation;
    const state = store.shop(shop);
    const requested = requestedQueryCost(schema, operation, fragments, variables);
    const costBase = { requestedQueryCost: requested, operationType };

    if (requested > singleQueryMaxCost) {
      record({ ...withName, ...costBase, status: 200, outcome: "max-cost-exceeded" });
      return Response.json({
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${singleQueryMaxCost}).`,
            extensions: { code: "MAX_COST_EXCEEDED", cost: requested, maxCost: singleQueryMaxCost },
          },
        ],
        extensions: { cost: costExtension(requested, null, state.bucket.status()) },
      });
    }
    if (takeForced("graphql", shop, ["throttle"]) || !state.bucket.tryTake(requested)) {
      record({ ...withName, ...costBase, actualQueryCost: null, status: 200, outcome: "throttled" });
      return Response.json({
        errors: [
          {
            message: "Throttled",
            extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
          },
        ],
        extensions: { cost: costExtension(requested, null, state.bucket.status()) },
      });
    }

    const context: ResolverContext = {
      store,
      shop: state,
      uploadOrigin: origins.upload,
      signUpload,
      takeForcedFileFailure: () => forcedFileFailures.shift(),
      fetchExternalSource: options.fetchExternalSource,
      bulk: bulkContext,
      grantedScopes: grant.scope.split(",").map((scope) => scope.trim()),
    };
    const result = await execute({
      schema,
      document,
      rootValue: {},
      contextValue: context,
      variableValues: variables,
      operationName: body.data.operationName ?? undefined,
      fieldResolver: strictFieldResolver,
    });
    const actual = result.data ? actualQueryCost(schema, operation, fragments, variables, result.data) : 0;
    state.bucket.giveBack(requested - actual);
    const errors = result.errors?.map((e) => e.toJSON());
    record({
      ...withName,
      ...costBase,
      actualQueryCost: actual,
      status: 200,
      outcome: errors?.length ? "graphql-errors" : "ok",
    });
    return Response.json({
      ...(errors?.length ? { errors } : {}),
      ...(result.data !== undefined ? { data: result.data } : {}),
      extensions: { cost: costExtension(requested, actual, state.bucket.status()) },
    });
  }

  async function handleOAuth(request: Request, shop: string): Promise<Response> {
    const base = { target: "oauth", method: request.method, url: request.url, shop } as const;
    if (request.method !== "POST" || !store.hasShop(shop)) {
      record({ ...base, status: 404, outcome: "not-found" });
      return Response.json({ errors: "Not Found" }, { status: 404 });
    }
    const grantType = await grantTypeOf(request.clone());
    const response = await handleAccessTokenRequest(request, shop, tokens, oauthConfig, now);
    record({
      ...base,
      status: response.status,
      outcome: response.ok ? "ok" : response.status === 401 ? "unauthorized" : "bad-request",
      ...(grantType ? { grantType } : {}),
    });
    return response;
  }

  async function handleUpload(request: Request, url: URL): Promise<Response> {
    const base = { target: "upload", method: request.method, url: request.url, shop: null } as const;
    const denied = (reason: string) => {
      record({ ...base, status: 403, outcome: "forbidden" });
      return new Response(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>${reason}</Message></Error>`,
        {
          status: 403,
          headers: { "Content-Type": "application/xml" },
        },
      );
    };
    const key = decodeURIComponent(`${url.origin}${url.pathname}`.slice(origins.upload.length + 1));
    if (request.method === "PUT") {
      const staged = store.stagedUploadByKey(key);
      if (!staged || staged.httpMethod !== "PUT") return denied("No staged upload for this URL");
      if (url.searchParams.get("X-Fake-Signature") !== staged.signature) return denied("Invalid signature");
      // The signed target is for the declared MIME type and size: anything else is refused, as by Shopify's storage.
      const contentType = request.headers.get("content-type");
      if (contentType !== staged.mimeType) {
        record({ ...base, shop: staged.shop, status: 403, outcome: "forbidden" });
        return storageError(403, "SignatureDoesNotMatch", "The request signature we calculated does not match.");
      }
      const bytes = new Uint8Array(await request.arrayBuffer());
      const refused = sizeRefusal(staged, bytes.byteLength);
      if (refused) {
        record({ ...base, shop: staged.shop, status: 400, outcome: "bad-request" });
        return refused;
      }
      staged.upload = { bytes, contentType, at: now() };
      record({ ...base, shop: staged.shop, status: 200, outcome: "ok" });
      return new Response(null, { status: 200 });
    }
    if (request.method === "POST" && key === "") {
      const form = await request.formData().catch(() => undefined);
      const formKey = form?.get("key");
      const file = form?.get("file");
      const staged = typeof formKey === "string" ? store.stagedUploadByKey(formKey) : undefined;
      if (!staged || staged.httpMethod !== "POST") return denied("No staged upload for this key");
      if (form?.get("x-fake-signature") !== staged.signature) return denied("Invalid signature");
      if (!(file instanceof Blob)) {
        record({ ...base, shop: staged.shop, status: 400, outcome: "bad-request" });
        return new Response("<Error><Code>InvalidArgument</Code><Message>No file field</Message></Error>", {
          status: 400,
        });
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const refused = sizeRefusal(staged, bytes.byteLength);
      if (refused) {
        record({ ...base, shop: staged.shop, status: 400, outcome: "bad-request" });
        return refused;
      }
      staged.upload = { bytes, contentType: file.type || null, at: now() };
      record({ ...base, shop: staged.shop, status: 201, outcome: "ok" });
      return new Response(
        `<?xml version="1.0" encoding="UTF-8"?><PostResponse><Location>${staged.resourceUrl}</Location><Key>${staged.key}</Key></PostResponse>`,
        { status: 201, headers: { "Content-Type": "application/xml" } },
      );
    }
    return denied("Staged uploads are write-only");
  }

  async function handleCdn(request: Request, url: URL): Promise<Response> {
    const base = { target: "cdn", method: request.method, url: request.url, shop: null } as const;
    const path = `${url.origin}${url.pathname}`.slice(origins.cdn.length);
    const readable = request.method === "GET" || request.method === "HEAD";
    const content = readable ? store.cdnContent(path) : undefined;
    if (!content) {
      record({ ...base, status: 404, outcome: "not-found" });
      return new Response("Not Found", { status: 404 });
    }
    // Like cdn.shopify.com, `width`, `height` and `format` ask for a rendition (what Image.url(transform:) returns).
    // A file that cannot be decoded has no rendition: an error status, as the CDN answers, never a made-up image.
    let served: { bytes: Uint8Array; mimeType: string };
    try {
      served = await renditionOf(content, url.searchParams);
    } catch {
      record({ ...base, status: 422, outcome: "unprocessable" });
      return new Response(request.method === "HEAD" ? null : "The image could not be processed", { status: 422 });
    }
    record({ ...base, status: 200, outcome: "ok" });
    const headers = { "Content-Type": served.mimeType, "Content-Length": String(served.bytes.byteLength) };
    return new Response(request.method === "HEAD" ? null : served.bytes.slice(), { headers });
  }

  /** A bulk operation's JSONL (or a failed one's partial data), streamed, for the signed URL it gave. */
  function handleBulkResult(request: Request, url: URL): Response {
    const base = { target: "bulk", method: request.method, url: request.url, shop: null } as const;
    const match = /^\/(\d+)\/(\d+)(-partial)?\.jsonl$/.exec(
      url.pathname.slice(new URL(origins.bulk).pathname.replace(/\/$/, "").length),
    );
    const shop = match ? store.shopByNumber(Number(match[1])) : undefined;
    const op = shop && match ? shop.bulkOperations.get(`gid://shopify/BulkOperation/${match[2]}`) : undefined;
    const partial = match?.[3] !== undefined;
    const view = op ? viewBulkOperation(op, now()) : undefined;
    const served = op && view && (partial ? view.status === "FAILED" : view.status === "COMPLETED");
    if (!op || !served || request.method !== "GET") {
      record({ ...base, status: 404, outcome: "not-found" });
      return new Response("Not Found", { status: 404 });
    }
    if (url.searchParams.get("signature") !== op.signature) {
      record({ ...base, shop: op.shop, status: 403, outcome: "forbidden" });
      return storageError(403, "AccessDenied", "Request signature does not match.");
    }
    const lines = bulkResultLines(op, partial);
    record({ ...base, shop: op.shop, status: 200, outcome: "ok" });
    return new Response(linesStream(lines), {
      headers: { "Content-Type": "application/jsonl", "Content-Length": String(byteLengthOf(lines)) },
    });
  }

  return {
    apiVersion,
    schema,
    store,
    handle,
    /** `handle` with fetch's signature, for code that takes a fetch function. */
    fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init)),
    get uploadOrigin() {
      return origins.upload;
    },
    get cdnOrigin() {
      return origins.cdn;
    },
    get bulkOrigin() {
      return origins.bulk;
    },
    /** Moves the upload target, CDN and bulk results (the HTTP server wrapper points them at itself). */
    setOrigins(next: { uploadOrigin?: string; cdnOrigin?: string; bulkOrigin?: string }) {
      if (next.uploadOrigin) origins.upload = trimSlash(next.uploadOrigin);
      if (next.cdnOrigin) origins.cdn = trimSlash(next.cdnOrigin);
      if (next.bulkOrigin) origins.bulk = trimSlash(next.bulkOrigin);
    },

    /**
     * Subscribes an address to a webhook topic, as an app's shopify.app.toml does (`application_url` + `uri`).
     * The fake sends bulk_operations/finish by itself; `sendWebhook` sends any other (the sandbox's admin sends
     * products/create when staff add a product).
     */
    subscribeWebhook(topic: string, address: string): void {
      if (!subscriptions.some((s) => s.topic === topic && s.address === address))
        subscriptions.push({ topic, address });
    },
    /** Every webhook sent (or dropped), in order. */
    get webhookDeliveries(): readonly WebhookDelivery[] {
      return deliveries;
    },
    /** Sends the finish webhook of every bulk operation that has ended (for a test clock moved by hand). */
    deliverDueWebhooks,
    sendWebhook,
    /** The next `count` webhooks are not sent (logged with status null), to exercise polling. */
    dropNextWebhooks(count = 1): void {
      webhooksToDrop += count;
    },
    /** The next bulk operation created ends FAILED with `errorCode`, after `afterObjects` objects. */
    failNextBulkOperation({
      errorCode = "INTERNAL_SERVER_ERROR",
      afterObjects = 0,
    }: { errorCode?: BulkOperationErrorCode; afterObjects?: number } = {}): void {
      forcedBulkFailures.push({ errorCode, afterObjects });
    },
    /** The timeline of bulk operations created from now on. */
    setBulkOperationTimeline(timeline: Partial<BulkTimeline>): void {
      bulkTimeline = { ...bulkTimeline, ...timeline };
    },
    /**
     * Bulk operations under way go on at `objectsPerSecond` from now, keeping what they have counted (a test that
     * has seen an export's progress lets it finish); returns how many were changed.
     */
    repaceRunningBulkOperations(objectsPerSecond: number): number {
      const changed = store.allBulkOperations().filter((op) => repaceBulkOperation(op, now(), objectsPerSecond));
      for (const op of changed) bulkContext.changed(op);
      return changed.length;
    },
    /** A shop's bulk operations, oldest first, with their status now. */
    bulkOperations(shop: string) {
      return [...store.shop(shop).bulkOperations.values()].map((op) => ({ ...viewBulkOperation(op, now()), op }));
    },
    /** Stops the timers that wait for bulk operations to end (the HTTP server's close calls it). */
    stopTimers(): void {
      for (const timer of finishTimers) clearTimeout(timer);
      finishTimers.clear();
    },

    /** Every request handled, in order, with operation names and outcomes. */
    get requests(): readonly RequestLogEntry[] {
      return log;
    },
    clearRequests() {
      log.length = 0;
    },
    /** GraphQL requests only, e.g. `graphqlRequests().map(r => r.operationName)`. */
    graphqlRequests(): RequestLogEntry[] {
      return log.filter((entry) => entry.target === "graphql");
    },

    /** An access token for a shop without going through OAuth (a non-expiring offline token by default). */
    issueAccessToken(shop: string, { expiring = false }: { expiring?: boolean } = {}): string {
      const domain = normalizeShop(shop);
      if (!store.hasShop(domain)) throw new Error(`fake-admin: unknown shop ${shop}`);
      return tokens.issueOffline(domain, { expiring }).access.token;
    },
    revokeAccessTokens(shop: string): void {
      tokens.revokeShop(normalizeShop(shop));
    },

    /** The next `count` GraphQL requests (of `shop`, if given) are THROTTLED whatever the bucket holds. */
    throttleNext(count = 1, { shop }: { shop?: string } = {}): void {
      for (let i = 0; i < count; i++)
        forced.push({ kind: "throttle", target: "graphql", ...(shop ? { shop: normalizeShop(shop) } : {}) });
    },
    /** The next `count` requests to `target` (GraphQL by default) answer HTTP `status` (500 by default). */
    failNext(
      count = 1,
      { status = 500, target = "graphql", shop }: { status?: number; target?: FakeTarget; shop?: string } = {},
    ): void {
      for (let i = 0; i < count; i++)
        forced.push({ kind: "status", status, target, ...(shop ? { shop: normalizeShop(shop) } : {}) });
    },
    /** The next `count` requests to `target` fail like a dropped connection (handle throws FakeNetworkError). */
    networkErrorNext(count = 1, { target = "graphql", shop }: { target?: FakeTarget; shop?: string } = {}): void {
      for (let i = 0; i < count; i++)
        forced.push({ kind: "network", target, ...(shop ? { shop: normalizeShop(shop) } : {}) });
    },
    /** The next `count` files created (fileCreate, productUpdate media) end FAILED instead of READY. */
    failNextFileProcessing(count = 1, failure: Partial<FileFailure> = {}): void {
      for (let i = 0; i < count; i++) {
        forcedFileFailures.push({
          code: failure.code ?? "IMAGE_PROCESSING_FAILURE",
          message: failure.message ?? "Image processing failed",
          details: failure.details ?? null,
        });
      }
    },
    /** The shop's bucket right now. */
    bucket(shop: string): ThrottleStatus {
      return store.shop(shop).bucket.status();
    },
    setBucketAvailable(shop: string, points: number): void {
      store.shop(shop).bucket.setAvailable(points);
    },
  };
}

function costExtension(requested: number, actual: number | null, status: ThrottleStatus) {
  return {
    requestedQueryCost: requested,
    actualQueryCost: actual,
    throttleStatus: {
      maximumAvailable: status.maximumAvailable,
      currentlyAvailable: Math.floor(status.currentlyAvailable),
      restoreRate: status.restoreRate,
    },
  };
}

function formatError(error: unknown): GraphQLFormattedError {
  return error instanceof GraphQLError
    ? error.toJSON()
    : { message: error instanceof Error ? error.message : String(error) };
}

async function grantTypeOf(request: Request): Promise<string | undefined> {
  const text = await request.text().catch(() => "");
  try {
    const json = JSON.parse(text) as { grant_type?: unknown };
    return typeof json.grant_type === "string" ? json.grant_type : undefined;
  } catch {
    return new URLSearchParams(text).get("grant_type") ?? undefined;
  }
}

function storageError(status: number, code: string, message: string): Response {
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    { status, headers: { "Content-Type": "application/xml" } },
  );
}

/** A body shorter than declared (truncated) or longer (or over Shopify's image limit) is not stored. */
function sizeRefusal(staged: StagedUploadRecord, received: number): Response | null {
  const limit = staged.fileSize ?? IMAGE_MAX_BYTES;
  if (received > limit)
    return storageError(
      400,
      "EntityTooLarge",
      `Your proposed upload is larger than the maximum object size specified in your Policy Document.`,
    );
  if (staged.fileSize !== null && received < staged.fileSize)
    return storageError(
      400,
      "EntityTooSmall",
      `Your proposed upload is smaller than the minimum object size specified in your Policy Document.`,
    );
  return null;
}

function trimSlash(origin: string): string {
  return origin.replace(/\/+$/, "");
}
