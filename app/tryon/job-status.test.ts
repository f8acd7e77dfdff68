import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkStatusFields } from "./job-status";

/** The wire schema the exact check replaced on the poll path (ADR 079): it must accept and refuse the same. */
const statusFieldsSchema = z.object({
  status: z.union([z.string().min(1), z.number()]).transform(String),
  outputUrl: z.string().min(1).optional(),
  errorMessage: z.string().optional(),
});

const viaSchema = (status: unknown, outputUrl: unknown, errorMessage: unknown) => {
  const parsed = statusFieldsSchema.safeParse({
    status,
    outputUrl: outputUrl ?? undefined,
    errorMessage: errorMessage ?? undefined,
  });
  return parsed.success ? parsed.data : null;
};

const hostile: unknown[] = [
  undefined,
  null,
  "",
  " ",
  "running",
  "COMPLETED",
  0,
  -1,
  3.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  [],
  ["completed"],
  {},
  { toString: () => "completed" },
  "https://cdn.example/x.jpg",
  "x".repeat(10_000),
];

describe("the status answer's fields", () => {
  it("are accepted and refused exactly as the wire schema did, whatever each field holds", () => {
    for (const status of hostile)
      for (const outputUrl of hostile)
        for (const errorMessage of hostile)
          expect(
            checkStatusFields(status, outputUrl, errorMessage),
            JSON.stringify([status, outputUrl, errorMessage]),
          ).toEqual(viaSchema(status, outputUrl, errorMessage));
  });

  it("give a number status as its text and leave absent fields out", () => {
    expect(checkStatusFields(2, null, undefined)).toEqual({ status: "2" });
    expect(checkStatusFields("completed", "https://cdn.example/x.jpg", "")).toEqual({
      status: "completed",
      outputUrl: "https://cdn.example/x.jpg",
      errorMessage: "",
    });
    expect(checkStatusFields("", null, null)).toBeNull();
    expect(checkStatusFields("failed", "", null)).toBeNull();
    expect(checkStatusFields("failed", null, 42)).toBeNull();
  });
});
