import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import prisma from "~/db.server";
import { requireAdmin, timed } from "~/web/admin-request.server";
import { HomePage } from "./HomePage";
import { homeAction, loadHome } from "./home.server";
import { withBodyLimit } from "~/web/body-limits.server";
import { loadAutomationWeek } from "~/automation/automation-week.server";
import { AutomationWeekCard } from "./AutomationWeekCard";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  return await timed("app._index", admin.shop, async () => ({
    ...(await loadHome(prisma, admin.shop)),
    automationWeek: await loadAutomationWeek(prisma, admin.shop, new Date()),
  }));
};

export const action = withBodyLimit("appForm", async ({ request }: ActionFunctionArgs) => {
  const admin = await requireAdmin(request);
  const result = await homeAction(prisma, admin.shop, await request.formData());
  return data(result, { status: result.ok ? 200 : 400 });
});

export default function Home() {
  const view = useLoaderData<typeof loader>();
  return (
    <HomePage view={view} result={useActionData<typeof action>()}>
      <AutomationWeekCard week={view.automationWeek} />
    </HomePage>
  );
}
