import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import prisma from "~/db.server";
import { requireAdmin, timed } from "~/web/admin-request.server";
import { loadReviewPage, reviewAction } from "./review.server";
import { ReviewPage } from "./ReviewPage";
import { withBodyLimit } from "~/web/body-limits.server";

/** /app/review?state=&runId=&productId=&after=: renders awaiting a decision, with their source photos. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  return await timed("app.review", admin.shop, () => loadReviewPage(prisma, admin, new URL(request.url)));
};

export const action = withBodyLimit("appForm", async ({ request }: ActionFunctionArgs) => {
  const admin = await requireAdmin(request);
  const result = await reviewAction(prisma, admin, await request.formData());
  return data(result, { status: result.ok ? 200 : 400 });
});

export default function Review() {
  return <ReviewPage view={useLoaderData<typeof loader>()} />;
}
