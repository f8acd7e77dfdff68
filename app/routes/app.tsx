import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { ShopTimeZoneContext } from "~/components/ShopTimeZone";
import prisma from "~/db.server";
import { useTranslation } from "~/i18n/react";
import { useRootData } from "~/root";
import { shopTimeZone } from "~/shops/time-zone.server";
import { requireAdmin } from "~/web/admin-request.server";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

// Shopify admin shows its own title; the framed document still needs one for assistive technology.
export const meta = () => [{ title: "Model Shots" }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  // The API key is public (App Bridge needs it in the page); the secret never leaves the server.
  return {
    apiKey: process.env.SHOPIFY_API_KEY ?? "",
    timeZone: await shopTimeZone(prisma, admin.shop, admin.readTimeZone),
  };
};

export default function App() {
  const { apiKey, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation("common");
  // Polaris's own words (pagination, filters, empty states) in the same language as ours.
  const polaris = useRootData()?.polaris;
  return (
    <AppProvider isEmbeddedApp apiKey={apiKey} i18n={polaris}>
      <NavMenu>
        <Link to="/app" rel="home">
          {t("nav.home")}
        </Link>
        <Link to="/app/generate">{t("nav.generate")}</Link>
        <Link to="/app/runs">{t("nav.runs")}</Link>
        <Link to="/app/review">{t("nav.review")}</Link>
        <Link to="/app/history">{t("nav.history")}</Link>
        <Link to="/app/settings">{t("nav.settings")}</Link>
      </NavMenu>
      <ShopTimeZoneContext.Provider value={timeZone}>
        {/* The page's one main landmark (Polaris' Page renders none); dialogs and toasts sit outside it. */}
        <main>
          <Outlet />
        </main>
      </ShopTimeZoneContext.Provider>
    </AppProvider>
  );
}

// Shopify's boundary turns the library's thrown responses (bounce pages, redirects) into what the admin expects.
// Anything else is a bug on our side: staff get a sentence, never a stack trace (the server logs the error).
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("common");
  if (isRouteErrorResponse(error)) return boundary.error(error);
  return (
    <div style={{ fontFamily: "system-ui, sans-serif", padding: "2rem", maxWidth: "40rem" }}>
      <h1 style={{ fontSize: "1.25rem" }}>{t("errorPage.title")}</h1>
      <p>{t("errorPage.body")}</p>
    </div>
  );
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
