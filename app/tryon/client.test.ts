/**
 * The client against scripted answers (an injected fetch), for what the simulator does not do on its own: other
 * paths and field names, services that echo secrets, redirects, foreign result hosts, odd error bodies.
 */
import { inspect } from "node:util";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readStream } from "~/lib/streams";
import { CatalogCache } from "./catalog";
import { createTryOnClient } from "./client";
import type { TryOnClientOptions } from "./connection";
import {
  TryOnAuthError,
  TryOnInvalidRequestError,
  TryOnNotSentError,
  TryOnOutcomeUnknownError,
  TryOnOutOfCreditsError,
  TryOnRateLimitedError,
  TryOnRejectedInputError,
  TryOnResultRejectedError,
  TryOnUnavailableError,
  TryOnUnexpectedResponseError,
} from "./errors";
import type { FetchLike } from "./http";
import { recordingLogger, sampleJobInput } from "../../harness/tryon-client";

const KEY = "sk_live_0123456789abcdef";
const BASE = "https://tryon.example";

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function scripted(answer: (call: Call, index: number) => Response | Promise<Response>): FetchLike & { calls: Call[] } {
  const calls: Call[] = [];
  const fetchImpl = async (url: string, init: RequestInit) => {
    const call: Call = {
      method: init.method ?? "GET",
      url,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === "string" ? init.body : undefined,
    };
    calls.push(call);
    return answer(call, calls.length - 1);
  };
  return Object.assign(fetchImpl, { calls });
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

function client(fetchImpl: FetchLike, options: Partial<TryOnClientOptions> = {}) {
  const logger = recordingLogger();
  const sleeps: number[] = [];
  const created = createTryOnClient({
    baseUrl: BASE,
    apiKey: KEY,
    fetch: fetchImpl,
    logger,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    catalogCache: new CatalogCache(),
    ...options,
  });
  return { client: created, logger, sleeps };
}

const jobInput = () => sampleJobInput("https://cdn.example/tee.jpg");

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("options", () => {
  it("are validated, and the error never echoes the key", () => {
    expect(() => createTryOnClient({ baseUrl: "ftp://nope", apiKey: KEY })).toThrow(/baseUrl/);
    expect(() => createTryOnClient({ baseUrl: BASE, apiKey: KEY, paths: { status: "/jobs" } })).toThrow(
      /must contain \{id\}/,
    );
    try {
      createTryOnClient({ baseUrl: "nope", apiKey: KEY, timeoutMs: -1 });
    } catch (error) {
      expect(inspect(error, { showHidden: true })).not.toContain(KEY);
    }
  });
});

describe("requests", () => {
  it("carry the bearer key and the JSON content type, to the default paths", async () => {
    const fetchImpl = scripted((call) =>
      call.method === "POST"
        ? json(202, { data: { id: "j1", status: "queued" } })
        : json(200, { data: { id: "j1", status: "processing" } }),
    );
    const { client: tryOn } = client(fetchImpl);
    await tryOn.submitTryOnJob(jobInput());
    await tryOn.getJobStatus("j/1");
    expect(fetchImpl.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "POST https://tryon.example/api/v1/tryon/apparel",
      "GET https://tryon.example/api/v1/tryon/apparel/j%2F1",
    ]);
    for (const call of fetchImpl.calls) expect(call.headers.Authorization).toBe(`Bearer ${KEY}`);
    expect(fetchImpl.calls[0]?.headers["Content-Type"]).toBe("application/json");
  });

  it("go to configured paths and read configured status fields", async () => {
    const fetchImpl = scripted((call) => {
      if (call.url.includes("/v2/renders/")) {
        return json(200, { result: { state: "SUCCEEDED", image: { href: "/files/out.png" } } });
      }
      return json(200, { payload: { entries: [{ id: "p1" }] } });
    });
    const { client: tryOn } = client(fetchImpl, {
      baseUrl: "https://tryon.example/gateway/",
      paths: { status: "/v2/renders/{id}", poses: "/v2/poses/{product_type}" },
      fields: { status: "result.state", outputUrl: "result.image.href", catalogItems: "payload.entries" },
    });
    expect(await tryOn.getJobStatus("r9")).toEqual({
      jobId: "r9",
      status: "completed",
      rawStatus: "SUCCEEDED",
      outputUrl: "https://tryon.example/files/out.png",
    });
    expect((await tryOn.listPoses("top")).map((pose) => pose.id)).toEqual(["p1"]);
    expect(fetchImpl.calls.map((call) => call.url)).toEqual([
      "https://tryon.example/gateway/v2/renders/r9",
      "https://tryon.example/gateway/v2/poses/top",
    ]);
  });

  it("that are invalid locally are not sent", async () => {
    const fetchImpl = scripted(() => json(202, {}));
    const { client: tryOn } = client(fetchImpl);
    const error = await caught(tryOn.submitTryOnJob({ ...jobInput(), productImages: [] }));
    expect(error).toBeInstanceOf(TryOnInvalidRequestError);
    expect((error as TryOnInvalidRequestError).kind).toBe("not_sent");
    expect(fetchImpl.calls).toEqual([]);
  });
});

