/**
 * The merchant pages' test harness: a fresh database bound to the app's modules, the fake Admin API behind msw
 * (so route code calls Shopify's real client, which calls the fake), optionally the try-on simulator, and
 * installed shops with offline sessions. Requests are signed session tokens, as App Bridge and the admin
 * extensions send them, so every test goes through authenticate.admin unchanged.
 *
 * The database is the PostgreSQL server by default: the page tests are about pages, and PGlite's start-up costs
 * seconds of CPU per file. test/routes/shop-isolation.test.ts runs on both kinds.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import {
  createFakeAdminApi,
  fakeAdminHandlers,
  routeShopifyApiFetchThroughMsw,
  type FakeAdminApi,
  type FakeAdminOptions,
} from "../../fakes/shopify-admin";
import { startTryOnSimulator, type TryOnSimulator } from "../../fakes/tryon-service";
import { useAppDatabase } from "./app-modules";
import type { DatabaseKind, TestDatabase } from "../../harness/database";
import { sessionTokenRequest } from "../../harness/shopify-requests";
import { DEFAULT_TEST_OPTIONS } from "../../harness/render-fixtures";
import { APP_SCOPES, installShop } from "../../harness/install-shop";

export const SCOPES = APP_SCOPES;

type RouteArgs = { request: Request; params: Record<string, string>; context: Record<string, unknown> };
export type RouteFunction = (args: RouteArgs) => Promise<unknown>;

export interface MerchantApp {
  database: TestDatabase;
  fake: FakeAdminApi;
  simulator: TryOnSimulator | null;
  /** A shop with an offline session (as token exchange stores it) and its Shop row. */
  installShop(shop: string): Promise<void>;
  /** Saves a working try-on key for the shop, encrypted as Settings would (the simulator's key by default). */
  saveServiceKey(
    shop: string,
    settings?: { apiKey?: string; defaults?: Record<string, unknown> | null },
  ): Promise<void>;
  close(): Promise<void>;
}

export async function startMerchantApp(
  options: { kind?: DatabaseKind; simulator?: boolean; fake?: FakeAdminOptions } = {},
): Promise<MerchantApp> {
  const database = await useAppDatabase(options.kind ?? "postgres");
  const fake = createFakeAdminApi(options.fake);
  const server = setupServer(
    // The bulk-run preview probes photos with HEAD first; the fake CDN serves GET, so HEAD gets GET's headers.
    http.head(
      ({ request }) => request.url.startsWith(`${fake.cdnOrigin}/`),
      async ({ request }) => {
        const answer = await fake.handle(new Request(request.url));
        return new HttpResponse(null, { status: answer.status, headers: answer.headers });
      },
    ),
    ...fakeAdminHandlers(fake),
  );
  server.listen({
    // The simulator runs on 127.0.0.1 and is reached for real; anything else unexpected fails the test.
    onUnhandledRequest(request, print) {
      if (new URL(request.url).hostname !== "127.0.0.1") print.error();
    },
  });
  routeShopifyApiFetchThroughMsw();
  const simulator = options.simulator ? await startTryOnSimulator({ timeFactor: 0.01 }) : null;
  const { sessionStorage } = await import("~/shopify.server");
  const { keyringFromEnv, hashServiceKey } = await import("~/lib/secret-box.server");

  return {
    database,
    fake,
    simulator,
    installShop: (shop) => installShop({ prisma: database.prisma, sessionStorage, fake }, shop),
    async saveServiceKey(shop, settings = {}) {
      const apiKey = settings.apiKey ?? simulator?.apiKey ?? "test-key-0000";
      const box = keyringFromEnv(process.env);
      const data = {
        tryOnApiKeyEncrypted: box.seal(apiKey, shop),
        tryOnApiKeyLast4: apiKey.slice(-4),
        tryOnKeyHash: hashServiceKey(apiKey),
        tryOnBaseUrl: simulator?.baseUrl ?? "http://127.0.0.1:9",
        ...(settings.defaults ? { defaultOptions: settings.defaults as object } : {}),
      };
      await database.prisma.shopSettings.upsert({ where: { shop }, create: { shop, ...data }, update: data });
    },
    async close() {
      fake.stopTimers();
      server.close();
      await simulator?.stop();
      await database.close();
    },
  };
}

/** Runs a loader or action and returns what the browser would get: thrown responses included. */
export async function respond(
  route: RouteFunction,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    const value = await route({ request, params, context: {} });
    if (value instanceof Response) return value;
    // Single fetch: a route answers a plain object, or data(value, init) when it sets a status or headers.
    const { body, init } = isDataWithResponseInit(value)
      ? { body: value.data, init: value.init ?? {} }
      : { body: value, init: {} };
    const headers = new Headers(init.headers);
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

interface DataWithResponseInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

const isDataWithResponseInit = (value: unknown): value is DataWithResponseInit =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

export async function jsonOf<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** GET as App Bridge's fetch does it (Bearer session token). */
export const getAs = (shop: string, path: string) => sessionTokenRequest(path, shop);

/** A form post from an embedded page. Repeated fields are given as arrays. */
export function postFormAs(shop: string, path: string, fields: Record<string, string | string[]>): Promise<Request> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  return sessionTokenRequest(path, shop, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

/** A JSON post from an admin extension (its fetch carries the session token and Shopify's extension origin). */
export function postJsonAs(shop: string, path: string, body: unknown): Promise<Request> {
  return sessionTokenRequest(path, shop, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: "https://extensions.shopifycdn.com" },
  });
}

/** Valid option fields as the options form posts them (ids from the simulator's catalog). */
export const OPTION_FIELDS = {
  productType: "top",
  productCategory: "t_shirt",
  mannequinId: "mnq_amara",
  poseId: "pose_front_relaxed",
  background: "bg_studio_white",
  resolution: "2K",
  aspectRatio: "3:4",
  bodySize: "M",
  expression: "neutral",
  userInstruction: "",
} as const;

/** The look the tests render with: the harness's default options. */
export const DEFAULT_LOOK = DEFAULT_TEST_OPTIONS;
