import { describe, expect, it } from "vitest";
import { checkHealth } from "./health.server";

const db = (answer: () => Promise<unknown>) => ({ $queryRaw: answer }) as unknown as Parameters<typeof checkHealth>[0];

describe("the health check", () => {
  it("is healthy when the database answers", async () => {
    expect(await checkHealth(db(async () => [{ "?column?": 1 }]))).toEqual({ ok: true });
  });

  it("is unhealthy when the database refuses, without saying more than that", async () => {
    const health = await checkHealth(db(async () => Promise.reject(new Error("password authentication failed"))));
    expect(health).toEqual({ ok: false, problem: "database unavailable" });
  });

  it("is unhealthy when the database does not answer in time", async () => {
    const health = await checkHealth(
      db(() => new Promise(() => {})),
      50,
    );
    expect(health).toEqual({ ok: false, problem: "database did not answer in time" });
  });
});
