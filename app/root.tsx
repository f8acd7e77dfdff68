import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { TranslationsProvider } from "~/i18n/react";
import { localeOfRequest } from "~/i18n/locales";
import { polarisTranslationsFor, translationsFor } from "~/i18n/resources.server";

// The language is read once per document: Shopify puts it on the app's URL (`locale`), which in-app navigation
// does not carry. The pseudo-locale is for tests and the sandbox only.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const allowPseudo = process.env.NODE_ENV !== "production";
  const locale = localeOfRequest(new URL(request.url), request.headers.get("accept-language"), allowPseudo);
  return { locale, translations: translationsFor(locale), polaris: await polarisTranslationsFor(locale) };
};

// Only a document that names another language changes it; navigations and actions keep the translations loaded.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => {
  const next = nextUrl.searchParams.get("locale");
  return next !== null && next !== currentUrl.searchParams.get("locale");
};

export const useRootData = () => useRouteLoaderData<typeof loader>("root");

export default function App() {
  const { locale, translations } = useLoaderData<typeof loader>();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <link rel="preconnect" href="https://cdn.shopify.com/" />
        <link rel="stylesheet" href="https://cdn.shopify.com/static/fonts/inter/v4/styles.css" />
        <Meta />
        <Links />
      </head>
      <body>
        <TranslationsProvider locale={locale} translations={translations}>
          <Outlet />
        </TranslationsProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
