/**
 * The one list of what a secret looks like in something we log, and the functions that hide it: the app's logger
 * (logger.server.ts) and the try-on client's redactor (tryon/logging.ts) both use them. Shapes:
 * - a field, header or parameter named as a secret, at any depth (names compared ignoring case, `-` and `_`, so
 *   `accessToken`, `access_token` and `X-Shopify-Access-Token` are one name);
 * - the same names in text: `name=value` (URLs, query strings, forms), `name: value` (headers), `"name":"value"` (JSON);
 * - Shopify's tokens by their prefix (`shpat_`, `shpua_`, `shpss_`, `shpca_`, `shppa_`…), JSON web tokens (session
 *   tokens, `id_token`), `Bearer`/`Basic` credentials, and a URL's user:password.
 */

export const REDACTED = "[redacted]";

/** Field and parameter names whose value is a secret, as they appear in code, headers, URLs and Shopify's APIs. */
export const SECRET_NAMES = [
  "apiKey",
  "api_key",
  "tryOnApiKey",
  "apiSecret",
  "apiSecretKey",
  "clientSecret",
  "client_secret",
  "secret",
  "password",
  "accessToken",
  "access_token",
  "X-Shopify-Access-Token",
  "X-Shopify-Storefront-Access-Token",
  "refreshToken",
  "refresh_token",
  "idToken",
  "id_token",
  "sessionToken",
  "session",
  "token",
  "authorization",
  "Proxy-Authorization",
  "cookie",
  "Set-Cookie",
  "encryptionKey",
  "encryptionKeys",
] as const;

/** Endings that make any name a secret's (`shopifyAccessToken`, `serviceApiKey`, `webhookSecret`). */
const SECRET_NAME_ENDINGS = ["accesstoken", "refreshtoken", "idtoken", "sessiontoken", "apikey", "secret", "password"];

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
const SECRET_NAME_SET = new Set(SECRET_NAMES.map(normalise));

export function isSecretName(name: string): boolean {
  const normalised = normalise(name);
  return SECRET_NAME_SET.has(normalised) || SECRET_NAME_ENDINGS.some((ending) => normalised.endsWith(ending));
}

/** Shopify's token prefixes: shpat_ (Admin API), shpua_ (user), shpss_ (shared secret), shpca_, shppa_, shprt_… */
const SHOPIFY_TOKEN = /\bshp[a-z]{2}_[A-Za-z0-9_-]+/g;
const JSON_WEB_TOKEN = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
const SCHEME_CREDENTIAL = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]+/gi;
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+(?::[^/\s@]*)?@/gi;
/** name=value in a URL's query or fragment, a form or a cookie. */
const PARAMETER = /(^|[?&#;\s])([A-Za-z][\w.-]*)=([^&#\s"',;]*)/g;
/** A value after a name and a colon: quoted, or up to the next space or separator. */
const COLON_VALUE = `(\\s*:\\s*)(?:"((?:[^"\\\\]|\\\\.)*)"|'((?:[^'\\\\]|\\\\.)*)'|([^\\s,;}\\]]+))`;
/** "name": "value" (JSON or a quoted field inside text). */
const QUOTED_NAME = new RegExp(`(["'])([A-Za-z][\\w.-]*)\\1${COLON_VALUE}`, "g");
/** name: value (a header line, an inspected object's field). */
const BARE_NAME = new RegExp(`(^|[\\s{,(])([A-Za-z][\\w.-]*)${COLON_VALUE}`, "g");

/** `headers.authorization` is named by its last part. */
const lastPart = (name: string) => name.slice(name.lastIndexOf(".") + 1);

/** The redacted form of a value found after a colon, quoted as it was. */
const colonValue = (doubleQuoted?: string, singleQuoted?: string) =>
  doubleQuoted !== undefined ? `"${REDACTED}"` : singleQuoted !== undefined ? `'${REDACTED}'` : REDACTED;

/** Hides every secret shape in a text: a message, a URL, an error's stack, a service's answer. */
export function redactSecretsInText(text: string): string {
  return text
    .replace(SCHEME_CREDENTIAL, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(PARAMETER, (match, before: string, name: string) =>
      isSecretName(lastPart(name)) ? `${before}${name}=${REDACTED}` : match,
    )
    .replace(QUOTED_NAME, (match, quote: string, name: string, colon: string, double?: string, single?: string) =>
      isSecretName(lastPart(name)) ? `${quote}${name}${quote}${colon}${colonValue(double, single)}` : match,
    )
    .replace(BARE_NAME, (match, before: string, name: string, colon: string, double?: string, single?: string) =>
      isSecretName(lastPart(name)) ? `${before}${name}${colon}${colonValue(double, single)}` : match,
    )
    .replace(SHOPIFY_TOKEN, REDACTED)
    .replace(JSON_WEB_TOKEN, REDACTED)
    .replace(URL_USERINFO, (_match, scheme: string) => `${scheme}${REDACTED}@`);
}

/** Past this depth a value is replaced whole rather than walked: nothing below it can be read. */
const MAX_DEPTH = 32;

/**
 * A copy of a value to log with every secret hidden, at any depth: values of secret-named fields replaced, every
 * string passed through the text redaction (and `alsoHide`, e.g. a known key), errors copied with their message, stack,
 * cause and fields redacted. Cycles are cut.
 */
export function redactSecrets(value: unknown, alsoHide: (text: string) => string = (text) => text): unknown {
  const seen = new WeakSet<object>();
  const hideText = (text: string) => redactSecretsInText(alsoHide(text));
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === "string") return hideText(item);
    if (item === null || typeof item !== "object") return item;
    if (seen.has(item)) return "[circular]";
    if (depth > MAX_DEPTH) return "[too deep to log]";
    seen.add(item);
    if (Array.isArray(item)) return item.map((element) => walk(element, depth + 1));
    if (item instanceof Error) return redactedError(item, (inner) => walk(inner, depth + 1), hideText);
    if (item instanceof URL) return hideText(item.href);
    if (item instanceof Date) return item;
    if (item instanceof Headers) return walk(Object.fromEntries(item.entries()), depth);
    return Object.fromEntries(
      Object.entries(item).map(([key, field]) => [key, isSecretName(key) ? REDACTED : walk(field, depth + 1)]),
    );
  };
  return walk(value, 0);
}

/**
 * An error of the same class with its secrets hidden: name, message, stack, cause and its own fields, all enumerable so
 * an error nested in logged fields is readable too (pino's serializer reads a top-level one as usual).
 */
function redactedError(error: Error, walk: (value: unknown) => unknown, hideText: (text: string) => string): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  const fields: Array<[string, unknown]> = [
    ["name", error.name],
    ["message", hideText(error.message)],
    ...(error.stack === undefined ? [] : [["stack", hideText(error.stack)] as [string, unknown]]),
    ...(error.cause === undefined ? [] : [["cause", walk(error.cause)] as [string, unknown]]),
    ...Object.entries(error).map(([key, field]): [string, unknown] => [
      key,
      isSecretName(key) ? REDACTED : walk(field),
    ]),
  ];
  for (const [key, value] of fields) {
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
