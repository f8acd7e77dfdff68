import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTryOnClient, silentTryOnLogger, TryOnUnavailableError } from "~/tryon";
import { makeServiceTransport } from "./service-transport";
import { TransportFailure } from "./http";

let server: Server;
let origin = "";
const seen = { connections: 0, requests: 0, authorizations: new Set<string>() };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.requests += 1;
    seen.authorizations.add(req.headers.authorization ?? "");
    if (req.url?.startsWith("/huge")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ padding: "x".repeat(64 * 1024) }));
      return;
    }
    res.writeHead(200, { "content-type": "application/json", "retry-after": "7" });
    res.end(JSON.stringify({ data: { id: req.url?.split("/").pop(), status: "processing" } }));
  });
  server.on("connection", () => (seen.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the try-on API's requests without fetch", () => {
  it("polls over kept-alive connections per origin, shared by every shop's client on that origin", async () => {
    const before = { ...seen };
    const clients = ["key_shop_one_1234", "key_shop_two_5678"].map((apiKey) =>
      createTryOnClient({ baseUrl: origin, apiKey, logger: silentTryOnLogger }),
    );
    for (let poll = 0; poll < 20; poll++) {
      const status = await clients[poll % 2]!.getJobStatus(`job_${poll}`);
      expect([status.jobId, status.status, status.rawStatus]).toEqual([`job_${poll}`, "running", "processing"]);
    }
    expect(seen.requests - before.requests).toBe(20);
    // Kept alive: a connection or two (the next request can be sent before the last answer's connection is free
    // again), never one per poll.
    expect(seen.connections - before.connections).toBeLessThanOrEqual(2);
    // Each request carried its own shop's key, although they shared the connection.
    expect([...seen.authorizations].sort()).toEqual(["Bearer key_shop_one_1234", "Bearer key_shop_two_5678"]);
  });

  it("reads headers like fetch's and cuts an answer short past its byte limit", async () => {
    const send = makeServiceTransport();
    const request = { method: "GET" as const, headers: {}, timeoutMs: 5_000, redirect: "manual" as const };
    const answer = await send({ ...request, url: `${origin}/status/1`, maxBodyBytes: 1_000 });
    expect([answer.status, answer.headers.get("Retry-After"), answer.headers.get("x-absent")]).toEqual([
      200,
      "7",
      null,
    ]);

    const failure = await send({ ...request, url: `${origin}/huge`, maxBodyBytes: 1_000 }).catch((error) => error);
    expect(failure).toBeInstanceOf(TransportFailure);
    expect([failure.mayHaveReachedService, failure.reason]).toEqual([
      true,
      "answer cut short: answer larger than 1000 bytes",
    ]);
  });

  it("never sends a request whose caller already gave up, and classifies a refused connection as never sent", async () => {
    const send = makeServiceTransport();
    const request = {
      method: "GET" as const,
      headers: {},
      timeoutMs: 5_000,
      redirect: "manual" as const,
      maxBodyBytes: 1_000,
    };
    const before = seen.requests;
    const aborted = await send({ ...request, url: `${origin}/status/2`, signal: AbortSignal.abort() }).catch((e) => e);
    expect([aborted instanceof TransportFailure, aborted.mayHaveReachedService]).toEqual([true, false]);
    expect(seen.requests).toBe(before);

    // Port 9 (discard) is closed here: nothing listens, the connection is refused.
    const refused = createTryOnClient({
      baseUrl: "http://127.0.0.1:9",
      apiKey: "key_refused_0000",
      logger: silentTryOnLogger,
      readRetry: { attempts: 1 },
    });
    await expect(refused.getJobStatus("job_x")).rejects.toBeInstanceOf(TryOnUnavailableError);
  });
});
