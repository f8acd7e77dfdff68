import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

/** PostgreSQL's `name` type and `text`: the catalogs use `name`; @prisma/adapter-pg 6.19 only knows `text`. */
const NAME_OID = 19;
const TEXT_OID = 25;

type QueryResultLike = { fields?: Array<{ dataTypeID: number }> };

function nameColumnsAsText<T>(result: T): T {
  for (const part of Array.isArray(result) ? (result as unknown[]) : [result]) {
    for (const field of (part as QueryResultLike | null)?.fields ?? []) {
      if (field.dataTypeID === NAME_OID) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

/**
 * A pg client whose results report `name` columns as `text` (their values already arrive as strings). Prisma's
 * JavaScript schema engine reads catalog columns of type `name` while it creates `_prisma_migrations`, and the
 * adapter refuses that type ("Column type 'name' could not be deserialized"). Relabelling the column here keeps
 * `prisma migrate deploy` working with nothing patched in node_modules, so a production-only install needs no
 * install-time tool (docs/decisions/002-database.md).
 */
class CatalogReadingClient extends pg.Client {}
const plainQuery = pg.Client.prototype.query;
CatalogReadingClient.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
  // pg-pool calls with a callback; the adapter's transactions await the promise form.
  const last = args.at(-1);
  if (typeof last === "function") {
    args[args.length - 1] = (error: unknown, result: unknown) =>
      Reflect.apply(last, undefined, [error, error ? result : nameColumnsAsText(result)]);
  }
  const outcome: unknown = Reflect.apply(plainQuery, this, args);
  return outcome instanceof Promise ? outcome.then(nameColumnsAsText) : outcome;
} as typeof plainQuery;

/**
 * The driver adapter `prisma.config.ts` gives the schema engine: the app's own adapter, on the client above, and
 * running each migration script whole. @prisma/adapter-pg 6.19 splits a script at every `;`, which cuts a
 * function body (the Render state-change trigger) in pieces; PostgreSQL's simple query protocol runs a
 * multi-statement script as one implicit transaction. A failing script is handed to the adapter's own
 * executeScript, which fails the same way and reports it in the shape the schema engine expects.
 */
class MigrationAdapterFactory extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    const pool = adapter.underlyingDriver();
    const splitting = adapter.executeScript.bind(adapter);
    adapter.executeScript = async (script: string) => {
      try {
        await pool.query(script);
      } catch {
        await splitting(script);
      }
    };
    return adapter;
  }
}

export function migrationAdapter(connectionString: string): PrismaPg {
  return new MigrationAdapterFactory(new pg.Pool({ connectionString, Client: CatalogReadingClient }));
}
