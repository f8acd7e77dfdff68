import { describe, expect, it } from "vitest";
import { rowsWhileFiltering, withListFilter } from "./list-filters";

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

describe("rowsWhileFiltering", () => {
  const rows = [
    { id: "a", productId: "p1", state: "published" },
    { id: "b", productId: "p2", state: "failed" },
    { id: "c", productId: "p1", state: "failed" },
  ];
  const fields = {
    productId: (row: (typeof rows)[number]) => row.productId,
    state: (row: (typeof rows)[number]) => row.state,
  };
  const ids = (list: readonly { id: string }[]) => list.map((row) => row.id);

  it("keeps the rows on screen that a newly set filter will still show, in their order", () => {
    const pending = new URLSearchParams("productId=p1");
    expect(ids(rowsWhileFiltering(rows, new URLSearchParams(), pending, fields))).toEqual(["a", "c"]);
    // On screen under productId=p1: a and c; adding state=failed keeps c.
    const onScreen = rows.filter((row) => row.productId === "p1");
    const both = new URLSearchParams("productId=p1&state=failed");
    expect(ids(rowsWhileFiltering(onScreen, new URLSearchParams("productId=p1"), both, fields))).toEqual(["c"]);
  });

  it("ignores the admin's own parameters, which App Bridge may drop from the next URL", () => {
    const current = new URLSearchParams("host=abc&id_token=t1&shop=s.myshopify.com");
    const pending = new URLSearchParams("host=abc&shop=s.myshopify.com&productId=p2");
    expect(ids(rowsWhileFiltering(rows, current, pending, fields))).toEqual(["b"]);
  });

  it("leaves the rows alone when nothing is loading, a filter is removed or changed, or the field is unknown", () => {
    expect(ids(rowsWhileFiltering(rows, new URLSearchParams("state=failed"), null, fields))).toEqual(["a", "b", "c"]);
    expect(ids(rowsWhileFiltering(rows, new URLSearchParams("state=failed"), new URLSearchParams(), fields))).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(
      ids(
        rowsWhileFiltering(rows, new URLSearchParams("state=failed"), new URLSearchParams("state=published"), fields),
      ),
    ).toEqual(["a", "b", "c"]);
    expect(ids(rowsWhileFiltering(rows, new URLSearchParams(), new URLSearchParams("after=cursor"), fields))).toEqual([
      "a",
      "b",
      "c",
    ]);
  });
});
