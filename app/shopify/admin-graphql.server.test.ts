import {
  GraphqlQueryError,
  HttpInternalError,
  HttpRequestError,
  HttpResponseError,
  HttpThrottlingError,
} from "@shopify/shopify-api";
import { describe, expect, it } from "vitest";
import {
  AdminApiError,
  AdminGraphqlError,
  AdminHttpError,
  AdminNetworkError,
  AdminThrottledError,
  ShopifyUserError,
  throwIfUserErrors,
} from "./admin-errors";
import { makeAdminGraphql, type AdminGraphqlOptions, type RawAdminGraphqlRequest } from "./admin-graphql.server";

const QUERY = `#graphql
  query ShopName { shop { name } }
`;
const DATA = { shop: { name: "Linen & Co" } };

type Step = Response | Error | (() => never);

/** A raw caller that answers from a script, and records what it was asked and how long the client slept. */
function scripted(steps: Step[], options: Partial<AdminGraphqlOptions> = {}) {
  const calls: { query: string; variables: Record<string, unknown> | undefined }[] = [];
  const sleeps: number[] = [];
  const request: RawAdminGraphqlRequest = async (query, { variables }) => {
    calls.push({ query, variables });
    const step = steps.shift();
    if (!step) throw new Error("script exhausted");
    if (step instanceof Error) throw step;
    if (typeof step === "function") step();
    return step as Response;
  };
  const admin = makeAdminGraphql({
    request,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    logger: { warn: () => {} },
    ...options,
  });
  return { admin, calls, sleeps };
}

const ok = (data: unknown = DATA) =>
  Response.json({
    data,
    extensions: {
      cost: {
        requestedQueryCost: 1,
        actualQueryCost: 1,
        throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1999, restoreRate: 100 },
      },
    },
  });
const throttledCost = (requested: number, available: number, restoreRate = 100) => ({
  requestedQueryCost: requested,
  actualQueryCost: null,
  throttleStatus: { maximumAvailable: 2000, currentlyAvailable: available, restoreRate },
});
const throttled = (requested: number, available: number, restoreRate = 100) =>
  Response.json({
    errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
    extensions: { cost: throttledCost(requested, available, restoreRate) },
  });
const status = (code: number, headers: Record<string, string> = {}) =>
  Response.json({ errors: "Internal Server Error" }, { status: code, headers });
const fetchFailed = () =>
  new TypeError("fetch failed", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) });

