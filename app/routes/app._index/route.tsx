import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import prisma from "~/db.server";
import { requireAdmin, timed } from "~/web/admin-request.server";
import { HomePage } from "./HomePage";
import { homeAction, loadHome } from "./home.server";
import { withBodyLimit } from "~/web/body-limits.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  return await timed("app._index", admin.shop, () => loadHome(prisma, admin.shop));
};

export const action = withBodyLimit("appForm", async ({ request }: ActionFunctionArgs) => {
  const admin = await requireAdmin(request);
  const result = await homeAction(prisma, admin.shop, await request.formData());
  return data(result, { status: result.ok ? 200 : 400 });
});

export default function Home() {
  return <HomePage view={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
