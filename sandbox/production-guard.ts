import type { LocalCredentials } from "./local-credentials";

/**
 * The sandbox mints session tokens for anyone who opens its page and routes the app's Shopify calls to a fake.
 * That is harmless with the local credentials of .env.example and dangerous with anything else, so it refuses
 * to start unless the environment is unmistakably local.
 */

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLocalUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && LOCAL_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

/** Every reason the sandbox must not start in this environment; empty when it may. */
export function sandboxRefusals(env: Record<string, string | undefined>, local: LocalCredentials): string[] {
  const reasons: string[] = [];
  if (env.NODE_ENV === "production") {
    reasons.push(
      "NODE_ENV is production. The sandbox fakes Shopify and hands out session tokens; it never runs in production.",
    );
  }
  if (env.SHOPIFY_API_KEY && env.SHOPIFY_API_KEY !== local.apiKey) {
    reasons.push(
      "SHOPIFY_API_KEY is not the local value from .env.example: real app credentials are configured (in .env or the environment).",
    );
  }
  if (env.SHOPIFY_API_SECRET && env.SHOPIFY_API_SECRET !== local.apiSecret) {
    reasons.push(
      "SHOPIFY_API_SECRET is not the local value from .env.example: real app credentials are configured (in .env or the environment).",
    );
  }
  if (env.SHOPIFY_APP_URL && !isLocalUrl(env.SHOPIFY_APP_URL)) {
    reasons.push(
      `SHOPIFY_APP_URL (${env.SHOPIFY_APP_URL}) is not on this machine: the app is configured for a real deployment or tunnel.`,
    );
  }
  return reasons;
}

export class SandboxRefusedError extends Error {
  constructor(readonly reasons: string[]) {
    super(
      [
        "The sandbox will not start:",
        ...reasons.map((reason) => `  - ${reason}`),
        "It runs only with the local values of .env.example. Move .env aside (or unset those variables) and try again.",
      ].join("\n"),
    );
    this.name = "SandboxRefusedError";
  }
}

export function assertSandboxAllowed(env: Record<string, string | undefined>, local: LocalCredentials): void {
  const reasons = sandboxRefusals(env, local);
  if (reasons.length > 0) throw new SandboxRefusedError(reasons);
}
