/**
 * Prepared (named) statements for the few statements a worker sends every tick, without a second way to the
 * database: the statement stays a Prisma `$queryRaw`, and its text starts with a marker comment,
 * `/* prepared:<name> *\/`. The pool Prisma's driver adapter uses sees the marker and sends the statement under
 * that name, so each connection parses and plans it once and then only binds and executes it (node-postgres keeps
 * the names per connection). Statements without the marker go as before, unnamed: a text that varies (an `IN` list
 * of a different length each time) must never be named, or every connection would keep every variant.
 */
import { createHash } from "node:crypto";
import pg from "pg";
import { Prisma } from "@prisma/client";

const MARKER = /^\/\* prepared:([a-z_]+) \*\//;

/** A statement marked to be sent as a named, prepared statement (see the module's comment). */
export const preparedSql = (name: string, sql: Prisma.Sql): Prisma.Sql => {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`invalid statement name: ${name}`);
  return Prisma.sql`${Prisma.raw(`/* prepared:${name} */ `)}${sql}`;
};

/** The name a marked text is prepared under: its marker's name and a hash of the text, so two texts never share one. */
const namesByText = new Map<string, string | null>();
export function statementNameOf(text: string): string | undefined {
  let name = namesByText.get(text);
  if (name === undefined) {
    const marker = MARKER.exec(text);
    name = marker ? `${marker[1]}_${createHash("sha1").update(text).digest("hex").slice(0, 12)}` : null;
    // Only marked texts are remembered (a handful); an unmarked one is looked at each time and never kept.
    if (name) namesByText.set(text, name);
  }
  return name ?? undefined;
}

/**
 * A node-postgres pool (the one Prisma's driver adapter is given) that sends marked statements as named ones;
 * every other statement, and everything else the pool does, is unchanged.
 */
export function makeNamingPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const [first] = args;
    if (first !== null && typeof first === "object" && "text" in first && typeof first.text === "string") {
      const name = statementNameOf(first.text);
      if (name) args[0] = { ...first, name };
    }
    return query(...args);
  }) as pg.Pool["query"];
  return pool;
}
