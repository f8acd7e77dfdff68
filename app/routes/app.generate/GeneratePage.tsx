import { useNavigation, useSubmit } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  InlineStack,
  Layout,
  Page,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import { EMPTY_STATE_IMAGE } from "~/components/empty-state";
import { FormErrorBanner } from "~/components/FormErrorBanner";
import { LookCard } from "~/components/LookCard";
import { PausedBanner } from "~/components/PausedBanner";
import { RenderOptionsFields } from "~/components/RenderOptionsFields";
import { productAdminUrl } from "~/lib/gid";
import { whatIsSent } from "~/looks/what-is-sent";
import { optionsToFormFields, withLook, type RenderOptionsFormValues } from "~/web/render-options-form";
import { useRequestKey } from "~/web/request-key";
import type { GenerateActionResult, GeneratePageView } from "./generate.server";
import { GenerateCostCard } from "./GenerateCostCard";
import { GeneratePhotosCard } from "./GeneratePhotosCard";
import { ProductColoursCard } from "./ProductColoursCard";
import { RecentRendersCard } from "./RecentRendersCard";
import { useProductPicker } from "./use-product-picker";

export function GeneratePage({ view, result }: { view: GeneratePageView; result: GenerateActionResult | undefined }) {
  const pickProduct = useProductPicker();
  const { t } = useTranslation("generate");
  if (view.kind === "pick") {
    return (
      <Page title={t("title")} backAction={{ content: t("common:nav.home"), url: "/app" }}>
        <Card>
          <EmptyState
            heading={t("pick.heading")}
            action={{ content: t("pick.action"), onAction: () => void pickProduct() }}
            image={EMPTY_STATE_IMAGE}
          >
            <p>{t("pick.body")}</p>
          </EmptyState>
        </Card>
      </Page>
    );
  }
  if (view.kind === "not_found") {
    return (
      <Page title={t("title")} backAction={{ content: t("common:nav.home"), url: "/app" }}>
        <Banner
          tone="warning"
          title={t("notFound.title")}
          action={{ content: t("chooseAnother"), onAction: () => void pickProduct() }}
        >
          <p>{t("notFound.body")}</p>
        </Banner>
      </Page>
    );
  }
  return <ProductForm view={view} result={result} />;
}

/**
 * What the product is and where the app read it. A product that is not clothing, or that the app cannot place,
 * starts with no garment: nothing is rendered until staff choose one below.
 */
function GarmentDecisionBanner({ garment }: { garment: Extract<GeneratePageView, { kind: "product" }>["garment"] }) {
  const { t } = useTranslation("generate");
  const say = useStaffMessage();
  if (!garment) return null;
  if (garment.kind === "render") return <Banner tone="info" title={say(garment.sentence)} />;
  return (
    <Banner tone="warning" title={t(garment.kind === "no_pose" ? "garment.noPose" : "garment.choose")}>
      <p>{say(garment.sentence)}</p>
    </Banner>
  );
}

/** The render was queued: how many, and the way to Review for this product. */
function QueuedBanner({ result, productId }: { result: GenerateActionResult | undefined; productId: string }) {
  const { t } = useTranslation("generate");
  const say = useStaffMessage();
  if (!result?.ok || result.intent !== "generate") return null;
  return (
    <Layout.Section>
      <Banner
        tone="success"
        title={say(result.title)}
        action={{ content: t("openReview"), url: `/app/review?productId=${encodeURIComponent(productId)}` }}
      >
        <p>{say(result.message)}</p>
      </Banner>
    </Layout.Section>
  );
}

