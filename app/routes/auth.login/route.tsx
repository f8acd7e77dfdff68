import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AppProvider as PolarisAppProvider, Button, Card, FormLayout, Page, Text, TextField } from "@shopify/polaris";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { LoginErrorType } from "@shopify/shopify-app-remix/server";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { messageKey } from "~/lib/staff-message";
import { useRootData } from "~/root";
import { login } from "~/shopify.server";
import { withBodyLimit } from "~/web/body-limits.server";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

type LoginErrors = { shop?: string };

function loginErrorMessage(result: Awaited<ReturnType<typeof login>>): LoginErrors {
  if (result?.shop === LoginErrorType.MissingShop) return { shop: messageKey("login:errors.missingShop") };
  if (result?.shop === LoginErrorType.InvalidShop) return { shop: messageKey("login:errors.invalidShop") };
  return {};
}

export const loader = async ({ request }: LoaderFunctionArgs) => {
  return { errors: loginErrorMessage(await login(request)) };
};

export const action = withBodyLimit("login", async ({ request }: ActionFunctionArgs) => {
  return { errors: loginErrorMessage(await login(request)) };
});

export default function Login() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [shop, setShop] = useState("");
  const errors = actionData?.errors ?? loaderData.errors;
  const { t } = useTranslation("login");
  // The page is outside the admin: its language is the browser's (Accept-Language), Polaris's words with it.
  const polaris = useRootData()?.polaris ?? {};

  return (
    <PolarisAppProvider i18n={polaris}>
      <Page narrowWidth>
        <Card>
          <Form method="post">
            <FormLayout>
              <Text variant="headingMd" as="h1">
                {t("title")}
              </Text>
              <TextField
                type="text"
                name="shop"
                label={t("shopDomain")}
                helpText="example.myshopify.com"
                value={shop}
                onChange={setShop}
                autoComplete="on"
                error={errors.shop ? t(errors.shop) : undefined}
              />
              <Button submit>{t("logIn")}</Button>
            </FormLayout>
          </Form>
        </Card>
      </Page>
    </PolarisAppProvider>
  );
}
