import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import prisma from "~/db.server";
import { requireAdmin, timed } from "~/web/admin-request.server";
import { SettingsPage } from "./SettingsPage";
import { loadSettingsPage, settingsAction } from "./settings-page.server";
import { withBodyLimit } from "~/web/body-limits.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  return await timed("app.settings", admin.shop, () => loadSettingsPage(prisma, admin.shop));
};

export const action = withBodyLimit("appForm", async ({ request }: ActionFunctionArgs) => {
  const admin = await requireAdmin(request);
  const result = await settingsAction(prisma, admin.shop, await request.formData());
  return data(result, { status: result.ok ? 200 : 400 });
});

export default function Settings() {
  return <SettingsPage view={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
