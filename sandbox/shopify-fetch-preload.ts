/**
 * Loaded with `node --import` into the sandbox's app process only, before any of the app's modules:
 * @shopify/shopify-api's node adapter keeps the `globalThis.fetch` it finds when it is imported, so the
 * routing has to be in place first. Requests to `https://{shop}.myshopify.com/admin/…` go to the fake Admin
 * API (as `{fake}/shops/{shop}/admin/…`); every other request (the try-on simulator, image probes) is untouched.
 * The app's code is the same as in production; nothing here is imported by it.
 */
import { fakeAdminAddress } from "./shopify-routing";

const fakeAdminUrl = process.env.SANDBOX_FAKE_ADMIN_URL;
// The web-vitals benchmark serves the production build in the sandbox and says so; nothing else may.
if (process.env.NODE_ENV === "production" && process.env.SANDBOX_PRODUCTION_BUILD !== "1") {
  throw new Error("The sandbox's Shopify routing must never be loaded in production (NODE_ENV=production).");
}
if (!fakeAdminUrl) {
  throw new Error("SANDBOX_FAKE_ADMIN_URL is not set: this preload belongs to `npm run sandbox` only.");
}

const realFetch = globalThis.fetch;

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const request = new Request(input, init);
  const target = fakeAdminAddress(new URL(request.url), fakeAdminUrl);
  if (!target) return realFetch(input, init);
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  return realFetch(target, {
    method: request.method,
    headers: request.headers,
    ...(body ? { body } : {}),
    signal: request.signal,
    redirect: request.redirect,
  });
};
