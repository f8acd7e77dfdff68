import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";
import { redactSecrets } from "./secret-shapes";

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

/**
 * Every logger of the app hides secrets by the one list of their shapes (secret-shapes.ts), whatever a caller passes:
 * each argument of a call (fields at any depth, the message, errors with their stack) and a child logger's fields.
 * Callers still log ids, never keys.
 */
export function makeLogger(options: LoggerOptions = {}): Logger {
  const config: pino.LoggerOptions = {
    level: options.level ?? "info",
    base: { service: "model-shots" },
    hooks: {
      logMethod(args, method) {
        // Each argument keeps its kind (a string stays a string, an error an error), so pino reads the call as written.
        return method.apply(this, args.map((arg) => redactSecrets(arg)) as typeof args);
      },
    },
    formatters: { bindings: (bindings) => redactSecrets(bindings) as pino.Bindings },
  };
  const destination = options.destination ?? (options.format === "pretty" ? prettyStream() : undefined);
  return withRedactedChildBindings(destination ? pino(config, destination) : pino(config));
}

/**
 * pino writes a child's fields once, when the child is made, past every hook: they are redacted on the way in. Children
 * inherit the method from their parent (pino makes them with Object.create), grandchildren included.
 */
function withRedactedChildBindings(logger: Logger): Logger {
  const pinoChild = logger.child;
  function redactingChild<ChildCustomLevels extends string = never>(
    this: Logger,
    bindings: pino.Bindings,
    options?: pino.ChildLoggerOptions<ChildCustomLevels>,
  ): Logger<ChildCustomLevels> {
    return Reflect.apply(pinoChild, this, [redactSecrets(bindings), options]) as Logger<ChildCustomLevels>;
  }
  logger.child = redactingChild;
  return logger;
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
