import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readStream } from "~/lib/streams";
import { openHttpStream, sendHttpRequest, TransportFailure, type FetchLike } from "./http";

function failingFetch(error: unknown): FetchLike {
  return () => Promise.reject(error);
}

async function transportFailure(fetchImpl: FetchLike, url = "http://127.0.0.1:9/x", timeoutMs = 1000) {
  try {
    await sendHttpRequest(fetchImpl, {
      method: "GET",
      url,
      headers: {},
      timeoutMs,
      redirect: "manual",
      maxBodyBytes: 1000,
    });
  } catch (error) {
    if (error instanceof TransportFailure) return error;
    throw error;
  }
  throw new Error("expected a transport failure");
}

describe("transport failures", () => {
  let silent: Server;
  let silentUrl: string;
  beforeAll(async () => {
    // Accepts connections and never answers.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("a refused connection never reached the service", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await transportFailure((input, init) => fetch(input, init), `http://127.0.0.1:${port}/`);
    expect(refused.mayHaveReachedService).toBe(false);
    expect(refused.reason).toMatch(/ECONNREFUSED/);
  });

  it("a request fetch refuses to make (a blocked port) never reached the service", async () => {
    const blocked = await transportFailure((input, init) => fetch(input, init), "http://127.0.0.1:1/");
    expect(blocked.mayHaveReachedService).toBe(false);
  });

  it("a name that does not resolve never reached the service", async () => {
    const cause = Object.assign(new Error("getaddrinfo ENOTFOUND tryon.example"), { code: "ENOTFOUND" });
    expect((await transportFailure(failingFetch(new TypeError("fetch failed", { cause })))).mayHaveReachedService).toBe(
      false,
    );
  });

  it("a refused connection reported as an AggregateError (happy eyeballs) never reached the service", async () => {
    const members = [Object.assign(new Error("connect ECONNREFUSED ::1:80"), { code: "ECONNREFUSED" })];
    const cause = new AggregateError(members, "all attempts failed");
    expect((await transportFailure(failingFetch(new TypeError("fetch failed", { cause })))).mayHaveReachedService).toBe(
      false,
    );
  });

  it("a reset connection may have reached the service", async () => {
    const cause = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    const reset = await transportFailure(failingFetch(new TypeError("fetch failed", { cause })));
    expect(reset.mayHaveReachedService).toBe(true);
    expect(reset.timedOut).toBe(false);
  });

  it("a timeout may have reached the service, and says so", async () => {
    const timedOut = await transportFailure((input, init) => fetch(input, init), silentUrl, 100);
    expect([timedOut.mayHaveReachedService, timedOut.timedOut]).toEqual([true, true]);
    expect(timedOut.reason).toBe("no answer within 100 ms");
  });

  it("a call aborted by the caller before sending never reached the service", async () => {
    const controller = new AbortController();
    controller.abort();
    let called = false;
    try {
      await sendHttpRequest(
        () => {
          called = true;
          return Promise.resolve(new Response("{}"));
        },
        {
          method: "GET",
          url: silentUrl,
          headers: {},
          timeoutMs: 1000,
          signal: controller.signal,
          redirect: "manual",
          maxBodyBytes: 10,
        },
      );
    } catch (error) {
      expect(error).toBeInstanceOf(TransportFailure);
      expect((error as TransportFailure).mayHaveReachedService).toBe(false);
    }
    expect(called).toBe(false);
  });

  it("an answer larger than allowed is cut, as a failure after the request arrived", async () => {
    const failure = await transportFailure(() => Promise.resolve(new Response("x".repeat(2000))));
    expect(failure.mayHaveReachedService).toBe(true);
    expect(failure.reason).toMatch(/larger than 1000 bytes/);
  });
});

describe("streamed answers", () => {
  let server: Server;
  let base: string;
  /** Resolves the server's pending `/slow` answer: it sends its first half at once and the rest when released. */
  let releaseSlow: () => void = () => {};
  beforeAll(async () => {
    server = createServer((req, res) => {
      const half = Buffer.alloc(500, 1);
      if (req.url === "/slow") {
        res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": "1000" });
        res.write(half);
        releaseSlow = () => res.end(half);
      } else if (req.url === "/chunked") {
        res.writeHead(200, { "Content-Type": "image/jpeg" });
        res.write(half);
        res.write(half);
        res.end(half);
      } else if (req.url === "/huge") {
        res.writeHead(200, { "Content-Length": "5000" });
        res.end(Buffer.alloc(5000));
      } else if (req.url === "/stall") {
        res.writeHead(200, { "Content-Length": "1000" });
        res.write(half);
      } else {
        res.writeHead(404, { "Content-Type": "application/json" });
        res.end('{"error":"gone"}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const open = (path: string, timeoutMs = 2000) =>
    openHttpStream((input, init) => fetch(input, init), {
      method: "GET",
      url: `${base}${path}`,
      headers: {},
      timeoutMs,
      redirect: "manual",
      maxBodyBytes: 1200,
    });

  it("hands a success over before its body has arrived, with the declared length", async () => {
    const answer = await open("/slow");
    expect([answer.status, answer.contentLength]).toEqual([200, 1000]);
    // The server has sent only half so far: the answer did not wait for the rest.
    releaseSlow();
    expect((await readStream(answer.stream as ReadableStream<Uint8Array>)).byteLength).toBe(1000);
  });

  it("fails while reading once a body without a length passes the limit", async () => {
    const answer = await open("/chunked");
    expect(answer.contentLength).toBeNull();
    const error = await readStream(answer.stream as ReadableStream<Uint8Array>).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportFailure);
    expect((error as TransportFailure).reason).toMatch(/larger than 1200 bytes/);
  });

  it("refuses a declared length above the limit before reading anything", async () => {
    const error = await open("/huge").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportFailure);
    expect((error as TransportFailure).reason).toMatch(/larger than 1200 bytes/);
  });

  it("keeps the timeout running until the body is read", async () => {
    const answer = await open("/stall", 150);
    const error = await readStream(answer.stream as ReadableStream<Uint8Array>).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportFailure);
    expect((error as TransportFailure).timedOut).toBe(true);
  });

  it("reads other answers whole, for the caller to classify", async () => {
    const answer = await open("/missing");
    expect([answer.status, answer.stream]).toEqual([404, null]);
    expect(new TextDecoder().decode(answer.body)).toBe('{"error":"gone"}');
  });
});
