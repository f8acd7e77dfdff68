import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import prisma from "~/db.server";
import { requireAdmin, timed } from "~/web/admin-request.server";
import { withBodyLimit } from "~/web/body-limits.server";
import { AutomationPage } from "./AutomationPage";
import { automationAction, loadAutomationPage } from "./automation-page.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  return await timed("app.automation", admin.shop, () => loadAutomationPage(prisma, admin.shop, new Date()));
};

export const action = withBodyLimit("appForm", async ({ request }: ActionFunctionArgs) => {
  const admin = await requireAdmin(request);
  const result = await automationAction(prisma, admin, await request.formData(), new Date());
  return data(result, { status: result.ok ? 200 : 400 });
});

export default function Automation() {
  return <AutomationPage view={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
