/**
 * Shopify's token endpoint, `POST https://{shop}/admin/oauth/access_token`, for the two grants an embedded app
 * uses, and the registry of the access tokens it issues (GraphQL calls must carry one, else 401):
 *
 * - token exchange (`grant_type=urn:ietf:params:oauth:grant-type:token-exchange`): `subject_token` is the App
 *   Bridge session token, an HS256 JWT signed with the client secret whose `aud` is the client id and whose
 *   `dest` is the shop. Offline tokens with `expiring=1` come with `expires_in`, `refresh_token` and
 *   `refresh_token_expires_in`; online tokens carry `associated_user`. A non-expiring offline token can be
 *   exchanged for an expiring one (`subject_token_type` = offline access token), as Shopify's migration does.
 * - refresh (`grant_type=refresh_token`): rotates. The refresh token and the access token issued with it stop
 *   working, and a new pair is returned.
 *
 * Errors follow what apps observe from Shopify: 400 `invalid_subject_token` for a bad session token (the body
 * shopify-app-remix looks for), 401 `invalid_client` for wrong credentials, 401 `invalid_request` ("This request
 * requires an active refresh_token") for a used, expired or unknown refresh token.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";

export const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
export const ID_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:id_token";
export const OFFLINE_TOKEN_TYPE = "urn:shopify:params:oauth:token-type:offline-access-token";
export const ONLINE_TOKEN_TYPE = "urn:shopify:params:oauth:token-type:online-access-token";

export interface OAuthConfig {
  clientId: string;
  clientSecret: string;
  /** Granted scopes, comma-separated. */
  scopes: string;
  /** Expiring offline access tokens: Shopify issues them for one hour. */
  accessTokenTtlSeconds: number;
  /** fake: 90 days; Shopify documents no fixed value. */
  refreshTokenTtlSeconds: number;
  onlineTokenTtlSeconds: number;
}

export interface AccessTokenGrant {
  token: string;
  shop: string;
  mode: "offline" | "online";
  scope: string;
  /** Clock ms; null for non-expiring offline tokens. */
  expiresAt: number | null;
  userId: number | null;
  revoked: boolean;
}

interface RefreshTokenGrant {
  token: string;
  shop: string;
  accessToken: string;
  expiresAt: number;
  used: boolean;
}

export class TokenRegistry {
  private readonly accessTokens = new Map<string, AccessTokenGrant>();
  private readonly refreshTokens = new Map<string, RefreshTokenGrant>();

  constructor(
    private readonly config: OAuthConfig,
    private readonly now: () => number,
  ) {}

  /** The grant behind a token if it is valid for this shop right now. */
  validAccess(token: string | null, shop: string): AccessTokenGrant | undefined {
    const grant = token ? this.accessTokens.get(token) : undefined;
    if (!grant || grant.revoked || grant.shop !== shop) return undefined;
    if (grant.expiresAt !== null && grant.expiresAt <= this.now()) return undefined;
    return grant;
  }

  issueOffline(
    shop: string,
    { expiring }: { expiring: boolean },
  ): { access: AccessTokenGrant; refresh: RefreshTokenGrant | null } {
    const access = this.addAccess({
      shop,
      mode: "offline",
      expiresAt: expiring ? this.now() + this.config.accessTokenTtlSeconds * 1000 : null,
      userId: null,
    });
    if (!expiring) return { access, refresh: null };
    const refresh: RefreshTokenGrant = {
      token: `shprt_${randomBytes(16).toString("hex")}`,
      shop,
      accessToken: access.token,
      expiresAt: this.now() + this.config.refreshTokenTtlSeconds * 1000,
      used: false,
    };
    this.refreshTokens.set(refresh.token, refresh);
    return { access, refresh };
  }

  issueOnline(shop: string, userId: number): AccessTokenGrant {
    return this.addAccess({
      shop,
      mode: "online",
      expiresAt: this.now() + this.config.onlineTokenTtlSeconds * 1000,
      userId,
    });
  }

  /** Consumes a refresh token: its access token is revoked and a new expiring pair issued. */
  rotate(refreshToken: string, shop: string): ReturnType<TokenRegistry["issueOffline"]> | undefined {
    const grant = this.refreshTokens.get(refreshToken);
    if (!grant || grant.used || grant.shop !== shop || grant.expiresAt <= this.now()) return undefined;
    grant.used = true;
    const previous = this.accessTokens.get(grant.accessToken);
    if (previous) previous.revoked = true;
    return this.issueOffline(shop, { expiring: true });
  }

  /** Revokes a shop's tokens, as uninstalling the app does. */
  revokeShop(shop: string): void {
    for (const grant of this.accessTokens.values()) if (grant.shop === shop) grant.revoked = true;
    for (const grant of this.refreshTokens.values()) if (grant.shop === shop) grant.used = true;
  }

  private addAccess(input: Omit<AccessTokenGrant, "token" | "scope" | "revoked">): AccessTokenGrant {
    const prefix = input.mode === "online" ? "shpua" : "shpat";
    const grant: AccessTokenGrant = {
      ...input,
      token: `${prefix}_${randomBytes(16).toString("hex")}`,
      scope: this.config.scopes,
      revoked: false,
    };
    this.accessTokens.set(grant.token, grant);
    return grant;
  }
}

