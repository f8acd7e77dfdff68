/**
 * `npm test`'s second half: two lanes of npm scripts side by side, each lane's scripts one after another.
 *
 *   tsx scripts/test-lanes.ts test:unit "test:e2e test:production test:mutation:named"
 *
 * The unit tests mostly wait on PostgreSQL and child processes, the browser tests on the sandbox and Chromium: run one
 * after the other they left CI's two cores half idle for 25 minutes (ADR 115). Every line a lane prints is prefixed
 * with its first script's name; a lane stops at its first failing script, the other lane goes on to its end, and the
 * exit code is the first failure's (0 when every script passed). A summary of each script's outcome and time ends it.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

interface Outcome {
  script: string;
  code: number;
  seconds: number;
}

function runScript(script: string, label: string): Promise<Outcome> {
  const started = performance.now();
  const child = spawn("npm", ["run", "--silent", script], {
    stdio: ["ignore", "pipe", "pipe"],
    // Plain text: two lanes interleave line by line, and colour codes would cut through each other.
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined },
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => process.stdout.write(`[${label}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) =>
      resolve({ script, code: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000 }),
    );
  });
}

async function runLane(scripts: string[]): Promise<Outcome[]> {
  const label = scripts[0] ?? "lane";
  const outcomes: Outcome[] = [];
  for (const script of scripts) {
    const outcome = await runScript(script, label);
    outcomes.push(outcome);
    if (outcome.code !== 0) break;
  }
  return outcomes;
}

const lanes = process.argv.slice(2).map((lane) => lane.split(/\s+/).filter(Boolean));
if (lanes.length === 0 || lanes.some((lane) => lane.length === 0)) {
  console.error('usage: tsx scripts/test-lanes.ts "script script…" "script…"');
  process.exit(2);
}
const results = await Promise.all(lanes.map(runLane));
const all = results.flat();
console.log("\nTest lanes:");
for (const [index, lane] of lanes.entries()) {
  const done = results[index] ?? [];
  for (const script of lane) {
    const outcome = done.find((candidate) => candidate.script === script);
    const status = !outcome ? "not run" : outcome.code === 0 ? "passed" : `FAILED (exit ${outcome.code})`;
    console.log(
      `  lane ${index + 1}  ${script.padEnd(22)} ${status}${outcome ? `  ${outcome.seconds.toFixed(0)} s` : ""}`,
    );
  }
}
process.exit(all.find((outcome) => outcome.code !== 0)?.code ?? 0);