function ProductForm({
  view,
  result,
}: {
  view: Extract<GeneratePageView, { kind: "product" }>;
  result: GenerateActionResult | undefined;
}) {
  const shopify = useAppBridge();
  const { t } = useTranslation("generate");
  const say = useStaffMessage();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [requestKey, renewRequestKey] = useRequestKey();
  const [front, setFront] = useState(view.defaultFrontMediaId ?? "");
  const [back, setBack] = useState(view.defaultBackMediaId ?? "");
  const [options, setOptions] = useState<RenderOptionsFormValues>(view.initialOptions);
  const [lookId, setLookId] = useState("");
  const [lookName, setLookName] = useState("");
  const [candidates, setCandidates] = useState("1");
  const [perColour, setPerColour] = useState(false);
  const colourChoice = view.colourChoice;
  // One per colour renders each colour from its own photo; when none has one it is one render from the chosen photo.
  const byColour = perColour && colourChoice !== null && !colourChoice.fallsBack;
  const busy = navigation.state !== "idle";
  const pendingIntent = navigation.formData?.get("intent");
  const errors = result && !result.ok ? result.fieldErrors : {};
  const productUrl = productAdminUrl(view.product.id);

  useEffect(() => {
    if (!result?.ok) return;
    shopify.toast.show(say(result.message));
    // The next Generate is a new request; a double click on this one stays the same request.
    if (result.intent === "generate") renewRequestKey();
    if (result.intent === "save-look") {
      setLookId(result.look.id);
      setLookName("");
    }
    // say() is made anew each render; the toast follows the result alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, shopify, renewRequestKey]);

  const generate = () =>
    submit(
      {
        intent: "generate",
        productId: view.product.id,
        requestKey,
        frontMediaId: front,
        backMediaId: back,
        candidates,
        perColour: perColour ? "true" : "false",
        // A product that is not clothing, or that the app cannot place, is rendered only as a garment staff chose.
        insistGarment: view.garment && view.garment.kind !== "render" ? options.productType : "",
        ...optionsToFormFields(options),
      },
      { method: "post" },
    );
  const saveLook = () => submit({ intent: "save-look", lookName, ...optionsToFormFields(options) }, { method: "post" });
  const applyLook = (id: string) => {
    setLookId(id);
    const look = view.looks.find((candidate) => candidate.id === id);
    if (look) setOptions((current) => withLook(current, look.options, view.catalog, true));
  };
  const cannotRender = view.photos.length === 0 || !view.catalog.ok;

  return (
    <Page
      title={t("productTitle", { title: view.product.title })}
      subtitle={t("title")}
      backAction={{ content: t("common:nav.home"), url: "/app" }}
      secondaryActions={[
        ...(productUrl ? [{ content: t("viewInAdmin"), url: productUrl, target: "_top" as const }] : []),
        { content: t("chooseAnother"), url: "/app/generate" },
      ]}
    >
      <Layout>
        <FormErrorBanner message={result && !result.ok ? result.formError : null} />
        <QueuedBanner result={result} productId={view.product.id} />
        <PausedBanner paused={view.paused} consequence={t("pausedConsequence")} />

        <Layout.Section>
          <BlockStack gap="400">
            <GarmentDecisionBanner garment={view.garment} />
            <GeneratePhotosCard
              photos={view.photos}
              byColourOption={byColour ? colourChoice.optionName : null}
              front={front}
              onFront={setFront}
              back={back}
              onBack={setBack}
              errors={errors}
            />
            {colourChoice ? (
              <ProductColoursCard choice={colourChoice} perColour={perColour} onPerColour={setPerColour} />
            ) : null}
            <LookCard looks={view.looks} lookId={lookId} onLook={applyLook}>
              <RenderOptionsFields values={options} onChange={setOptions} catalog={view.catalog} errors={errors} />
              <InlineStack gap="200" blockAlign="end">
                <Box minWidth="240px">
                  <TextField
                    label={t("look.saveAs")}
                    value={lookName}
                    onChange={setLookName}
                    autoComplete="off"
                    placeholder={t("look.placeholder")}
                    error={errors.lookName ? say(errors.lookName) : undefined}
                  />
                </Box>
                <Button onClick={saveLook} loading={busy && pendingIntent === "save-look"} disabled={!lookName.trim()}>
                  {t("look.save")}
                </Button>
              </InlineStack>
            </LookCard>
          </BlockStack>
        </Layout.Section>

        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <GenerateCostCard
              resolution={options.resolution}
              candidates={candidates}
              onCandidates={setCandidates}
              candidatesError={errors.candidates}
              colourRenders={byColour ? colourChoice.renders : null}
              sent={whatIsSent(options, view.catalog)}
              onGenerate={generate}
              generating={busy && pendingIntent === "generate"}
              canGenerate={Boolean(requestKey) && !cannotRender}
            />
            <RecentRendersCard productId={view.product.id} renders={view.recentRenders} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
