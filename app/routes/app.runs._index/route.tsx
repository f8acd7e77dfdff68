import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import prisma from "~/db.server";
import { requireAdmin, timed } from "~/web/admin-request.server";
import { loadRunsList } from "./runs.server";
import { RunsListPage } from "./RunsListPage";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  return await timed("app.runs._index", admin.shop, () => loadRunsList(prisma, admin.shop, new URL(request.url)));
};

export default function BulkRuns() {
  const data = useLoaderData<typeof loader>();
  return <RunsListPage runs={data.runs} nextCursor={data.nextCursor} previousCursor={data.previousCursor} />;
}
