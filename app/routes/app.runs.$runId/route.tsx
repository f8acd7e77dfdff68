import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import prisma from "~/db.server";
import { requireAdmin, timed } from "~/web/admin-request.server";
import { RunNotFoundPage, RunPage } from "./RunPage";
import { loadRun, runAction } from "./run.server";
import { withBodyLimit } from "~/web/body-limits.server";

/** A run's progress; the page polls this loader while renders are moving. */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  const run = await timed("app.runs.$runId", admin.shop, () => loadRun(prisma, admin.shop, params.runId ?? ""));
  // Another shop's run and a run that never existed look the same: a page saying so, with status 404.
  return data({ run }, { status: run ? 200 : 404 });
};

export const action = withBodyLimit("appForm", async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireAdmin(request);
  const result = await runAction(prisma, admin.shop, params.runId ?? "", await request.formData());
  return data(result, { status: result.ok ? 200 : 400 });
});

export default function BulkRun() {
  const { run } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return run ? <RunPage run={run} result={result} /> : <RunNotFoundPage />;
}
