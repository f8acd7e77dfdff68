import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";

/**
 * Where secrets could sit in what we log: try-on keys, Shopify tokens, Authorization headers, at the top level or
 * nested in a context object. pino removes them by configuration, whatever a caller passes (tested in
 * logger.server.test.ts); callers still log ids, never keys.
 */
const SECRET_FIELDS = [
  "apiKey",
  "tryOnApiKey",
  "accessToken",
  "refreshToken",
  "token",
  "authorization",
  "Authorization",
  "password",
  "secret",
  "cookie",
];
export const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => [
  field,
  `*.${field}`,
  `*.*.${field}`,
  `headers.${field}`,
  `*.headers.${field}`,
  `*.*.headers.${field}`,
]);

export interface LoggerOptions {
  /** JSON lines (production, log collectors) or readable lines (development). */
  format?: "json" | "pretty";
  level?: string;
  /** Tests pass a stream to read what was written. */
  destination?: DestinationStream;
}

/** pino-pretty is a development dependency: a production install has none, and gets JSON whatever it asks. */
function prettyStream(): DestinationStream | undefined {
  try {
    const pretty = createRequire(import.meta.url)("pino-pretty") as (options: object) => DestinationStream;
    return pretty({ colorize: true, sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
  } catch {
    return undefined;
  }
}

export function makeLogger(options: LoggerOptions = {}): Logger {
  const config = {
    level: options.level ?? "info",
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    base: { service: "model-shots" },
  };
  const destination = options.destination ?? (options.format === "pretty" ? prettyStream() : undefined);
  return destination ? pino(config, destination) : pino(config);
}

let root: Logger | undefined;

/** The process's logger: JSON in production, readable elsewhere; LOG_LEVEL sets the level. */
export function appLogger(): Logger {
  root ??= makeLogger({
    format: process.env.NODE_ENV === "production" ? "json" : "pretty",
    level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
  });
  return root;
}

/** Replaces the process's logger (tests read what the app logs); returns a function that puts the old one back. */
export function replaceAppLogger(logger: Logger): () => void {
  const previous = root;
  root = logger;
  return () => {
    root = previous;
  };
}

type Fields = Record<string, unknown>;
interface MessageLogger {
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
}

/** The (message, fields) shape the worker and the try-on client log with, on top of pino's (fields, message). */
export function messageLogger(logger: Logger): MessageLogger & { debug(message: string, fields?: Fields): void } {
  return {
    debug: (message, fields) => logger.debug(fields ?? {}, message),
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
  };
}