describe("makeAdminGraphql", () => {
  it("returns the data and sends the document and variables unchanged", async () => {
    const { admin, calls } = scripted([ok()]);
    await expect(admin.query<typeof DATA>(QUERY, { first: 3 })).resolves.toEqual(DATA);
    expect(calls).toEqual([{ query: QUERY, variables: { first: 3 } }]);
  });

  it("after THROTTLED waits (requested − available) / restoreRate seconds plus jitter, then returns the data", async () => {
    const { admin, sleeps } = scripted([throttled(602, 102), throttled(602, 502, 50), ok()], { throttleJitterMs: 250 });
    await expect(admin.query(QUERY)).resolves.toEqual(DATA);
    // 500 points at 100/s = 5 s, then 100 points at 50/s = 2 s; jitter 0.5 × 250 ms each time.
    expect(sleeps).toEqual([5_125, 2_125]);
  });

  it("tells its caller of every throttle wait, and of no other wait (metrics of time lost to the throttle)", async () => {
    const throttleWaits: number[] = [];
    const { admin, sleeps } = scripted([throttled(602, 102), status(503), ok()], {
      throttleJitterMs: 250,
      baseDelayMs: 100,
      onThrottleWait: (ms) => throttleWaits.push(ms),
    });
    await expect(admin.query(QUERY)).resolves.toEqual(DATA);
    expect(sleeps).toHaveLength(2);
    expect(throttleWaits).toEqual([5_125]);
  });

  it("waits for HTTP 429 as long as Retry-After says", async () => {
    const { admin, sleeps } = scripted([status(429, { "Retry-After": "2.0" }), ok()], { throttleJitterMs: 0 });
    await expect(admin.query(QUERY)).resolves.toEqual(DATA);
    expect(sleeps).toEqual([2_000]);
  });

  it("gives up with AdminThrottledError after maxThrottleRetries waits", async () => {
    const { admin, calls } = scripted([throttled(700, 0), throttled(700, 0), throttled(700, 0)], {
      maxThrottleRetries: 2,
    });
    const error = await admin.query(QUERY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminThrottledError);
    expect(error).toMatchObject({ operationName: "ShopName", attempts: 3, cost: { requestedQueryCost: 700 } });
    expect(calls).toHaveLength(3);
  });

  it("retries HTTP 5xx with jittered exponential back-off up to maxRetries, then throws AdminHttpError", async () => {
    const { admin, sleeps, calls } = scripted([status(503), status(500), status(502), status(503)], {
      maxRetries: 3,
      baseDelayMs: 500,
    });
    const error = await admin.query(QUERY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminHttpError);
    expect(error).toMatchObject({ status: 503, attempts: 4, retriable: true, operationName: "ShopName" });
    expect(calls).toHaveLength(4);
    // Equal jitter on 500, 1000, 2000 ms: half of each, plus 0.5 × the other half.
    expect(sleeps).toEqual([375, 750, 1_500]);
  });

  it("retries network failures and succeeds once the network is back", async () => {
    const { admin, sleeps } = scripted([fetchFailed(), fetchFailed(), ok()]);
    await expect(admin.query(QUERY)).resolves.toEqual(DATA);
    expect(sleeps).toHaveLength(2);
  });

  it("throws AdminNetworkError with the last failure as cause when the network stays down", async () => {
    const last = fetchFailed();
    const { admin } = scripted([fetchFailed(), last], { maxRetries: 1 });
    const error = await admin.query(QUERY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminNetworkError);
    expect((error as AdminNetworkError).cause).toBe(last);
  });

  it("retries INTERNAL_SERVER_ERROR reported in a 200 response's errors, and reports it as a GraphQL error if it persists", async () => {
    const internal = () =>
      Response.json({
        errors: [
          {
            message: "Internal error. Looks like something went wrong on our end.",
            extensions: { code: "INTERNAL_SERVER_ERROR" },
          },
        ],
      });
    const recovering = scripted([internal(), ok()]);
    await expect(recovering.admin.query(QUERY)).resolves.toEqual(DATA);
    expect(recovering.calls).toHaveLength(2);

    const persisting = scripted([internal(), internal()], { maxRetries: 1 });
    await expect(persisting.admin.query(QUERY)).rejects.toMatchObject({
      name: "AdminGraphqlError",
      codes: ["INTERNAL_SERVER_ERROR"],
    });
  });

  it("turns other GraphQL errors into AdminGraphqlError at once, keeping partial data", async () => {
    const invalid = Response.json({
      data: { shop: null },
      errors: [{ message: "Access denied for shop field.", path: ["shop"], extensions: { code: "ACCESS_DENIED" } }],
    });
    const { admin, calls } = scripted([invalid]);
    const error = await admin.query(QUERY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminGraphqlError);
    expect(error).toMatchObject({
      codes: ["ACCESS_DENIED"],
      data: { shop: null },
      message: "ShopName failed: Access denied for shop field.",
    });
    expect(calls).toHaveLength(1);
  });

  it("does not retry a 401 (unknown or expired token) and reports the status", async () => {
    const { admin, calls } = scripted([
      Response.json({ errors: "[API] Invalid API key or access token" }, { status: 401 }),
    ]);
    await expect(admin.query(QUERY)).rejects.toMatchObject({ name: "AdminHttpError", status: 401, retriable: false });
    expect(calls).toHaveLength(1);
  });

  it("stops waiting when the next wait would exceed maxTotalWaitMs", async () => {
    const { admin, sleeps } = scripted([throttled(1000, 0), throttled(1000, 0)], {
      maxTotalWaitMs: 15_000,
      throttleJitterMs: 0,
    });
    await expect(admin.query(QUERY)).rejects.toBeInstanceOf(AdminThrottledError);
    expect(sleeps).toEqual([10_000]);
  });

  it("passes through failures that are not Shopify's, untouched and not retried", async () => {
    const bug = new RangeError("no offline session for shop");
    const { admin, calls } = scripted([bug]);
    await expect(admin.query(QUERY)).rejects.toBe(bug);
    expect(calls).toHaveLength(1);
  });
});

