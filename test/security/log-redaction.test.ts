import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { makeLogger, messageLogger } from "~/lib/logger.server";
import { SECRET_NAMES } from "~/lib/secret-shapes";
import { makeRedactingLogger, makeRedactor, type LogFields, type TryOnLogger } from "~/tryon/logging";

/**
 * Every shape of secret in docs/security.md's list, logged the ways code logs things (fields six levels deep, header
 * objects, URLs, text, an error's message, stack, cause and fields), through the app's logger and the try-on client's
 * redacting logger: none of the secret values may be readable in what is written.
 */

// Values unlike anything else in a log line, so a search for them finds only a leak.
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzdGFmZi04NDIifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg";
const SHOPIFY_TOKENS = ["shpat_5a1e0c9d2b7f4e3a8c6d", "shpua_77c0ffee01d2e3f4a5b6", "shpss_0badcafe9e8d7c6b5a49"];
const value = (name: string) => `v4lue-of-${name.toLowerCase().replace(/[^a-z]/g, "")}-93xq`;
const TRY_ON_KEY = "sk_live_tryon_5f2c9e0a7b3d41e6";

function deep(levels: number, leaf: Record<string, unknown>): Record<string, unknown> {
  return levels === 0 ? leaf : { [`level${levels}`]: deep(levels - 1, leaf) };
}

/** Each shape, as a [message, fields] pair a caller could log; `secrets` is every value that must not be readable. */
function shapes() {
  const secrets: string[] = [
    JWT,
    ...SHOPIFY_TOKENS,
    TRY_ON_KEY,
    ...[...SECRET_NAMES, "userinfo", "basic", "jsonaccesstoken"].map(value),
    "s3cr3t-pa55w0rd",
    "abc def ghi",
  ];
  const namedFields = Object.fromEntries(SECRET_NAMES.map((name) => [name, value(name)]));
  const urlWithTokens =
    `https://a.myshopify.com/admin/api/2026-10/graphql.json?access_token=${value("access_token")}` +
    `&id_token=${JWT}&refresh_token=${value("refresh_token")}&session=${value("session")}&shop=a.myshopify.com`;
  const error = new Error(`request to ${urlWithTokens} failed with X-Shopify-Access-Token: ${SHOPIFY_TOKENS[0]}`, {
    cause: { response: { headers: { authorization: `Bearer ${JWT}` } } },
  });
  Object.assign(error, { accessToken: value("accessToken"), request: { url: urlWithTokens } });
  const circular: Record<string, unknown> = { token: value("token") };
  circular.self = circular;
  const logged: Array<[string, LogFields]> = [
    ["every secret-named field, six levels deep", deep(6, namedFields)],
    ["each at the top level", namedFields],
    [
      "headers, as an object and as Headers",
      deep(5, {
        headers: { "X-Shopify-Access-Token": SHOPIFY_TOKENS[0], Authorization: `Bearer ${JWT}`, Cookie: "a=b" },
        fetchHeaders: new Headers({
          "x-shopify-access-token": SHOPIFY_TOKENS[1]!,
          authorization: `Basic ${value("basic")}`,
        }),
      }),
    ],
    [`the message itself carries ${urlWithTokens}`, {}],
    [
      "URLs",
      deep(4, {
        url: urlWithTokens,
        fragment: `https://app.test/auth#id_token=${JWT}`,
        object: new URL(urlWithTokens),
      }),
    ],
    ["URL credentials", deep(4, { url: `https://admin:${value("userinfo")}@internal.test/` })],
    [
      "tokens in text",
      deep(4, {
        note: `tokens ${SHOPIFY_TOKENS.join(", ")} and a session token ${JWT}`,
        header: `Authorization: Bearer ${JWT}`,
        path: `/auth/exchange/${JWT}/done`,
        json: `service answered {"access_token":"${value("jsonaccesstoken")}","password":"abc def ghi"}`,
        form: `client_secret=${value("client_secret")}&api_key=${value("api_key")}`,
        key: `the key ${TRY_ON_KEY} was refused`,
      }),
    ],
    ["an error: its message, stack, cause and fields", deep(4, { error })],
    ["an error as pino's err", { err: error }],
    ["a cycle", deep(4, { circular })],
    ["arrays", { list: [[[[{ password: "s3cr3t-pa55w0rd" }, `Bearer ${JWT}`]]]] }],
  ];
  return { logged, secrets, error };
}

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

const readable = (written: string, secrets: string[]) => secrets.filter((secret) => written.includes(secret));

describe("secrets in logs", () => {
  it("the app's logger writes none of the secret shapes readable, however they are logged", () => {
    const { lines, logger } = capture();
    const { logged, secrets, error } = shapes();
    const log = messageLogger(logger);
    for (const [message, fields] of logged) log.error(message, fields);
    logger.error(error);
    logger.child({ request: { headers: { authorization: `Bearer ${JWT}` } } }).info("a child with secret bindings");
    const written = lines.join("\n");
    expect(lines).toHaveLength(logged.length + 2);
    // The shop's try-on key is known by its value only to the try-on client's redactor (next test).
    expect(
      readable(
        written,
        secrets.filter((secret) => secret !== TRY_ON_KEY),
      ),
    ).toEqual([]);
    // What is not a secret stays readable: the shop, the field names, the error's words and where it was thrown.
    expect(written).toContain("a.myshopify.com");
    expect(written).toContain("X-Shopify-Access-Token");
    expect(written).toContain("failed with");
    expect(written).toContain("log-redaction.test.ts");
    expect(written).toContain("[circular]");
  });

  it("the try-on client's redacting logger writes none of them either, nor the shop's key anywhere", () => {
    const received: string[] = [];
    const sink = (message: string, fields?: LogFields) => received.push(JSON.stringify({ message, fields }));
    const sinkLogger: TryOnLogger = { debug: sink, info: sink, warn: sink, error: sink };
    const log = makeRedactingLogger(sinkLogger, makeRedactor([TRY_ON_KEY]));
    const { logged, secrets } = shapes();
    for (const [message, fields] of logged) log.warn(`${message} (key ${TRY_ON_KEY})`, fields);
    const written = received.join("\n");
    expect(received).toHaveLength(logged.length);
    expect(readable(written, secrets)).toEqual([]);
    expect(written).toContain("a.myshopify.com");
  });
});
