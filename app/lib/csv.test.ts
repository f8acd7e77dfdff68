import { describe, expect, it } from "vitest";
import { CsvSyntaxError, formatCsvRecord, parseCsv } from "./csv";

describe("reading CSV as RFC 4180 writes it", () => {
  it("splits records on CRLF or LF and fields on commas", () => {
    expect(parseCsv("a,b,c\r\n1,2,3\n4,,6\n")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
      ["4", "", "6"],
    ]);
  });

  it("keeps commas, line breaks and doubled quotes inside a quoted field", () => {
    expect(parseCsv('name,body\r\n"Tee, white","<p>Soft.</p>\r\n<p>Say ""hi"".</p>"\r\n')).toEqual([
      ["name", "body"],
      ["Tee, white", '<p>Soft.</p>\r\n<p>Say "hi".</p>'],
    ]);
  });

  it("drops a UTF-8 byte order mark and keeps a last record without a line break", () => {
    expect(parseCsv("\uFEFFHandle,Title\nx,Ünïcode")).toEqual([
      ["Handle", "Title"],
      ["x", "Ünïcode"],
    ]);
  });

  it("keeps empty trailing fields and an empty quoted field", () => {
    expect(parseCsv('a,""\nb,\n')).toEqual([
      ["a", ""],
      ["b", ""],
    ]);
  });

  it("refuses a quoted field that never closes, naming the record", () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3\n')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a,b\n1,"open\n2,3\n')).toThrow(/record 2: a quoted field is never closed/);
  });

  it("refuses text after a closing quote", () => {
    expect(() => parseCsv('a\n"x"y\n')).toThrow(/record 2: text after a closing quote/);
  });

  it("writes fields back so that reading gives them again", () => {
    const fields = ["plain", "with, comma", 'a "quote"', "two\nlines", ""];
    expect(parseCsv(formatCsvRecord(fields))).toEqual([fields]);
    expect(formatCsvRecord(["a", "b c"])).toBe("a,b c");
  });
});
