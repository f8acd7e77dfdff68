import { readFileSync } from "node:fs";
import type { PrismaClient } from "@prisma/client";

/** USER_HZ: /proc times are in clock ticks, 100 per second on Linux. */
const TICKS_PER_SECOND = 100;

/** CPU time (ms) a process has used so far, from /proc/<pid>/stat; NaN when unreadable. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After the command: state is field 3, utime 14 and stime 15 (1-based), so indexes 11 and 12 here.
    return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000;
  } catch {
    return Number.NaN;
  }
}

/** CPU time per PostgreSQL backend serving this database (other connections than the asking one). */
export async function backendCpu(db: PrismaClient): Promise<Map<number, number>> {
  const rows = await db.$queryRaw<Array<{ pid: number }>>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
  return new Map(rows.map((row) => [row.pid, processCpuMs(row.pid)]));
}

/** CPU used between two readings of backendCpu (backends that appeared in between count from zero). */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) if (Number.isFinite(ms)) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The application_name of each backend serving this database (bench workers name their connections). */
export async function backendNames(db: PrismaClient): Promise<Map<number, string>> {
  const rows = await db.$queryRaw<Array<{ pid: number; name: string }>>`
    SELECT pid, application_name AS name FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()`;
  return new Map(rows.map((row) => [row.pid, row.name]));
}
