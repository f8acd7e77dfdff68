/**
 * CSV as RFC 4180 writes it, which is what Shopify's exports and spreadsheets produce: fields separated by commas,
 * records by CRLF or LF, a field in double quotes may hold commas, line breaks and `""` (one quote). A UTF-8 byte
 * order mark at the start (Excel writes one) is not part of the first field.
 */

export class CsvSyntaxError extends Error {
  override name = "CsvSyntaxError";
  constructor(
    message: string,
    /** The record (1 = the first, usually the header) where it went wrong. */
    readonly record: number,
  ) {
    super(message);
  }
}

/** Every record of the text as its fields; a line break inside quotes stays in its field. */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: string[][] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  // A quote opens a quoted field only as its first character; an empty last line is no record.
  let atFieldStart = true;
  let recordPending = false;
  const endField = () => {
    fields.push(field);
    field = "";
    atFieldStart = true;
  };
  const endRecord = () => {
    endField();
    records.push(fields);
    fields = [];
    recordPending = false;
  };
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = source[i];
        if (next !== undefined && next !== "," && next !== "\n" && next !== "\r") {
          throw new CsvSyntaxError(
            `record ${records.length + 1}: text after a closing quote (a quote inside a quoted field is written "")`,
            records.length + 1,
          );
        }
        continue;
      }
      field += char;
      i += 1;
      continue;
    }
    if (char === "\r" || char === "\n") {
      endRecord();
      i += char === "\r" && source[i + 1] === "\n" ? 2 : 1;
      continue;
    }
    recordPending = true;
    if (char === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
    } else if (char === ",") {
      endField();
    } else {
      field += char;
      atFieldStart = false;
    }
    i += 1;
  }
  if (quoted) {
    throw new CsvSyntaxError(
      `record ${records.length + 1}: a quoted field is never closed (the file ends inside quotes)`,
      records.length + 1,
    );
  }
  if (recordPending) endRecord();
  return records;
}

/** One record as CSV text (no line break): fields quoted only when they must be. */
export function formatCsvRecord(fields: readonly string[]): string {
  return fields.map((value) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)).join(",");
}
