/**
 * Contract tests of faults: the client against the in-process simulator, one test per fault it can inject (the
 * rules of the spec are in contract-spec.test.ts). Every test that submits checks the simulator's record of
 * submits, so a client that repeated a submit would fail here.
 */
import { inspect } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTryOnSimulator } from "../../fakes/tryon-service";
import { readStream } from "~/lib/streams";
import { createTryOnClient } from "./client";
import { caught, job, setup, simulator, startContractServices, stopContractServices } from "./contract-fixture";
import {
  TryOnNotSentError,
  TryOnOutcomeUnknownError,
  TryOnRateLimitedError,
  TryOnResultUnavailableError,
  TryOnUnavailableError,
} from "./errors";
import { recordingLogger } from "../../harness/tryon-client";

beforeAll(startContractServices);
afterAll(stopContractServices);

describe("faults", () => {
  it("429 with Retry-After in seconds on a status read: waits that long, then reads", async () => {
    const { client, fault, sleeps } = setup();
    const submitted = await client.submitTryOnJob(job());
    fault({ fault: { type: "rate_limit", retryAfterSeconds: 2 }, endpoints: ["status"], times: 1 });
    expect((await client.getJobStatus(submitted.jobId)).status).toBe("running");
    expect(sleeps).toEqual([2000]);
  });

  it("429 with Retry-After as an HTTP date on a listing: waits until that date, then reads", async () => {
    const { client, fault, sleeps } = setup();
    fault({ fault: { type: "rate_limit", retryAfterSeconds: 3, retryAfterFormat: "http_date" }, times: 1 });
    expect((await client.listBackgrounds()).length).toBeGreaterThan(0);
    expect(sleeps).toHaveLength(1);
    // HTTP dates have whole seconds, so up to one second less than asked.
    expect(sleeps[0]).toBeGreaterThan(2000);
    expect(sleeps[0]).toBeLessThanOrEqual(3000);
  });

  it("429 without Retry-After on a read: backs off with jitter", async () => {
    const { client, fault, sleeps } = setup({ random: () => 0 });
    fault({ fault: { type: "rate_limit", retryAfterFormat: "none" }, times: 2 });
    await client.listMannequins();
    expect(sleeps).toEqual([250, 500]);
  });

  it("429 on submit: reported as rate limited with its delay, nothing charged, nothing resent", async () => {
    const { apiKey, client, fault, submits, sleeps } = setup();
    fault({ fault: { type: "rate_limit", retryAfterSeconds: 5 }, endpoints: ["submit"], times: 1 });
    const error = await caught(client.submitTryOnJob(job()));
    expect(error).toBeInstanceOf(TryOnRateLimitedError);
    expect((error as TryOnRateLimitedError).retryAfterMs).toBe(5000);
    expect((error as TryOnRateLimitedError).mayHaveBeenCharged).toBe(false);
    expect(submits()).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(simulator.getLedger(apiKey).charges).toEqual([]);
  });

  it("5xx on submit before the job exists: outcome unknown, never resent", async () => {
    const { client, fault, submits } = setup();
    fault({ fault: { type: "server_error", status: 503 }, endpoints: ["submit"], times: 1 });
    const error = await caught(client.submitTryOnJob(job()));
    expect(error).toBeInstanceOf(TryOnOutcomeUnknownError);
    expect((error as TryOnOutcomeUnknownError).httpStatus).toBe(503);
    expect(submits()).toHaveLength(1);
  });

  it("5xx on submit after the job was created: outcome unknown, the job is charged, never resent", async () => {
    const { apiKey, client, fault, submits } = setup();
    fault({ fault: { type: "server_error", status: 500, jobCreated: true }, endpoints: ["submit"], times: 1 });
    const error = await caught(client.submitTryOnJob(job()));
    expect(error).toBeInstanceOf(TryOnOutcomeUnknownError);
    expect((error as TryOnOutcomeUnknownError).mayHaveBeenCharged).toBe(true);
    expect((error as TryOnOutcomeUnknownError).retrySafe).toBe(false);
    expect(submits()).toHaveLength(1);
    expect(simulator.getLedger(apiKey).charges).toHaveLength(1);
  });

  it("5xx on status reads: retried with back-off, then answered", async () => {
    const { client, fault, sleeps } = setup();
    const submitted = await client.submitTryOnJob(job());
    fault({ fault: { type: "server_error", status: 502 }, endpoints: ["status"], times: 2 });
    expect((await client.getJobStatus(submitted.jobId)).status).toBe("running");
    expect(sleeps).toEqual([375, 750]);
  });

  it("5xx on every status read: reported as unavailable after the configured attempts", async () => {
    const { client, fault, sleeps } = setup({ readRetry: { attempts: 4 } });
    const submitted = await client.submitTryOnJob(job());
    fault({ fault: { type: "server_error", status: 500 }, endpoints: ["status"] });
    const error = await caught(client.getJobStatus(submitted.jobId));
    expect(error).toBeInstanceOf(TryOnUnavailableError);
    expect((error as TryOnUnavailableError).httpStatus).toBe(500);
    expect(sleeps).toHaveLength(3);
  });

  it("a slow submit answer past the timeout: outcome unknown, charged, never resent", async () => {
    const { apiKey, client, fault, submits } = setup({ timeoutMs: 150 });
    fault({ fault: { type: "slow", delayMs: 2_000 }, endpoints: ["submit"], times: 1 });
    const error = await caught(client.submitTryOnJob(job()));
    expect(error).toBeInstanceOf(TryOnOutcomeUnknownError);
    expect((error as TryOnOutcomeUnknownError).reason).toMatch(/no answer within 150 ms/);
    expect(submits()).toHaveLength(1);
    expect(simulator.getLedger(apiKey).charges).toHaveLength(1);
  });

  it("a slow status answer past the timeout: retried, then answered", async () => {
    const { client, fault, sleeps } = setup({ timeoutMs: 150 });
    const submitted = await client.submitTryOnJob(job());
    fault({ fault: { type: "slow", delayMs: 2_000 }, endpoints: ["status"], times: 1 });
    expect((await client.getJobStatus(submitted.jobId)).status).toBe("running");
    expect(sleeps).toHaveLength(1);
  });

  it("the connection dropped after the job was created: outcome unknown, charged, never resent", async () => {
    const { apiKey, client, fault, submits } = setup();
    fault({ fault: { type: "drop_connection" }, endpoints: ["submit"], times: 1 });
    const error = await caught(client.submitTryOnJob(job()));
    expect(error).toBeInstanceOf(TryOnOutcomeUnknownError);
    expect(submits()).toHaveLength(1);
    expect(submits()[0]?.jobId).toBeDefined();
    expect(simulator.getLedger(apiKey).charges).toHaveLength(1);
  });

  it("a dropped connection on a listing: retried, then answered", async () => {
    const { client, fault, sleeps } = setup();
    fault({ fault: { type: "drop_connection" }, endpoints: ["catalog"], times: 1 });
    expect((await client.listMannequins()).length).toBeGreaterThan(0);
    expect(sleeps).toHaveLength(1);
  });

  it("malformed JSON on submit: outcome unknown, charged, never resent", async () => {
    const { apiKey, client, fault, submits } = setup();
    fault({ fault: { type: "malformed_json" }, endpoints: ["submit"], times: 1 });
    const error = await caught(client.submitTryOnJob(job()));
    expect(error).toBeInstanceOf(TryOnOutcomeUnknownError);
    expect((error as TryOnOutcomeUnknownError).httpStatus).toBe(202);
    expect(submits()).toHaveLength(1);
    expect(simulator.getLedger(apiKey).charges).toHaveLength(1);
  });

  it("malformed JSON on a status read: retried, then answered", async () => {
    const { client, fault, sleeps } = setup();
    const submitted = await client.submitTryOnJob(job());
    fault({ fault: { type: "malformed_json" }, endpoints: ["status"], times: 1 });
    expect((await client.getJobStatus(submitted.jobId)).status).toBe("running");
    expect(sleeps).toHaveLength(1);
  });

  it("unknown status names: treated as still running, logged once per job, never a crash", async () => {
    const { client, fault, logger } = setup();
    const first = await client.submitTryOnJob(job());
    const second = await client.submitTryOnJob(job());
    fault({ fault: { type: "unknown_status", statusName: "warming_up" }, times: 6 });
    for (let i = 0; i < 3; i += 1) {
      for (const submitted of [first, second]) {
        const status = await client.getJobStatus(submitted.jobId);
        expect([status.status, status.rawStatus]).toEqual(["running", "warming_up"]);
      }
    }
    expect((await client.waitForTryOnJob(first.jobId)).status).toBe("completed");
    const warnings = logger.lines.filter((line) => line.message.startsWith("unknown try-on job status"));
    expect(warnings.map((line) => line.fields?.jobId)).toEqual([first.jobId, second.jobId]);
  });

  it("a result URL that answers 404: a fresh URL is asked for once, then the result is reported unavailable", async () => {
    const { client, fault } = setup();
    const finished = await client.waitForTryOnJob((await client.submitTryOnJob(job())).jobId);
    fault({ fault: { type: "result_not_found" } });
    const error = await caught(client.downloadJobResult(finished));
    expect(error).toBeInstanceOf(TryOnResultUnavailableError);
  });

  it("an expired result URL: a fresh URL is asked for and the download succeeds", async () => {
    const { client, fault } = setup();
    const submitted = await client.submitTryOnJob(job());
    fault({ fault: { type: "result_expired" }, times: 1 });
    const finished = await client.waitForTryOnJob(submitted.jobId);
    const result = await client.downloadJobResult(finished);
    expect(result.sourceUrl).not.toBe(finished.outputUrl);
    expect((await sharp(Buffer.from(await readStream(result.body))).metadata()).format).toBe("jpeg");
  });

  it("a result URL that expired by time: refreshed through the status endpoint", async () => {
    const { client } = setup();
    const finished = await client.waitForTryOnJob((await client.submitTryOnJob(job())).jobId);
    simulator.advanceTime(2 * 60 * 60 * 1000);
    const result = await client.downloadJobResult(finished);
    expect(result.sourceUrl).not.toBe(finished.outputUrl);
  });

  it("a job that never finishes: waiting ends at the deadline with the job still running", async () => {
    const { client, fault } = setup();
    fault({ fault: { type: "never_finish" }, times: 1 });
    const submitted = await client.submitTryOnJob(job());
    const started = simulator.now();
    const last = await client.waitForTryOnJob(submitted.jobId, { maxWaitMs: 15 * 60_000 });
    expect(last.status).toBe("running");
    expect(simulator.now() - started).toBeGreaterThanOrEqual(15 * 60_000 - 3000);
  });

  it("a job that fails: reported failed with the service's reason, and refunded", async () => {
    const { apiKey, client, fault } = setup({ credits: 10 });
    fault({ fault: { type: "fail_job", message: "Simulated: fabric unreadable" }, times: 1 });
    const submitted = await client.submitTryOnJob(job());
    expect(await client.waitForTryOnJob(submitted.jobId)).toMatchObject({
      status: "failed",
      errorMessage: "Simulated: fabric unreadable",
    });
    expect(simulator.getLedger(apiKey).balance).toBe(10);
  });

  it("a global fault reaches every key, and a per-key fault only its own", async () => {
    const one = setup();
    const two = setup();
    const globalFault = simulator.injectFault({ fault: { type: "server_error", status: 503 }, endpoints: ["catalog"] });
    one.fault({ fault: { type: "rate_limit", retryAfterSeconds: 1 }, endpoints: ["catalog"] });
    try {
      expect(await caught(one.client.listMannequins())).toBeInstanceOf(TryOnRateLimitedError);
      expect(await caught(two.client.listMannequins())).toBeInstanceOf(TryOnUnavailableError);
    } finally {
      simulator.clearFaults();
      expect(simulator.removeFault(globalFault)).toBe(false);
    }
  });

  it("a refused connection: not sent, safe to send again", async () => {
    const stopped = await startTryOnSimulator();
    await stopped.stop();
    const client = createTryOnClient({ baseUrl: stopped.baseUrl, apiKey: stopped.apiKey, logger: recordingLogger() });
    const error = await caught(client.submitTryOnJob(job()));
    expect(error).toBeInstanceOf(TryOnNotSentError);
    expect((error as TryOnNotSentError).retrySafe).toBe(true);
    expect((error as TryOnNotSentError).reason).toMatch(/ECONNREFUSED/);
  });

  it("the API key never appears in logs, error messages or error fields, whatever fails", async () => {
    const { apiKey, client, fault, logger } = setup();
    const errors: unknown[] = [];
    fault({ fault: { type: "drop_connection" }, endpoints: ["submit"], times: 1 });
    errors.push(await caught(client.submitTryOnJob(job())));
    fault({ fault: { type: "server_error" }, endpoints: ["status", "catalog"], times: 6 });
    errors.push(await caught(client.getJobStatus("job_x")));
    errors.push(await caught(client.listPoses("top")));
    errors.push(await caught(client.submitTryOnJob(job({ mannequinId: apiKey }))));
    errors.push(await caught(client.getJobStatus(`${apiKey}`)));
    errors.push(await caught(client.submitTryOnJob(job({ userInstruction: "x".repeat(2000) }))));
    fault({ fault: { type: "unknown_status", statusName: apiKey } });
    const submitted = await client.submitTryOnJob(job());
    await client.getJobStatus(submitted.jobId);

    expect(errors).toHaveLength(6);
    for (const error of errors) {
      expect(inspect(error, { showHidden: true, depth: 10 })).not.toContain(apiKey);
      expect(JSON.stringify(error)).not.toContain(apiKey);
    }
    expect(logger.lines.length).toBeGreaterThan(3);
    expect(JSON.stringify(logger.lines)).not.toContain(apiKey);
    simulator.clearFaults();
  });
});
