/**
 * `npm run test:mutation:named`: the five mutations issue 13 names, each applied to a copy of the tree and run
 * against the tests that must kill it. Passes when every mutant makes those tests fail. The working tree is never
 * touched: the copy is a temporary folder with the files git knows or would (tracked and new, not ignored) and a
 * link to node_modules.
 *
 * A mutation is an exact piece of source and what replaces it; if the piece is no longer in the file (the code was
 * rewritten), the check fails and says so, rather than passing without having mutated anything.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const REPO = join(import.meta.dirname, "..");
const CLAIMS = "test/pipeline/claims.test.ts";
const TICK = "test/pipeline/worker-tick.test.ts";

interface NamedMutation {
  name: string;
  file: string;
  find: string;
  replace: string;
  killedBy: string[];
}

const MUTATIONS: NamedMutation[] = [
  {
    name: "an expired submit lease goes back to queued instead of submit_unknown",
    file: "app/worker/sql/expire-submit-leases.ts",
    find: `SET state = 'submit_unknown', "nextAttemptAt" = NULL`,
    replace: `SET state = 'queued', "nextAttemptAt" = NULL`,
    killedBy: [CLAIMS, TICK],
  },
  {
    name: "claims ignore live leases",
    file: "app/worker/sql/claim-renders.ts",
    find: `  r."nextAttemptAt" <= \${now}
  AND (r."leaseExpiresAt" IS NULL OR r."leaseExpiresAt" < \${DB_NOW})`,
    replace: `  r."nextAttemptAt" <= \${now}
  AND TRUE`,
    killedBy: [CLAIMS, TICK],
  },
  {
    name: "lease renewal ignores the lease token",
    file: "app/renders/lifecycle/render-store.server.ts",
    find: `    UPDATE "Render" SET "leaseExpiresAt" = \${dbNowPlus(leaseMs)}
    WHERE id = \${held.id} AND state = \${held.state}::"RenderState" AND "leaseToken" = \${held.leaseToken}`,
    replace: `    UPDATE "Render" SET "leaseExpiresAt" = \${dbNowPlus(leaseMs)}
    WHERE id = \${held.id} AND state = \${held.state}::"RenderState"`,
    killedBy: [CLAIMS, TICK],
  },
  {
    name: "publishing does not renew its lease",
    file: "app/worker/steps/publish-render.ts",
    find: `    if (!(await renewLease(ctx.db, held, ctx.config.workLeaseMs))) return;
    if (!product.mediaIds.includes(fileId))`,
    replace: `    if (!product.mediaIds.includes(fileId))`,
    killedBy: [TICK],
  },
  {
    name: "import never adopts a file it already created",
    file: "app/worker/steps/import-render.ts",
    find: `const imported = "created" in outcome ? outcome.created : outcome.existing;`,
    replace: `const imported = "created" in outcome ? outcome.created : null;`,
    killedBy: [TICK],
  },
];

function copyOfTree(): string {
  const root = mkdtempSync(join(tmpdir(), "named-mutations-"));
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: REPO,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    cpSync(join(REPO, file), join(root, file));
  }
  symlinkSync(join(REPO, "node_modules"), join(root, "node_modules"));
  // Generated at install (the Admin schema's types and cache), not tracked.
  for (const generated of [".cache"]) cpSync(join(REPO, generated), join(root, generated), { recursive: true });
  return root;
}

const results: Array<{ name: string; killed: boolean; detail: string }> = [];
for (const mutation of MUTATIONS) {
  const root = copyOfTree();
  try {
    const path = join(root, mutation.file);
    const source = readFileSync(path, "utf8");
    const occurrences = source.split(mutation.find).length - 1;
    if (occurrences !== 1) {
      results.push({
        name: mutation.name,
        killed: false,
        detail: `the code to mutate was found ${occurrences} times in ${mutation.file}: update this script`,
      });
      continue;
    }
    writeFileSync(path, source.replace(mutation.find, mutation.replace));
    const run = spawnSync(
      process.execPath,
      [join(REPO, "node_modules/vitest/vitest.mjs"), "run", ...mutation.killedBy],
      {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, CI: "1", NO_COLOR: "1", FORCE_COLOR: "0" },
      },
    );
    // eslint-disable-next-line no-control-regex -- colour codes, in case the runner adds them anyway
    const output = (run.stdout + run.stderr).replace(/\x1b\[[0-9;]*m/g, "");
    const failed = /Tests\s+(\d+) failed/.exec(output)?.[1];
    results.push({
      name: mutation.name,
      killed: run.status !== 0 && failed !== undefined,
      detail: failed
        ? `${failed} tests failed`
        : `vitest exited ${run.status} with no failed test: ${output.trim().split("\n").slice(-5).join(" | ")}`,
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const last = results.at(-1)!;
  console.log(`${last.killed ? "killed  " : "SURVIVED"}  ${last.name} (${last.detail})`);
}

const survivors = results.filter((result) => !result.killed);
console.log(`${results.length - survivors.length} of ${results.length} named mutations killed`);
process.exit(survivors.length === 0 ? 0 : 1);
