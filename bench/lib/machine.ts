import { readFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { postgresServerUrl } from "../../harness/database";
import { REPO_ROOT } from "./env";

export interface MachineDescription {
  cores: number;
  cpu: string;
  memoryGiB: number;
  node: string;
  postgres: string;
  pglite: string;
  loadAverage: string;
  os: string;
}

export async function describeMachine(): Promise<MachineDescription> {
  let postgres: string;
  const client = new pg.Client({ connectionString: postgresServerUrl() });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>("SHOW server_version");
    postgres = `PostgreSQL ${rows[0]?.server_version ?? "?"} (${new URL(postgresServerUrl()).host})`;
  } catch (error) {
    postgres = `unreachable: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const pgliteVersion = (
    JSON.parse(readFileSync(join(REPO_ROOT, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  return {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model.trim() ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    postgres,
    pglite: `@electric-sql/pglite ${pgliteVersion}`,
    loadAverage: os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(" "),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

export function machineLines(machine: MachineDescription): string[] {
  return [
    `cores: ${machine.cores} (${machine.cpu})`,
    `memory: ${machine.memoryGiB} GiB`,
    `node: ${machine.node}`,
    `database: ${machine.postgres}; ${machine.pglite}`,
    `os: ${machine.os}; load average at start: ${machine.loadAverage}`,
  ];
}
