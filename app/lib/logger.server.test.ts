import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { makeLogger, messageLogger } from "./logger.server";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, logger: makeLogger({ destination, level: "debug" }) };
}

const KEY = "sk_live_5f2c9e0a7b3d41e6";
const TOKEN = "shpat_0123456789abcdef0123456789abcdef";
const BEARER = `Bearer ${KEY}`;

describe("the app's logger", () => {
  it("writes one JSON line per event, with the fields beside the message", () => {
    const { lines, logger } = capture();
    messageLogger(logger).info("render submitted", { shop: "a.myshopify.com", renderId: "r1", state: "running" });
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({
      msg: "render submitted",
      shop: "a.myshopify.com",
      renderId: "r1",
      state: "running",
      level: 30,
    });
  });

  it("never writes a try-on key, a Shopify token or an Authorization header, however deep a caller puts them", () => {
    const { lines, logger } = capture();
    const log = messageLogger(logger);
    log.info("settings saved", { apiKey: KEY, shop: "a.myshopify.com" });
    log.warn("token refreshed", { session: { accessToken: TOKEN, refreshToken: TOKEN } });
    log.error("service refused", { request: { headers: { authorization: BEARER, Authorization: BEARER } } });
    log.debug("raw call", { headers: { authorization: BEARER }, context: { call: { apiKey: KEY } } });
    logger.info({ tryOnApiKey: KEY, token: TOKEN }, "pino's own call shape");

    const written = lines.join("\n");
    expect(lines).toHaveLength(5);
    expect(written).not.toContain(KEY);
    expect(written).not.toContain(TOKEN);
    expect(written.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(9);
    // What is not a secret stays readable.
    expect(written).toContain("a.myshopify.com");
  });
});
