import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import prisma from "~/db.server";
import { requireAdmin, timed } from "~/web/admin-request.server";
import { HistoryPage } from "./HistoryPage";
import { historyAction, loadHistory } from "./history.server";
import { withBodyLimit } from "~/web/body-limits.server";

/** /app/history?state=&productId=&runId=&after=|before=: every render, newest first, a page at a time. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  return await timed("app.history", admin.shop, () => loadHistory(prisma, admin.shop, new URL(request.url)));
};

export const action = withBodyLimit("appForm", async ({ request }: ActionFunctionArgs) => {
  const admin = await requireAdmin(request);
  const result = await historyAction(prisma, admin, await request.formData());
  return data(result, { status: result.ok ? 200 : 400 });
});

export default function History() {
  return <HistoryPage view={useLoaderData<typeof loader>()} />;
}
