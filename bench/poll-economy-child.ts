/**
 * One worker scenario of benchmark 1 in its own process, with its own database and simulated clock, so that
 * bench/poll-economy.ts can run the scenarios side by side (one after another they took most of an hour on a
 * busy machine). The scenario arrives as JSON in BENCH_SCENARIO; progress and the outcome go back over IPC.
 */
import "./lib/env";
import { z } from "zod";
import { workerConfigSchema } from "~/worker/worker-config";
import { createTestDatabase } from "../harness/database";
import { runScheduler, type Outcome, type Scenario } from "./poll-economy-scenario";

export type ScenarioMessage =
  { type: "log"; line: string } | { type: "outcome"; outcome: Outcome } | { type: "error"; message: string };

const scenarioSchema = z.object({
  name: z.string(),
  warm: z.boolean(),
  config: workerConfigSchema.optional(),
  pinHistory: z.boolean().optional(),
}) satisfies z.ZodType<Scenario>;

const send = (message: ScenarioMessage) =>
  new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));

// Orphaned (the benchmark stopped or failed): stop too, rather than run on for minutes.
process.once("disconnect", () => process.exit(1));
const scenario: Scenario = scenarioSchema.parse(JSON.parse(process.env.BENCH_SCENARIO ?? "null"));
const database = await createTestDatabase("postgres");
let exitCode = 0;
try {
  const outcome = await runScheduler(database.prisma, scenario, (line) => void send({ type: "log", line }));
  await send({ type: "outcome", outcome });
} catch (error) {
  exitCode = 1;
  await send({ type: "error", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
} finally {
  await database.close();
}
process.exit(exitCode);
