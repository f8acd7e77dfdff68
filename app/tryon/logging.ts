import { createHash } from "node:crypto";
import { appLogger, messageLogger } from "~/lib/logger.server";
import { REDACTED, redactSecrets, redactSecretsInText } from "~/lib/secret-shapes";

export type LogFields = Record<string, unknown>;

export interface TryOnLogger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** The default: the process's logger (pino: JSON in production, secrets redacted by configuration). */
const tryOnLog = () => messageLogger(appLogger().child({ component: "tryon" }));
export const consoleTryOnLogger: TryOnLogger = {
  debug: (message, fields) => tryOnLog().debug(message, fields),
  info: (message, fields) => tryOnLog().info(message, fields),
  warn: (message, fields) => tryOnLog().warn(message, fields),
  error: (message, fields) => tryOnLog().error(message, fields),
};

export const silentTryOnLogger: TryOnLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/**
 * Hides the given secrets (the shop's API key) wherever they appear in a text, and every secret shape the app knows
 * (lib/secret-shapes.ts: tokens, credentials, secret-named parameters); a secret shorter than 4 characters is not worth
 * hiding by its value.
 */
export function makeRedactor(secrets: readonly string[]): (text: string) => string {
  const hidden = secrets.filter((secret) => secret.length >= 4);
  return (text) => redactSecretsInText(hidden.reduce((result, secret) => result.split(secret).join(REDACTED), text));
}

/** Wraps a logger so that no field or message can carry the API key or another secret out, however deep. */
export function makeRedactingLogger(logger: TryOnLogger, redact: (text: string) => string): TryOnLogger {
  const wrap =
    (level: keyof TryOnLogger) =>
    (message: string, fields?: LogFields): void => {
      logger[level](redact(message), fields && (redactSecrets(fields, redact) as LogFields));
    };
  return { debug: wrap("debug"), info: wrap("info"), warn: wrap("warn"), error: wrap("error") };
}

/** A stable, non-reversible name for an API key: used to key caches and in logs instead of the key itself. */
export function apiKeyFingerprint(apiKey: string): string {
  return createHash("sha256").update(apiKey).digest("hex").slice(0, 16);
}
