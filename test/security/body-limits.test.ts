import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionTokenHeader } from "../../harness/shopify-requests";
import { respond, startMerchantApp, type MerchantApp, type RouteFunction } from "../support/merchant-app";

/**
 * Every route that takes a request body limits it before reading it, by route class (app/web/body-limits.server.ts):
 * found here by listing app/routes, so a route added later without the limit fails. Past the limit: 413, with a
 * declared length before a byte is read, without one after at most the limit (and the chunk that crossed it).
 */

const SHOP = "body-limits.myshopify.com";
const CHUNK = 16 * 1024;
const ROUTES_DIR = join(import.meta.dirname, "..", "..", "app", "routes");

type RouteClass = "webhook" | "login" | "extensionApi" | "appForm";

function routeClassOf(routeName: string): RouteClass | null {
  if (routeName.startsWith("webhooks.")) return "webhook";
  if (routeName === "auth.login") return "login";
  if (routeName.startsWith("api.")) return "extensionApi";
  if (routeName === "app" || routeName.startsWith("app.")) return "appForm";
  return null;
}

/** Where a request of each class comes from (the path matters to Shopify's authentication only). */
const PATH: Record<RouteClass, string> = {
  webhook: "/webhooks/app/uninstalled",
  login: "/auth/login",
  extensionApi: "/api/renders",
  appForm: "/app/generate",
};

/** Every route module of app/routes (a file, or a folder's route.ts/route.tsx), by route name. */
function routeModules(): Array<{ name: string; file: string }> {
  return readdirSync(ROUTES_DIR, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")) {
      return [{ name: entry.name.replace(/\.tsx?$/, ""), file: join(ROUTES_DIR, entry.name) }];
    }
    if (!entry.isDirectory()) return [];
    const route = readdirSync(join(ROUTES_DIR, entry.name)).find((file) => /^route\.tsx?$/.test(file));
    return route ? [{ name: entry.name, file: join(ROUTES_DIR, entry.name, route) }] : [];
  });
}

/** A body of `bytes` bytes that counts what was pulled from it, producing nothing before a read. */
function countedBody(bytes: number) {
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const size = Math.min(CHUNK, bytes - pulled.bytes);
        if (size <= 0) return controller.close();
        pulled.bytes += size;
        controller.enqueue(new Uint8Array(size).fill(97));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled };
}

describe("request bodies are limited before they are read, on every route that takes one", () => {
  let app: MerchantApp;
  let limits: Record<RouteClass, number>;
  const actions: Array<{ name: string; routeClass: RouteClass | null; action: RouteFunction }> = [];

  beforeAll(async () => {
    app = await startMerchantApp();
    await app.installShop(SHOP);
    limits = (await import("~/web/body-limits.server")).BODY_LIMITS;
    for (const { name, file } of routeModules()) {
      const module = (await import(file)) as { action?: RouteFunction };
      if (module.action) actions.push({ name, routeClass: routeClassOf(name), action: module.action });
    }
  });
  afterAll(async () => app?.close());

  /** A POST of the class, signed in where the class is (so only the limit stands between the body and the handler). */
  async function post(routeClass: RouteClass, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
    const signedIn: Record<string, string> =
      routeClass === "appForm" || routeClass === "extensionApi"
        ? { Authorization: await sessionTokenHeader(SHOP) }
        : {};
    const contentType =
      routeClass === "extensionApi" || routeClass === "webhook"
        ? "application/json"
        : "application/x-www-form-urlencoded";
    return new Request(new URL(PATH[routeClass], "http://localhost:3000"), {
      method: "POST",
      body,
      duplex: "half",
      headers: { "Content-Type": contentType, ...signedIn, ...headers },
    });
  }

  const params = { renderId: "r1", runId: "run1" };

  it("finds the routes with an action, each in a route class", () => {
    expect(actions.map((route) => route.name).sort()).toEqual(
      expect.arrayContaining(["auth.login", "api.renders", "app.generate", "webhooks.app.uninstalled"]),
    );
    expect(actions.filter((route) => route.routeClass === null).map((route) => route.name)).toEqual([]);
  });

  it("answers 413 to a declared length over the limit, reading nothing", async () => {
    for (const { name, routeClass, action } of actions) {
      const limit = limits[routeClass!];
      const { stream, pulled } = countedBody(limit + 1);
      const request = await post(routeClass!, stream, { "Content-Length": String(limit + 1) });
      expect([name, (await respond(action, request, params)).status, pulled.bytes]).toEqual([name, 413, 0]);
    }
  });

  it("answers 413 to a body without a length once it passes the limit, having read no further", async () => {
    for (const { name, routeClass, action } of actions) {
      const limit = limits[routeClass!];
      const { stream, pulled } = countedBody(100 * limit);
      const status = (await respond(action, await post(routeClass!, stream), params)).status;
      expect([name, status, pulled.bytes <= limit + CHUNK]).toEqual([name, 413, true]);
    }
  });

  it("answers the extension API's 413 with the CORS headers of its other answers, so the dialog can read it", async () => {
    // Where Shopify serves admin extensions from: not the app's own origin.
    const origin = { Origin: "https://extensions.shopifycdn.com" };
    const corsOf = (response: Response) =>
      Object.fromEntries([...response.headers].filter(([name]) => name.startsWith("access-control-")));
    const extensionApi = actions.filter((route) => route.routeClass === "extensionApi");
    expect(extensionApi.length).toBeGreaterThan(0);
    for (const { name, action } of extensionApi) {
      const limit = limits.extensionApi;
      // An ordinary answer of the route (a refusal of a body that is not JSON), with the headers authenticate.admin adds.
      const empty = countedBody(2).stream;
      const answered = await respond(action, await post("extensionApi", empty, origin), params);
      expect([name, answered.status === 413, corsOf(answered)["access-control-allow-origin"]]).toEqual([
        name,
        false,
        "*",
      ]);
      const declared = await post("extensionApi", countedBody(limit + 1).stream, {
        ...origin,
        "Content-Length": String(limit + 1),
      });
      const streamed = await post("extensionApi", countedBody(100 * limit).stream, origin);
      for (const request of [declared, streamed]) {
        const tooLarge = await respond(action, request, params);
        expect([name, tooLarge.status, corsOf(tooLarge)]).toEqual([name, 413, corsOf(answered)]);
      }
    }
  });

  it("lets a body of exactly the limit through to the handler", async () => {
    for (const { name, routeClass, action } of actions) {
      const limit = limits[routeClass!];
      const { stream, pulled } = countedBody(limit);
      const request = await post(routeClass!, stream, { "Content-Length": String(limit) });
      const status = (await respond(action, request, params)).status;
      expect([name, status === 413, pulled.bytes]).toEqual([name, false, limit]);
    }
  });
});
