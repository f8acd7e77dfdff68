import { z } from "zod";
import type { SandboxInfo } from "./sandbox-info";

/**
 * The sandbox's fakes, over their own HTTP test endpoints: what Shopify was asked (the fake Admin API's
 * request log) and what the try-on service did (the simulator's submits and ledger), and the simulator's
 * fault injection.
 */

const fakeAdminRequestSchema = z.array(
  z.object({
    target: z.string(),
    method: z.string(),
    shop: z.string().nullable(),
    status: z.number(),
    grantType: z.string().optional(),
    operationName: z.string().nullish(),
  }),
);

export async function fakeAdminRequests(sandbox: SandboxInfo) {
  const response = await fetch(`${sandbox.fakeAdminUrl}/__fake-admin/requests`);
  return fakeAdminRequestSchema.parse(await response.json());
}

const ledgerSchema = z.object({
  data: z.object({
    balance: z.number(),
    charges: z.array(z.object({ jobId: z.string(), credits: z.number() })),
    refunds: z.array(z.object({ jobId: z.string(), credits: z.number() })),
  }),
});

export async function simulatorLedger(sandbox: SandboxInfo) {
  const response = await fetch(
    `${sandbox.simulatorUrl}/__simulator/ledger?api_key=${encodeURIComponent(sandbox.simulatorApiKey)}`,
  );
  return ledgerSchema.parse(await response.json()).data;
}

const submitsSchema = z.object({
  data: z.array(
    z.object({ seq: z.number(), httpStatus: z.number().nullable(), jobId: z.string().optional(), body: z.unknown() }),
  ),
});

export async function simulatorSubmits(sandbox: SandboxInfo) {
  const response = await fetch(
    `${sandbox.simulatorUrl}/__simulator/submits?api_key=${encodeURIComponent(sandbox.simulatorApiKey)}`,
  );
  return submitsSchema.parse(await response.json()).data;
}

const jobsSchema = z.object({ data: z.array(z.object({ id: z.string(), state: z.string() })) });

/** The jobs the service holds for the sandbox's key, with their state (queued, processing… completed, failed). */
export async function simulatorJobs(sandbox: SandboxInfo) {
  const response = await fetch(
    `${sandbox.simulatorUrl}/__simulator/jobs?api_key=${encodeURIComponent(sandbox.simulatorApiKey)}`,
  );
  return jobsSchema.parse(await response.json()).data;
}

/** Makes the next `times` jobs the service accepts stay `processing` for ever (each holds one of the shop's slots). */
export async function holdNextJobs(sandbox: SandboxInfo, times: number): Promise<void> {
  await addFault(sandbox, { type: "never_finish" }, times);
}

/** Makes the next `times` jobs the service accepts end `failed` with `message` (and be refunded). */
export async function failNextJobs(sandbox: SandboxInfo, times: number, message: string): Promise<void> {
  await addFault(sandbox, { type: "fail_job", message }, times);
}

async function addFault(sandbox: SandboxInfo, fault: Record<string, unknown>, times: number): Promise<void> {
  const response = await fetch(`${sandbox.simulatorUrl}/__simulator/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ apiKey: sandbox.simulatorApiKey, fault, times }),
  });
  if (response.status !== 201)
    throw new Error(`The simulator refused the fault: HTTP ${response.status} ${await response.text()}`);
}