describe("submit classification", () => {
  it("a name that does not resolve: not sent", async () => {
    const cause = Object.assign(new Error("getaddrinfo ENOTFOUND tryon.example"), { code: "ENOTFOUND" });
    const { client: tryOn } = client(scripted(() => Promise.reject(new TypeError("fetch failed", { cause }))));
    const error = await caught(tryOn.submitTryOnJob(jobInput()));
    expect(error).toBeInstanceOf(TryOnNotSentError);
    expect(error).not.toBeInstanceOf(TryOnOutcomeUnknownError);
  });

  it("a connection reset: outcome unknown, sent once", async () => {
    const cause = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    const fetchImpl = scripted(() => Promise.reject(new TypeError("fetch failed", { cause })));
    const { client: tryOn } = client(fetchImpl);
    expect(await caught(tryOn.submitTryOnJob(jobInput()))).toBeInstanceOf(TryOnOutcomeUnknownError);
    expect(fetchImpl.calls).toHaveLength(1);
  });

  it("a body cut off after the headers: outcome unknown", async () => {
    const fetchImpl = scripted(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"data":'));
              controller.error(new TypeError("terminated"));
            },
          }),
          { status: 202 },
        ),
    );
    const { client: tryOn } = client(fetchImpl);
    const error = await caught(tryOn.submitTryOnJob(jobInput()));
    expect(error).toBeInstanceOf(TryOnOutcomeUnknownError);
    expect((error as TryOnOutcomeUnknownError).reason).toMatch(/answer cut short/);
  });

  it("a success without data.id: outcome unknown", async () => {
    const { client: tryOn } = client(scripted(() => json(202, { id: "top-level" })));
    expect(await caught(tryOn.submitTryOnJob(jobInput()))).toBeInstanceOf(TryOnOutcomeUnknownError);
  });

  it("a redirect: unexpected response, not followed", async () => {
    const fetchImpl = scripted(
      () => new Response(null, { status: 307, headers: { Location: "https://elsewhere.example/" } }),
    );
    const { client: tryOn } = client(fetchImpl);
    expect(await caught(tryOn.submitTryOnJob(jobInput()))).toBeInstanceOf(TryOnUnexpectedResponseError);
    expect(fetchImpl.calls).toHaveLength(1);
  });

  it("a numeric job id is accepted as a string", async () => {
    const { client: tryOn } = client(scripted(() => json(201, { data: { id: 42, status: "pending" } })));
    expect(await tryOn.submitTryOnJob(jobInput())).toEqual({
      jobId: "42",
      status: "running",
      rawStatus: "pending",
      credits: 5,
    });
  });
});

describe("error bodies", () => {
  it("out of credits is recognised from a body code as well as from 402", async () => {
    const { client: tryOn } = client(
      scripted(() => json(422, { error: { code: "INSUFFICIENT_CREDITS", message: "Top up" } })),
    );
    const error = await caught(tryOn.submitTryOnJob(jobInput()));
    expect(error).toBeInstanceOf(TryOnOutOfCreditsError);
    expect((error as TryOnOutOfCreditsError).serviceMessage).toBe("Top up");
  });

  it("403 is an auth error that blocks the account", async () => {
    const { client: tryOn } = client(scripted(() => json(403, { message: "Key disabled" })));
    const error = await caught(tryOn.listMannequins());
    expect(error).toBeInstanceOf(TryOnAuthError);
    expect((error as TryOnAuthError).serviceMessage).toBe("Key disabled");
  });

  it("rejected input keeps the service's message, whatever the body shape", async () => {
    for (const body of [
      { detail: "pose_id is unknown" },
      { errors: [{ field: "pose_id", message: "pose_id is unknown" }] },
      { error: "pose_id is unknown" },
    ]) {
      const { client: tryOn } = client(scripted(() => json(400, body)));
      const error = await caught(tryOn.submitTryOnJob(jobInput()));
      expect(error).toBeInstanceOf(TryOnRejectedInputError);
      expect((error as TryOnRejectedInputError).serviceMessage).toBe("pose_id is unknown");
    }
  });
});

