/**
 * The fake Admin API over plain HTTP on 127.0.0.1, for other processes (the sandbox, a worker). A local
 * server cannot answer for `https://{shop}`, so the shop goes in the path or a header:
 *
 *   POST {url}/shops/{shop}/admin/api/{version}/graphql.json      (or /admin/api/… with X-Shopify-Shop-Domain)
 *   POST {url}/shops/{shop}/admin/oauth/access_token
 *   PUT  {url}/uploads/…        staged upload targets (stagedUploadsCreate returns these URLs)
 *   GET  {url}/cdn/s/files/…    READY images (MediaImage.image.url points here)
 *   GET  {url}/bulk/…           bulk operation results (BulkOperation.url points here)
 *
 * A process using @shopify/shopify-api can keep its `https://{shop}` URLs and route them here with
 * `setAbstractFetchFunc(fetchViaFakeAdminServer(url))` from "@shopify/shopify-api/runtime".
 *
 * Another process (an end-to-end test driving the sandbox) reaches the controls over HTTP too:
 *
 *   POST {url}/__fake-admin/controls   {"action":"throttleNext","count":3} | {"action":"failNext","count":1,"status":503}
 *                                      | {"action":"networkErrorNext"} | {"action":"failNextFileProcessing"}
 *                                      | {"action":"settleFiles"} | {"action":"setBucketAvailable","shop":…,"points":0}
 *                                      | {"action":"issueAccessToken","shop":…} → {"accessToken":…}
 *                                      | {"action":"failNextBulkOperation","errorCode":"TIMEOUT"}
 *                                      | {"action":"setBulkOperationTimeline","queuedMs":…,"objectsPerSecond":…}
 *                                      | {"action":"repaceRunningBulkOperations","objectsPerSecond":…} → {"changed":1}
 *                                      | {"action":"dropNextWebhooks","count":1}
 *                                      | {"action":"subscribeWebhook","topic":"bulk_operations/finish","address":…}
 *   GET  {url}/__fake-admin/requests   the request log
 *   GET  {url}/__fake-admin/webhooks   the webhooks sent (topic, shop, address, payload, the answer's status)
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { z } from "zod";
import { createFakeAdminApi, FakeNetworkError, type FakeAdminApi, type FakeAdminOptions } from "./fake-admin";

export interface FakeAdminServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  fake: FakeAdminApi;
  close(): Promise<void>;
}

export async function startFakeAdminServer(
  options: { fake?: FakeAdminApi; port?: number; host?: string } & FakeAdminOptions = {},
): Promise<FakeAdminServer> {
  const { fake: given, port = 0, host = "127.0.0.1", ...fakeOptions } = options;
  const fake = given ?? createFakeAdminApi(fakeOptions);
  const server = createServer((req, res) => {
    void serve(fake, req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const { port: boundPort } = server.address() as AddressInfo;
  const url = `http://${host}:${boundPort}`;
  fake.setOrigins({ uploadOrigin: `${url}/uploads`, cdnOrigin: `${url}/cdn`, bulkOrigin: `${url}/bulk` });
  return {
    url,
    fake,
    close: () =>
      new Promise<void>((resolve, reject) => {
        fake.stopTimers();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const target = z.enum(["graphql", "oauth", "upload", "cdn", "bulk"]).optional();
const controlSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("throttleNext"),
    count: z.number().int().positive().default(1),
    shop: z.string().optional(),
  }),
  z.object({
    action: z.literal("failNext"),
    count: z.number().int().positive().default(1),
    status: z.number().int().min(400).max(599).default(500),
    target,
    shop: z.string().optional(),
  }),
  z.object({
    action: z.literal("networkErrorNext"),
    count: z.number().int().positive().default(1),
    target,
    shop: z.string().optional(),
  }),
  z.object({
    action: z.literal("failNextFileProcessing"),
    count: z.number().int().positive().default(1),
    code: z.string().optional(),
  }),
  z.object({ action: z.literal("settleFiles"), shop: z.string().optional() }),
  z.object({ action: z.literal("setBucketAvailable"), shop: z.string(), points: z.number().min(0) }),
  z.object({ action: z.literal("issueAccessToken"), shop: z.string(), expiring: z.boolean().default(false) }),
  z.object({
    action: z.literal("failNextBulkOperation"),
    errorCode: z.enum(["ACCESS_DENIED", "INTERNAL_SERVER_ERROR", "TIMEOUT"]).default("INTERNAL_SERVER_ERROR"),
    afterObjects: z.number().int().min(0).default(0),
  }),
  z.object({
    action: z.literal("setBulkOperationTimeline"),
    queuedMs: z.number().min(0).optional(),
    objectsPerSecond: z.number().positive().optional(),
  }),
  z.object({ action: z.literal("repaceRunningBulkOperations"), objectsPerSecond: z.number().positive() }),
  z.object({ action: z.literal("dropNextWebhooks"), count: z.number().int().positive().default(1) }),
  z.object({ action: z.literal("subscribeWebhook"), topic: z.string().min(1), address: z.url() }),
]);

function control(fake: FakeAdminApi, input: z.infer<typeof controlSchema>): Record<string, unknown> {
  switch (input.action) {
    case "throttleNext":
      fake.throttleNext(input.count, { ...(input.shop ? { shop: input.shop } : {}) });
      return {};
    case "failNext":
      fake.failNext(input.count, {
        status: input.status,
        ...(input.target ? { target: input.target } : {}),
        ...(input.shop ? { shop: input.shop } : {}),
      });
      return {};
    case "networkErrorNext":
      fake.networkErrorNext(input.count, {
        ...(input.target ? { target: input.target } : {}),
        ...(input.shop ? { shop: input.shop } : {}),
      });
      return {};
    case "failNextFileProcessing":
      fake.failNextFileProcessing(input.count, input.code ? { code: input.code } : {});
      return {};
    case "settleFiles":
      fake.store.settleFiles(input.shop);
      return {};
    case "setBucketAvailable":
      fake.setBucketAvailable(input.shop, input.points);
      return {};
    case "issueAccessToken":
      return { accessToken: fake.issueAccessToken(input.shop, { expiring: input.expiring }) };
    case "failNextBulkOperation":
      fake.failNextBulkOperation({ errorCode: input.errorCode, afterObjects: input.afterObjects });
      return {};
    case "setBulkOperationTimeline":
      fake.setBulkOperationTimeline({
        ...(input.queuedMs !== undefined ? { queuedMs: input.queuedMs } : {}),
        ...(input.objectsPerSecond !== undefined ? { objectsPerSecond: input.objectsPerSecond } : {}),
      });
      return {};
    case "repaceRunningBulkOperations":
      return { changed: fake.repaceRunningBulkOperations(input.objectsPerSecond) };
    case "dropNextWebhooks":
      fake.dropNextWebhooks(input.count);
      return {};
    case "subscribeWebhook":
      fake.subscribeWebhook(input.topic, input.address);
      return {};
  }
}

async function serveControls(
  fake: FakeAdminApi,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  if (req.method === "GET" && path === "/__fake-admin/requests") return reply(200, fake.requests);
  if (req.method === "GET" && path === "/__fake-admin/webhooks") return reply(200, fake.webhookDeliveries);
  if (req.method === "POST" && path === "/__fake-admin/controls") {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let json: unknown;
    try {
      json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return reply(400, { error: "The body is not JSON" });
    }
    const input = controlSchema.safeParse(json);
    if (!input.success) return reply(400, { error: z.prettifyError(input.error) });
    try {
      return reply(200, control(fake, input.data));
    } catch (error) {
      return reply(400, { error: error instanceof Error ? error.message : String(error) });
    }
  }
  return reply(404, { error: "Unknown control" });
}

async function serve(fake: FakeAdminApi, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const local = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
  if (local.pathname.startsWith("/__fake-admin/")) return serveControls(fake, req, res, local.pathname);
  const request = new Request(shopifyUrlOf(local, req), {
    method: req.method ?? "GET",
    headers: Object.entries(req.headers).flatMap(([name, value]) =>
      value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
    ),
    ...(req.method === "GET" || req.method === "HEAD"
      ? {}
      : { body: Readable.toWeb(req) as ReadableStream, duplex: "half" }),
  });
  let response: Response;
  try {
    response = await fake.handle(request);
  } catch (error) {
    if (error instanceof FakeNetworkError) {
      req.socket.destroy();
      return;
    }
    throw error;
  }
  res.writeHead(response.status, response.statusText, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  // Streamed: a bulk operation's JSONL can be tens of megabytes.
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.write(value)) await new Promise((resolve) => res.once("drain", resolve));
  }
  res.end();
}

/** The URL the fake would see from Shopify-bound fetches; uploads and CDN keep their local URL. */
function shopifyUrlOf(local: URL, req: IncomingMessage): string {
  const shopPath = /^\/shops\/([^/]+)(\/admin\/.*)$/.exec(local.pathname);
  if (shopPath) return `https://${shopPath[1]}${shopPath[2]}${local.search}`;
  const shopHeader = req.headers["x-shopify-shop-domain"];
  if (local.pathname.startsWith("/admin/") && typeof shopHeader === "string") {
    return `https://${shopHeader}${local.pathname}${local.search}`;
  }
  return local.toString();
}

/**
 * A fetch that sends `https://{shop}.myshopify.com/admin/…` to the local server (as /shops/{shop}/admin/…) and
 * everything else to the real fetch.
 */
export function fetchViaFakeAdminServer(serverUrl: string, realFetch: typeof fetch = globalThis.fetch): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol === "https:" && url.hostname.endsWith(".myshopify.com") && url.pathname.startsWith("/admin/")) {
      return realFetch(new Request(`${serverUrl}/shops/${url.hostname}${url.pathname}${url.search}`, request));
    }
    return realFetch(request);
  };
}
