import type { PrismaClient } from "@prisma/client";

/** A health check that hangs is as bad as a failed one: a load balancer waits on it. */
export const HEALTH_TIMEOUT_MS = 2_000;

export type Health = { ok: true } | { ok: false; problem: string };

/** Whether the database answers a trivial query in time. Says nothing more (the endpoint is public). */
export async function checkHealth(
  db: Pick<PrismaClient, "$queryRaw">,
  timeoutMs: number = HEALTH_TIMEOUT_MS,
): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<Health>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, problem: "database did not answer in time" }), timeoutMs);
  });
  const answered = db.$queryRaw`SELECT 1`.then(
    (): Health => ({ ok: true }),
    (): Health => ({ ok: false, problem: "database unavailable" }),
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
