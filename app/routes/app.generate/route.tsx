import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import prisma from "~/db.server";
import { requireAdmin, timed } from "~/web/admin-request.server";
import { GeneratePage } from "./GeneratePage";
import { generateAction, loadGeneratePage, loadRecentRendersFor } from "./generate.server";
import { withBodyLimit } from "~/web/body-limits.server";

/**
 * /app/generate?productId=<id or gid>: reached from the product picker, Home and the product admin action.
 * With `&recent=1`, only the product's recent renders (what the card polls while one is in flight).
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  if (url.searchParams.get("recent") === "1") return await loadRecentRendersFor(prisma, admin.shop, url);
  return await timed("app.generate", admin.shop, () => loadGeneratePage(prisma, admin, new URL(request.url)));
};

export const action = withBodyLimit("appForm", async ({ request }: ActionFunctionArgs) => {
  const admin = await requireAdmin(request);
  const result = await generateAction(prisma, admin, await request.formData());
  return data(result, { status: result.ok ? 200 : 400 });
});

export default function Generate() {
  const view = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (view.kind === "recent") return null;
  return <GeneratePage view={view} result={result} />;
}
