import { createHmac, randomUUID } from "node:crypto";

/**
 * Session tokens as Shopify admin issues them to an embedded app: HS256 JWTs signed with the app's secret,
 * valid for one minute (the claims of @shopify/shopify-api's test helper getJwt, with Shopify's real lifetime).
 * The app verifies them with its own code, and the fake Admin API accepts them for token exchange.
 */

export const SESSION_TOKEN_LIFETIME_SECONDS = 60;

export interface SessionTokenClaims {
  iss: string;
  dest: string;
  aud: string;
  sub: string;
  exp: number;
  nbf: number;
  iat: number;
  jti: string;
  sid: string;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export function mintSessionToken(options: {
  shop: string;
  apiKey: string;
  apiSecret: string;
  /** The staff member's Shopify user id. */
  userId: string;
  now?: number;
}): { token: string; claims: SessionTokenClaims } {
  const seconds = Math.floor((options.now ?? Date.now()) / 1000);
  const claims: SessionTokenClaims = {
    iss: `https://${options.shop}/admin`,
    dest: `https://${options.shop}`,
    aud: options.apiKey,
    sub: options.userId,
    exp: seconds + SESSION_TOKEN_LIFETIME_SECONDS,
    nbf: seconds - 5,
    iat: seconds,
    jti: randomUUID(),
    sid: `sandbox-${options.userId}`,
  };
  const unsigned = `${base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64url(JSON.stringify(claims))}`;
  const signature = createHmac("sha256", options.apiSecret).update(unsigned).digest("base64url");
  return { token: `${unsigned}.${signature}`, claims };
}