const credentials = { client_id: z.string(), client_secret: z.string() };
const tokenRequestSchema = z.discriminatedUnion("grant_type", [
  z.object({
    ...credentials,
    grant_type: z.literal(TOKEN_EXCHANGE_GRANT),
    subject_token: z.string().min(1),
    subject_token_type: z.enum([ID_TOKEN_TYPE, OFFLINE_TOKEN_TYPE]),
    requested_token_type: z.enum([OFFLINE_TOKEN_TYPE, ONLINE_TOKEN_TYPE]),
    expiring: z.union([z.enum(["0", "1"]), z.literal(0), z.literal(1), z.boolean()]).optional(),
  }),
  z.object({ ...credentials, grant_type: z.literal("refresh_token"), refresh_token: z.string().min(1) }),
]);

const sessionTokenPayloadSchema = z.object({
  iss: z.string(),
  dest: z.string(),
  aud: z.string(),
  sub: z.string().optional(),
  exp: z.number(),
  nbf: z.number(),
  iat: z.number(),
});

/** Shopify tolerates this much clock skew on session tokens (so does @shopify/shopify-api). */
const CLOCK_TOLERANCE_SECONDS = 10;

export async function handleAccessTokenRequest(
  request: Request,
  shop: string,
  registry: TokenRegistry,
  config: OAuthConfig,
  now: () => number,
): Promise<Response> {
  const parsed = tokenRequestSchema.safeParse(await readBody(request));
  if (!parsed.success) return oauthError(400, "invalid_request", z.prettifyError(parsed.error));
  const body = parsed.data;
  if (!safeEqual(body.client_id, config.clientId) || !safeEqual(body.client_secret, config.clientSecret)) {
    return oauthError(401, "invalid_client", "Client authentication failed");
  }

  if (body.grant_type === "refresh_token") {
    const rotated = registry.rotate(body.refresh_token, shop);
    if (!rotated) return oauthError(401, "invalid_request", "This request requires an active refresh_token");
    return offlineTokenResponse(rotated, now);
  }

  const expiring = body.expiring === "1" || body.expiring === 1 || body.expiring === true;
  if (body.subject_token_type === OFFLINE_TOKEN_TYPE) {
    // Migration of a non-expiring offline token to an expiring one; the old token stops working.
    const old = registry.validAccess(body.subject_token, shop);
    if (
      !old ||
      old.mode !== "offline" ||
      old.expiresAt !== null ||
      body.requested_token_type !== OFFLINE_TOKEN_TYPE ||
      !expiring
    ) {
      return oauthError(
        400,
        "invalid_subject_token",
        "The subject token is not a non-expiring offline token of this shop",
      );
    }
    old.revoked = true;
    return offlineTokenResponse(registry.issueOffline(shop, { expiring: true }), now);
  }

  const verified = verifySessionToken(body.subject_token, config, shop, now());
  if (!verified.ok) return oauthError(400, "invalid_subject_token", verified.reason);

  if (body.requested_token_type === ONLINE_TOKEN_TYPE) {
    const userId = Number(verified.payload.sub ?? Number.NaN);
    if (!Number.isInteger(userId))
      return oauthError(400, "invalid_subject_token", "The session token has no user (sub)");
    const grant = registry.issueOnline(shop, userId);
    return Response.json({
      access_token: grant.token,
      scope: grant.scope,
      expires_in: config.onlineTokenTtlSeconds,
      associated_user_scope: grant.scope,
      associated_user: {
        id: userId,
        first_name: "Fake",
        last_name: "Staff",
        email: `staff-${userId}@${shop}`,
        email_verified: true,
        account_owner: true,
        locale: "en",
        collaborator: false,
      },
    });
  }
  return offlineTokenResponse(registry.issueOffline(shop, { expiring }), now);
}

function offlineTokenResponse(
  { access, refresh }: ReturnType<TokenRegistry["issueOffline"]>,
  now: () => number,
): Response {
  return Response.json({
    access_token: access.token,
    scope: access.scope,
    ...(access.expiresAt !== null ? { expires_in: Math.round((access.expiresAt - now()) / 1000) } : {}),
    ...(refresh
      ? { refresh_token: refresh.token, refresh_token_expires_in: Math.round((refresh.expiresAt - now()) / 1000) }
      : {}),
  });
}

type Verified = { ok: true; payload: z.infer<typeof sessionTokenPayloadSchema> } | { ok: false; reason: string };

export function verifySessionToken(token: string, config: OAuthConfig, shop: string, nowMs: number): Verified {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) return { ok: false, reason: "The session token is not a JWT" };
  const headerJson = decodeJson(header);
  if (!headerJson || (headerJson as { alg?: unknown }).alg !== "HS256")
    return { ok: false, reason: "The session token is not HS256" };
  const expected = createHmac("sha256", config.clientSecret).update(`${header}.${payload}`).digest("base64url");
  if (!safeEqual(signature, expected)) return { ok: false, reason: "The session token signature is invalid" };
  const claims = sessionTokenPayloadSchema.safeParse(decodeJson(payload));
  if (!claims.success) return { ok: false, reason: "The session token claims are malformed" };
  const nowSeconds = nowMs / 1000;
  if (claims.data.exp + CLOCK_TOLERANCE_SECONDS < nowSeconds)
    return { ok: false, reason: "The session token has expired" };
  if (claims.data.nbf - CLOCK_TOLERANCE_SECONDS > nowSeconds)
    return { ok: false, reason: "The session token is not valid yet" };
  if (claims.data.aud !== config.clientId) return { ok: false, reason: "The session token was issued for another app" };
  let destination: string;
  try {
    destination = new URL(claims.data.dest).hostname;
  } catch {
    return { ok: false, reason: "The session token has no valid dest" };
  }
  if (destination !== shop) return { ok: false, reason: "The session token was issued for another shop" };
  return { ok: true, payload: claims.data };
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  const text = await request.text();
  if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function oauthError(status: number, error: string, description: string): Response {
  return Response.json({ error, error_description: description }, { status });
}
