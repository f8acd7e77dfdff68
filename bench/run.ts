/**
 * The benchmark harness: `npm run bench` runs them all, `npm run bench -- poll-economy` (or `-- 1 5`) runs
 * the ones named. Not part of the test suite; nothing here fails on a figure. See docs/benchmarks.md.
 *
 *   npm run bench [-- <id|number>...] [--out results.md]
 */
import "./lib/env";
import { writeFileSync } from "node:fs";
import { ensureAdminSchema } from "../scripts/admin-schema";
import { describeMachine, machineLines } from "./lib/machine";
import type { Benchmark, BenchResult } from "./lib/types";
import { collectionEnumeration } from "./collection-enumeration";
import { claimTime } from "./claim-time";
import { colourFidelity } from "./colour-fidelity";
import { completionToReview } from "./completion-to-review";
import { importMemory } from "./import-memory";
import { pollEconomy } from "./poll-economy";
import { scheduleAccuracy } from "./schedule-accuracy";
import { scheduleAtScale } from "./schedule-steady";
import { staffPages } from "./staff-pages";
import { tickStatements } from "./tick-statements";
import { webVitals } from "./web-vitals";
import { catalogDecisions } from "./catalog-decisions";
import { bodyFlood } from "./body-flood";
import { automationBurst } from "./automation-burst";
import { pollCost } from "./poll-cost";

const BENCHMARKS: Benchmark[] = [
  pollEconomy,
  scheduleAccuracy,
  tickStatements,
  importMemory,
  collectionEnumeration,
  staffPages,
  completionToReview,
  colourFidelity,
  claimTime,
  scheduleAtScale,
  webVitals,
  catalogDecisions,
  bodyFlood,
  automationBurst,
  pollCost,
];

function parseArgs(argv: string[]) {
  const names: string[] = [];
  let out: string | undefined;
  let list = false;
  let full = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--out") out = argv[++i];
    else if (arg === "--list") list = true;
    else if (arg === "--full") full = true;
    else if (arg === "--help" || arg === "-h") list = true;
    else names.push(arg);
  }
  return { names, out, list, full };
}

function select(names: string[]): Benchmark[] {
  if (names.length === 0) return BENCHMARKS;
  return names.map((name) => {
    const found = BENCHMARKS.find((bench) => bench.id === name || String(bench.number) === name);
    if (!found) {
      throw new Error(
        `Unknown benchmark "${name}". Choose from: ${BENCHMARKS.map((bench) => `${bench.number} ${bench.id}`).join(", ")}`,
      );
    }
    return found;
  });
}

const verdict = (met: boolean | null) => (met === null ? "no goal" : met ? "MET" : "NOT MET");
const cell = (text: string) => text.replace(/\|/g, "\\|");

function table(results: BenchResult[]): string {
  const lines = [
    "| # | Benchmark | Database | Result | Baseline (same run) | Goal | Met |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const result of results) {
    const number = BENCHMARKS.find((bench) => bench.id === result.id)?.number ?? "";
    lines.push(
      `| ${number} | ${cell(result.title)} | ${cell(result.database)} | ${cell(result.headline)} | ${cell(result.baseline)} | ${cell(result.goal)} | ${verdict(result.met)} |`,
    );
    for (const row of result.extraRows ?? []) {
      lines.push(
        `| ${number} | ${cell(`${result.title}, ${row.label}`)} | ${cell(result.database)} | ${cell(row.headline)} | ${cell(row.baseline)} | ${cell(row.goal)} | ${verdict(row.met)} |`,
      );
    }
  }
  return lines.join("\n");
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.list) {
    for (const bench of BENCHMARKS) console.log(`${bench.number}  ${bench.id.padEnd(24)} ${bench.summary}`);
    return;
  }
  const chosen = select(args.names);
  ensureAdminSchema();
  const machine = await describeMachine();
  const startedAt = new Date();
  console.log(`Model Shots benchmarks, ${startedAt.toISOString()}`);
  for (const line of machineLines(machine)) console.log(`  ${line}`);

  const results: BenchResult[] = [];
  const started = performance.now();
  for (const bench of chosen) {
    console.log(`\n[${bench.number}] ${bench.title} (${bench.id})`);
    console.log(`  ${bench.summary}`);
    const benchStarted = performance.now();
    let result: BenchResult;
    try {
      const outcome = await bench.run({ log: (line) => console.log(`  · ${line.trimStart()}`), full: args.full });
      result = { ...outcome, durationMs: performance.now() - benchStarted };
    } catch (error) {
      console.error(error);
      result = {
        id: bench.id,
        title: bench.title,
        database: "",
        figures: [],
        headline: `ERROR: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
        baseline: "",
        goal: "",
        met: false,
        notes: [],
        durationMs: performance.now() - benchStarted,
      };
    }
    results.push(result);
    for (const [label, value] of result.figures) console.log(`  ${label}: ${value}`);
    console.log(`  goal: ${result.goal || "none"} → ${verdict(result.met)}`);
    for (const row of result.extraRows ?? []) console.log(`  goal, ${row.label}: ${row.goal} → ${verdict(row.met)}`);
    for (const note of result.notes) console.log(`  note: ${note}`);
    console.log(`  (${(result.durationMs / 1000).toFixed(1)} s)`);
  }
  const totalS = (performance.now() - started) / 1000;

  const summary = [
    `Run ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, ${totalS.toFixed(0)} s in all.`,
    "",
    ...machineLines(machine).map((line) => `- ${line}`),
    "",
    table(results),
  ].join("\n");
  console.log(`\n${summary}`);
  if (args.out) {
    const details = results
      .map((result) =>
        [
          `### ${result.title}`,
          "",
          ...result.figures.map(([label, value]) => `- ${label}: ${value}`),
          ...result.notes.map((note) => `- note: ${note}`),
        ].join("\n"),
      )
      .join("\n\n");
    writeFileSync(args.out, `${summary}\n\n${details}\n`);
    console.log(`\nwritten to ${args.out}`);
  }
  // Pools, sockets and child processes are all closed; exit anyway so a forgotten handle cannot hang the run.
  process.exit(0);
}

await main();
