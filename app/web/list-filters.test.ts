import { describe, expect, it } from "vitest";
import { withListFilter } from "./list-filters";

describe("withListFilter", () => {
  it("moves to the next page keeping the filters", () => {
    const next = withListFilter(new URLSearchParams("state=in_review&before=c1"), "after", "c9");
    expect(next.toString()).toBe("state=in_review&after=c9");
  });

  it("moves to the previous page dropping the forward cursor", () => {
    const previous = withListFilter(new URLSearchParams("state=in_review&after=c9"), "before", "c5");
    expect(previous.toString()).toBe("state=in_review&before=c5");
  });

  it("starts again from the first page when a filter changes", () => {
    const filtered = withListFilter(new URLSearchParams("state=in_review&after=c9"), "runId", "run_1");
    expect(filtered.toString()).toBe("state=in_review&runId=run_1");
  });

  it("removes a filter given no value", () => {
    expect(
      withListFilter(new URLSearchParams("productId=gid%3A%2F%2Fx&state=published"), "productId", null).toString(),
    ).toBe("state=published");
  });
});