describe("reads", () => {
  it("do not sleep through a Retry-After longer than allowed: the caller is told when to come back", async () => {
    const fetchImpl = scripted(() => json(429, {}, { "Retry-After": "600" }));
    const { client: tryOn, sleeps } = client(fetchImpl);
    const error = await caught(tryOn.getJobStatus("j1"));
    expect(error).toBeInstanceOf(TryOnRateLimitedError);
    expect((error as TryOnRateLimitedError).retryAfterMs).toBe(600_000);
    expect(sleeps).toEqual([]);
    expect(fetchImpl.calls).toHaveLength(1);
  });

  it("time out, retry, and then report the service unavailable", async () => {
    const fetchImpl = scripted(
      (_call) =>
        new Promise<Response>(() => {
          /* never answers; the client's timeout aborts it */
        }),
    );
    const neverAnswering: FetchLike = (url, init) =>
      Promise.race([
        fetchImpl(url, init),
        new Promise<Response>((_, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
      ]);
    const { client: tryOn } = client(neverAnswering, { timeoutMs: 30 });
    const error = await caught(tryOn.getJobStatus("j1"));
    expect(error).toBeInstanceOf(TryOnUnavailableError);
    expect((error as TryOnUnavailableError).reason).toBe("no answer within 30 ms");
    expect(fetchImpl.calls).toHaveLength(3);
  });

  it("a completed status without a result URL is an unexpected response naming the field", async () => {
    const { client: tryOn } = client(scripted(() => json(200, { data: { status: "completed" } })));
    const error = await caught(tryOn.getJobStatus("j1"));
    expect(error).toBeInstanceOf(TryOnUnexpectedResponseError);
    expect((error as Error).message).toContain("data.output_url");
  });

  it("waiting keeps polling through transient failures", async () => {
    const answers = [
      json(503, {}),
      json(503, {}),
      json(503, {}),
      json(200, { data: { status: "failed", error_message: "nope" } }),
    ];
    const { client: tryOn } = client(scripted((_call, index) => answers[index] ?? json(500, {})));
    expect(await tryOn.waitForTryOnJob("j1")).toMatchObject({ status: "failed", errorMessage: "nope" });
  });
});

describe("results", () => {
  // Results are checked by their bytes and dimensions (result-image.ts), so these are real images.
  const real = (format: "jpeg" | "png") =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: "#888" } })
      .toFormat(format)
      .toBuffer()
      .then((bytes) => new Uint8Array(bytes));

  it("are fetched from another host without the API key", async () => {
    const jpeg = await real("jpeg");
    const fetchImpl = scripted(() => new Response(jpeg, { status: 200, headers: { "Content-Type": "image/jpeg" } }));
    const { client: tryOn } = client(fetchImpl);
    const result = await tryOn.downloadJobResult({ jobId: "j1", outputUrl: "https://cdn.example/out.jpg" });
    expect([...(await readStream(result.body))]).toEqual([...jpeg]);
    expect(fetchImpl.calls[0]?.headers.Authorization).toBeUndefined();
  });

  it("are fetched from the service's own host with the API key", async () => {
    const png = await real("png");
    const fetchImpl = scripted(() => new Response(png, { status: 200 }));
    const { client: tryOn } = client(fetchImpl);
    const result = await tryOn.downloadJobResult({ jobId: "j1", outputUrl: `${BASE}/results/j1.png` });
    expect(result.contentType).toBe("image/png");
    expect(fetchImpl.calls[0]?.headers.Authorization).toBe(`Bearer ${KEY}`);
  });

  it("that are not images are refused", async () => {
    const { client: tryOn } = client(
      scripted(() => new Response("<html>login</html>", { status: 200, headers: { "Content-Type": "text/html" } })),
    );
    expect(
      await caught(tryOn.downloadJobResult({ jobId: "j1", outputUrl: "https://cdn.example/out.jpg" })),
    ).toBeInstanceOf(TryOnResultRejectedError);
  });
});

describe("the API key", () => {
  it("never leaves through logs or errors, even when the service echoes it back", async () => {
    const echo = `invalid key ${KEY}`;
    const fetchImpl = scripted((call) => {
      if (call.url.endsWith("/mannequins")) return json(401, { error: { code: "unauthorized", message: echo } });
      if (call.url.endsWith("/poses?product_type=top")) return json(503, { error: { message: echo } });
      if (call.method === "POST")
        return json(422, { error: { message: echo, details: [{ field: "mannequin_id", message: echo }] } });
      if (call.url.includes("/j-unknown")) return json(200, { data: { status: `status-${KEY}` } });
      return Promise.reject(
        new TypeError(`fetch failed for ${KEY}`, { cause: Object.assign(new Error(KEY), { code: "ECONNRESET" }) }),
      );
    });
    const { client: tryOn, logger } = client(fetchImpl);
    const errors = [
      await caught(tryOn.listMannequins()),
      await caught(tryOn.listPoses("top")),
      await caught(tryOn.submitTryOnJob(jobInput())),
      await caught(tryOn.getJobStatus("j-reset")),
    ];
    await tryOn.getJobStatus("j-unknown");
    expect(errors.map((error) => (error as { kind: string }).kind)).toEqual([
      "auth",
      "unavailable",
      "rejected_input",
      "unavailable",
    ]);
    for (const error of errors) {
      expect(inspect(error, { showHidden: true, depth: 10 })).not.toContain(KEY);
      expect(JSON.stringify(error)).not.toContain(KEY);
      expect(String((error as Error).stack)).not.toContain(KEY);
    }
    expect((errors[0] as TryOnAuthError).serviceMessage).toBe("invalid key [redacted]");
    expect(logger.lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(logger.lines)).not.toContain(KEY);
  });
});
