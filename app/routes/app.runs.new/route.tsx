import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import prisma from "~/db.server";
import { requireAdmin, timed } from "~/web/admin-request.server";
import { BulkRunPage } from "./BulkRunPage";
import { bulkRunAction, loadBulkRunPage } from "./bulk-run.server";
import { withBodyLimit } from "~/web/body-limits.server";

/** /app/runs/new, optionally ?collectionId=… or ?productIds=1,2,3 (links from the admin actions). */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  return await timed("app.runs.new", admin.shop, () => loadBulkRunPage(prisma, admin, new URL(request.url)));
};

export const action = withBodyLimit("appForm", async ({ request }: ActionFunctionArgs) => {
  const admin = await requireAdmin(request);
  const result = await bulkRunAction(prisma, admin, await request.formData());
  if (result.ok && result.intent === "start") return redirect(`/app/runs/${encodeURIComponent(result.runId)}`);
  return data(result, { status: result.ok ? 200 : 400 });
});

export default function NewBulkRun() {
  return <BulkRunPage view={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
