import { describe, expect, it } from "vitest";
import { normalizeJobStatus, readPath } from "./status";

describe("status names", () => {
  it("completed and failed end a job, as the spec names them", () => {
    expect(normalizeJobStatus("completed")).toEqual({ status: "completed", known: true });
    expect(normalizeJobStatus("failed")).toEqual({ status: "failed", known: true });
  });

  it("common variants are understood whatever their case and separators", () => {
    expect(normalizeJobStatus("SUCCEEDED").status).toBe("completed");
    expect(normalizeJobStatus("Done").status).toBe("completed");
    expect(normalizeJobStatus("errored").status).toBe("failed");
    expect(normalizeJobStatus("In-Progress")).toEqual({ status: "running", known: true });
    expect(normalizeJobStatus("queued")).toEqual({ status: "running", known: true });
  });

  it("an unknown name means still running, flagged as unknown", () => {
    expect(normalizeJobStatus("warming_up")).toEqual({ status: "running", known: false });
    expect(normalizeJobStatus("")).toEqual({ status: "running", known: false });
  });

  it("a configured vocabulary replaces the defaults", () => {
    const vocabulary = { completed: ["ready"], failed: ["broken"], running: ["baking"] };
    expect(normalizeJobStatus("ready", vocabulary).status).toBe("completed");
    expect(normalizeJobStatus("broken", vocabulary).status).toBe("failed");
    expect(normalizeJobStatus("completed", vocabulary)).toEqual({ status: "running", known: false });
  });
});

describe("field paths", () => {
  it("read nested objects and array indexes, and give undefined for anything missing", () => {
    const body = { data: { status: "completed", outputs: [{ url: "https://cdn/x.jpg" }] } };
    expect(readPath(body, "data.status")).toBe("completed");
    expect(readPath(body, "data.outputs.0.url")).toBe("https://cdn/x.jpg");
    expect(readPath(body, "data.missing.deeper")).toBeUndefined();
    expect(readPath("text", "data")).toBeUndefined();
  });
});