describe("makeAdminGraphql with errors thrown by @shopify/shopify-api and shopify-app-remix", () => {
  const headers = { "Content-Type": "application/json" };

  it("backs off on a GraphqlQueryError carrying THROTTLED and the cost", async () => {
    const error = new GraphqlQueryError({
      message: "Throttled",
      response: {} as Record<string, unknown>,
      headers,
      body: {
        errors: {
          networkStatusCode: 200,
          message: "GraphQL Client: An error occurred",
          graphQLErrors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
        },
        extensions: { cost: throttledCost(300, 100) },
      },
    });
    const { admin, sleeps } = scripted([error, ok()], { throttleJitterMs: 0 });
    await expect(admin.query(QUERY)).resolves.toEqual(DATA);
    expect(sleeps).toEqual([2_000]);
  });

  it("turns a GraphqlQueryError with other errors into AdminGraphqlError", async () => {
    const error = new GraphqlQueryError({
      message: "Field 'nmae' doesn't exist on type 'Shop'",
      response: {} as Record<string, unknown>,
      headers,
      body: {
        errors: {
          graphQLErrors: [
            { message: "Field 'nmae' doesn't exist on type 'Shop'", extensions: { code: "undefinedField" } },
          ],
        },
      },
    });
    const { admin } = scripted([error]);
    await expect(admin.query(QUERY)).rejects.toMatchObject({ name: "AdminGraphqlError", codes: ["undefinedField"] });
  });

  it("retries HttpInternalError, HttpThrottlingError and HttpRequestError; stops at other HttpResponseErrors", async () => {
    const internal = new HttpInternalError({
      message: "Shopify internal error",
      code: 502,
      statusText: "Bad Gateway",
      body: {},
      headers,
    });
    const tooMany = new HttpThrottlingError({
      message: "Throttled",
      code: 429,
      statusText: "Too Many Requests",
      body: {},
      headers,
      retryAfter: 1,
    });
    const noResponse = new HttpRequestError("Http request error, no response available: GraphQL Client: fetch failed");
    const forbidden = new HttpResponseError({
      message: "Forbidden",
      code: 403,
      statusText: "Forbidden",
      body: { errors: "Scope missing" },
      headers,
    });
    const { admin, calls } = scripted([internal, tooMany, noResponse, forbidden], { throttleJitterMs: 0 });
    await expect(admin.query(QUERY)).rejects.toMatchObject({
      name: "AdminHttpError",
      status: 403,
      body: { errors: "Scope missing" },
    });
    expect(calls).toHaveLength(4);
  });

  it("handles a thrown Response, as an authenticated admin context throws them", async () => {
    const { admin, calls } = scripted([
      () => {
        throw new Response(JSON.stringify({}), { status: 502 });
      },
      ok(),
    ]);
    await expect(admin.query(QUERY)).resolves.toEqual(DATA);
    expect(calls).toHaveLength(2);
  });
});

describe("throwIfUserErrors", () => {
  it("returns a payload without userErrors", () => {
    const payload = { files: [{ id: "gid://shopify/MediaImage/1" }], userErrors: [] };
    expect(throwIfUserErrors(payload, "CreateFile")).toBe(payload);
  });

  it("throws a ShopifyUserError with field paths, codes and messages", () => {
    const payload = {
      files: null,
      userErrors: [
        { field: ["files", "0", "id"], message: "Non-ready files cannot be updated.", code: "NON_READY_STATE" },
        { field: null, message: "Something general", code: null },
      ],
    };
    const error = (() => {
      try {
        throwIfUserErrors(payload, "AttachFileToProduct");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ShopifyUserError);
    expect(error).toMatchObject({
      operationName: "AttachFileToProduct",
      fieldPaths: ["files.0.id"],
      codes: ["NON_READY_STATE"],
      message: "AttachFileToProduct was refused: files.0.id: Non-ready files cannot be updated.; Something general",
    });
  });

  it("reads mediaUserErrors too, once each when the deprecated userErrors repeat them", () => {
    const payload = {
      job: null,
      userErrors: [{ field: ["moves", "0", "id"], message: "Media does not exist" }],
      mediaUserErrors: [
        { field: ["moves", "0", "id"], message: "Media does not exist", code: "MEDIA_DOES_NOT_EXIST_ON_PRODUCT" },
      ],
    };
    expect(() => throwIfUserErrors(payload, "ReorderProductMedia")).toThrow(
      expect.objectContaining({
        userErrors: [
          { field: ["moves", "0", "id"], message: "Media does not exist", code: "MEDIA_DOES_NOT_EXIST_ON_PRODUCT" },
        ],
      }),
    );
  });

  it("treats a missing payload as an error", () => {
    expect(() => throwIfUserErrors(null, "CreateFile")).toThrow(AdminApiError);
  });
});
