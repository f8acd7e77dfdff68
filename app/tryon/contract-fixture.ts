/**
 * What the contract tests (contract-spec.test.ts, contract-faults.test.ts) share: the in-process simulator and
 * image server, a fresh account and client per test, a job the simulator accepts. Only for tests.
 */
import {
  startImageServer,
  startTryOnSimulator,
  type ImageServer,
  type SimFaultRuleInput,
  type TryOnSimulator,
} from "../../fakes/tryon-service";
import { CatalogCache } from "./catalog";
import { createTryOnClient } from "./client";
import type { TryOnClientOptions } from "./connection";
import { recordingLogger, sampleJobInput } from "../../harness/tryon-client";
import type { TryOnJobInput } from "./wire";

// Live bindings: set by startContractServices (each test file's beforeAll), read by the tests that import them.
export let simulator: TryOnSimulator;
export let images: ImageServer;

export async function startContractServices() {
  // Default 90-240 s jobs; the clients below sleep by moving the simulator's clock, so a job takes milliseconds.
  simulator = await startTryOnSimulator({ seed: 7 });
  images = await startImageServer();
}

export async function stopContractServices() {
  await simulator.stop();
  await images.stop();
}

/** A fresh account and a client for it, sleeping on the simulator's clock. */
export function setup(options: Partial<TryOnClientOptions> & { credits?: number } = {}) {
  const { credits, ...clientOptions } = options;
  const apiKey = simulator.addApiKey({ credits: credits ?? 100 });
  const logger = recordingLogger();
  const sleeps: number[] = [];
  const client = createTryOnClient({
    baseUrl: simulator.baseUrl,
    apiKey,
    now: simulator.now,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
      simulator.advanceTime(ms);
    },
    logger,
    catalogCache: new CatalogCache({ now: simulator.now }),
    timeoutMs: 5_000,
    ...clientOptions,
  });
  const fault = (rule: Omit<SimFaultRuleInput, "apiKey">) => simulator.injectFault({ ...rule, apiKey });
  return { apiKey, client, logger, sleeps, fault, submits: () => simulator.getSubmits(apiKey) };
}

export function job(overrides: Partial<TryOnJobInput> = {}): TryOnJobInput {
  return sampleJobInput(simulator.sampleImageUrl("tee-front.jpg"), overrides);
}

export async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}
