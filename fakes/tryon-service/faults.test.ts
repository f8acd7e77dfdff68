import { describe, expect, it } from "vitest";
import { FaultRegistry } from "./faults";

describe("fault registry", () => {
  it("fires a per-key fault only for that key, before any global fault", () => {
    const registry = new FaultRegistry();
    registry.add({ fault: { type: "server_error", status: 502 } });
    registry.add({ apiKey: "a", fault: { type: "server_error", status: 503 } });
    expect(registry.take("status", "a", ["server_error"])).toMatchObject({ status: 503 });
    expect(registry.take("status", "b", ["server_error"])).toMatchObject({ status: 502 });
  });

  it("removes a fault after it fired `times` times", () => {
    const registry = new FaultRegistry();
    registry.add({ fault: { type: "malformed_json" }, times: 2 });
    expect(registry.take("catalog", "a", ["malformed_json"])).toBeDefined();
    expect(registry.take("catalog", "a", ["malformed_json"])).toBeDefined();
    expect(registry.take("catalog", "a", ["malformed_json"])).toBeUndefined();
    expect(registry.list()).toEqual([]);
  });

  it("applies each type to its default endpoints unless endpoints are given", () => {
    const registry = new FaultRegistry();
    registry.add({ fault: { type: "unknown_status" } });
    registry.add({ fault: { type: "slow", delayMs: 10 }, endpoints: ["submit"] });
    expect(registry.take("catalog", "a", ["unknown_status"])).toBeUndefined();
    expect(registry.take("status", "a", ["unknown_status"])).toMatchObject({ statusName: "warming_up" });
    expect(registry.take("status", "a", ["slow"])).toBeUndefined();
    expect(registry.take("submit", "a", ["slow"])).toMatchObject({ delayMs: 10 });
  });

  it("refuses a rule that is not a known fault", () => {
    const registry = new FaultRegistry();
    expect(() => registry.add({ fault: { type: "meteor" } } as never)).toThrow();
    expect(() => registry.add({ fault: { type: "server_error", status: 404 } })).toThrow();
  });
});
