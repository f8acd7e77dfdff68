import { Writable } from "node:stream";
import { makeLogger, replaceAppLogger } from "~/lib/logger.server";

/**
 * The app's logger swapped for one that keeps each JSON line it writes, parsed, as an operator's log collector would
 * read them; `restore` puts the previous logger back.
 */
export function captureAppLogLines(): { lines: Array<Record<string, unknown>>; restore: () => void } {
  const lines: Array<Record<string, unknown>> = [];
  const restore = replaceAppLogger(
    makeLogger({
      format: "json",
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split("\n").filter(Boolean)) {
            lines.push(JSON.parse(line) as Record<string, unknown>);
          }
          done();
        },
      }),
    }),
  );
  return { lines, restore };
}
