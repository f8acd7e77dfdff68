import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AppProvider as PolarisAppProvider, Button, Card, FormLayout, Page, Text, TextField } from "@shopify/polaris";
import polarisTranslations from "@shopify/polaris/locales/en.json";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { LoginErrorType } from "@shopify/shopify-app-remix/server";
import { useState } from "react";
import { login } from "~/shopify.server";
import { withBodyLimit } from "~/web/body-limits.server";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

type LoginErrors = { shop?: string };

function loginErrorMessage(result: Awaited<ReturnType<typeof login>>): LoginErrors {
  if (result?.shop === LoginErrorType.MissingShop) return { shop: "Enter your shop domain to log in." };
  if (result?.shop === LoginErrorType.InvalidShop)
    return { shop: "Enter a valid shop domain, like my-shop.myshopify.com." };
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

  return (
    <PolarisAppProvider i18n={polarisTranslations}>
      <Page narrowWidth>
        <Card>
          <Form method="post">
            <FormLayout>
              <Text variant="headingMd" as="h1">
                Log in to Model Shots
              </Text>
              <TextField
                type="text"
                name="shop"
                label="Shop domain"
                helpText="example.myshopify.com"
                value={shop}
                onChange={setShop}
                autoComplete="on"
                error={errors.shop}
              />
              <Button submit>Log in</Button>
            </FormLayout>
          </Form>
        </Card>
      </Page>
    </PolarisAppProvider>
  );
}
