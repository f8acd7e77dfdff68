/**
 * The worker's hot statements (the claim and the poll results, sent by every tick of every worker) as named,
 * prepared statements straight through node-postgres, on the same pool Prisma's driver adapter uses. Prisma sends
 * every statement unnamed, so PostgreSQL parses and plans it each time, and its client serialises every raw query
 * with its parameters to JSON for its query compiler and deserialises each result value by column type: for a
 * tick's 500-row claim and its 12 columns of 500 poll results that was a measured share of a poll (ADR 079,
 * benchmark 15). Only statements written as `Prisma.sql` come here, so their text and parameters are the ones
 * `$queryRaw` would send, and rows come back as `$queryRaw` gives them (timestamps as UTC Dates, JSON parsed).
 * A client this module did not create (a transaction's, a test double) runs the same statement with `$queryRaw`.
 */
import pg from "pg";
import type { Prisma, PrismaClient } from "@prisma/client";

/** The pool behind each Prisma client made by createPrismaClient. */
const poolOf = new WeakMap<object, pg.Pool>();

export function rememberPool(client: PrismaClient, pool: pg.Pool): void {
  poolOf.set(client, pool);
}

/** PostgreSQL's `timestamp` (without time zone, how Prisma stores DateTime) holds UTC, as Prisma reads it. */
const TIMESTAMP_OID = 1114;
const parseUtcTimestamp = (value: string) => new Date(`${value.replace(" ", "T")}Z`);
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_OID
      ? parseUtcTimestamp
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};

/** A parameter as Prisma's adapter sends it: Dates as UTC without a zone (the columns are `timestamp`). */
function parameter(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, -1);
  return value;
}

/**
 * Runs `sql` as the named statement `name` (prepared once per connection) on the client's own pool, or through
 * `$queryRaw` when the client is not one createPrismaClient made. The name must always go with the same text.
 */
export async function preparedQuery<Row>(
  db: Pick<PrismaClient, "$queryRaw">,
  name: string,
  sql: Prisma.Sql,
): Promise<Row[]> {
  const pool = poolOf.get(db);
  if (!pool) return db.$queryRaw<Row[]>(sql);
  const result = await pool.query<Row & pg.QueryResultRow>({
    name,
    text: sql.text,
    values: sql.values.map(parameter),
    types,
  });
  return result.rows;
}
