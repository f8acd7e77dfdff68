import { describe, expect, it } from "vitest";
import { TryOnRateLimitedError, TryOnUnavailableError } from "~/tryon";
import { countServiceErrors, makeMetrics } from "./metrics.server";

const noDatabase = { $queryRaw: async () => [] } as unknown as Parameters<typeof makeMetrics>[0];

describe("service error metrics", () => {
  it("counts each failed try-on call by its class and leaves successes and results untouched", async () => {
    const metrics = makeMetrics(noDatabase, { process: "worker" });
    let calls = 0;
    const client = countServiceErrors(
      {
        async listMannequins() {
          calls += 1;
          if (calls === 1) throw new TryOnRateLimitedError("slow down", { operation: "catalog", retryAfterMs: 2_000 });
          if (calls === 2) throw new TryOnUnavailableError("down", { operation: "catalog" });
          return ["mnq_a"];
        },
        label: "not a function",
      },
      metrics,
    );
    await expect(client.listMannequins()).rejects.toBeInstanceOf(TryOnRateLimitedError);
    await expect(client.listMannequins()).rejects.toBeInstanceOf(TryOnUnavailableError);
    await expect(client.listMannequins()).resolves.toEqual(["mnq_a"]);
    expect(client.label).toBe("not a function");
    const counted = Object.fromEntries(
      (await metrics.serviceErrors.get()).values.map((sample) => [sample.labels.class, sample.value]),
    );
    expect(counted).toEqual({ rate_limited: 1, unavailable: 1 });
  });
});
