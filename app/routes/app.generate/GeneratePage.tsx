import { useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  ChoiceList,
  EmptyState,
  InlineStack,
  Layout,
  Page,
  Text,
  TextField,
  Thumbnail,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import type { GenerateActionResult, GeneratePageView, ProductPhotoView } from "./generate.server";
import { creditsForJob } from "~/tryon/cost";
import { productAdminUrl } from "~/lib/gid";
import { formatCredits } from "~/web/format";
import { optionsToFormFields, withLook, type RenderOptionsFormValues } from "~/web/render-options-form";
import { RenderOptionsFields } from "~/components/RenderOptionsFields";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { useRequestKey } from "~/web/request-key";
import { EMPTY_STATE_IMAGE } from "~/components/empty-state";
import { FormErrorBanner } from "~/components/FormErrorBanner";
import { LookCard } from "~/components/LookCard";
import { PausedBanner } from "~/components/PausedBanner";
import { TimeText } from "~/components/TimeText";
import { WhatIsSentList } from "~/components/WhatIsSentList";
import { whatIsSent } from "~/looks/what-is-sent";
import { candidatesCostLine, CandidatesSelect } from "~/components/CandidatesSelect";

/** Opens App Bridge's product picker and goes to the Generate page of the product chosen. */
export function useProductPicker() {
  const shopify = useAppBridge();
  const navigate = useNavigate();
  return async () => {
    const picked = await shopify.resourcePicker({ type: "product", action: "select", multiple: false });
    const product = picked?.[0];
    if (product) navigate(`/app/generate?productId=${encodeURIComponent(product.id)}`);
  };
}

function PhotoChoices(props: {
  title: string;
  photos: ProductPhotoView[];
  selected: string;
  onChange: (mediaId: string) => void;
  noneLabel?: string;
  error?: string | undefined;
}) {
  const choices = [
    ...(props.noneLabel ? [{ value: "", label: <Text as="span">{props.noneLabel}</Text> }] : []),
    ...props.photos.map((photo, index) => ({
      value: photo.mediaId,
      label: (
        <InlineStack gap="200" blockAlign="center" wrap={false}>
          <Thumbnail source={photo.url} alt={photo.alt ?? `Photo ${index + 1}`} size="medium" />
          <Text as="span">{photo.alt || `Photo ${index + 1}`}</Text>
        </InlineStack>
      ),
    })),
  ];
  return (
    <ChoiceList
      title={props.title}
      choices={choices}
      selected={[props.selected]}
      onChange={(selected) => props.onChange(selected[0] ?? "")}
      error={props.error}
    />
  );
}

export function GeneratePage({ view, result }: { view: GeneratePageView; result: GenerateActionResult | undefined }) {
  const pickProduct = useProductPicker();
  if (view.kind === "pick") {
    return (
      <Page title="Generate a model shot" backAction={{ content: "Home", url: "/app" }}>
        <Card>
          <EmptyState
            heading="Choose the product to dress the model in"
            action={{ content: "Choose a product", onAction: () => void pickProduct() }}
            image={EMPTY_STATE_IMAGE}
          >
            <p>You can also start from a product page in Shopify admin: More actions › Generate model shot.</p>
          </EmptyState>
        </Card>
      </Page>
    );
  }
  if (view.kind === "not_found") {
    return (
      <Page title="Generate a model shot" backAction={{ content: "Home", url: "/app" }}>
        <Banner
          tone="warning"
          title="This product was not found"
          action={{ content: "Choose another product", onAction: () => void pickProduct() }}
        >
          <p>It may have been deleted, or the link is out of date.</p>
        </Banner>
      </Page>
    );
  }
  return <ProductForm view={view} result={result} />;
}

function ProductForm({
  view,
  result,
}: {
  view: Extract<GeneratePageView, { kind: "product" }>;
  result: GenerateActionResult | undefined;
}) {
  const shopify = useAppBridge();
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
  const colourRenders = byColour ? colourChoice.renders : 1;
  const candidateCount = Number(candidates);
  const renders = colourRenders * candidateCount;
  const busy = navigation.state !== "idle";
  const pendingIntent = navigation.formData?.get("intent");
  const errors = result && !result.ok ? result.fieldErrors : {};
  const cost = formatCredits(creditsForJob(options.resolution) * renders);
  const costLine = byColour
    ? `${colourRenders} colours${candidateCount > 1 ? ` × ${candidateCount} candidates` : ""} × ${formatCredits(creditsForJob(options.resolution))} = ${cost}`
    : candidatesCostLine(candidateCount, creditsForJob(options.resolution));
  const productUrl = productAdminUrl(view.product.id);

  useEffect(() => {
    if (!result?.ok) return;
    shopify.toast.show(result.message);
    // The next Generate is a new request; a double click on this one stays the same request.
    if (result.intent === "generate") renewRequestKey();
    if (result.intent === "save-look") {
      setLookId(result.look.id);
      setLookName("");
    }
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
      title={view.product.title}
      subtitle="Generate a model shot"
      backAction={{ content: "Home", url: "/app" }}
      secondaryActions={[
        ...(productUrl ? [{ content: "View product in admin", url: productUrl, target: "_top" as const }] : []),
        { content: "Choose another product", url: "/app/generate" },
      ]}
    >
      <Layout>
        <FormErrorBanner message={result && !result.ok ? result.formError : null} />
        {result?.ok && result.intent === "generate" ? (
          <Layout.Section>
            <Banner
              tone="success"
              title={result.title}
              action={{ content: "Open Review", url: `/app/review?productId=${encodeURIComponent(view.product.id)}` }}
            >
              <p>{result.message}</p>
            </Banner>
          </Layout.Section>
        ) : null}
        <PausedBanner paused={view.paused} consequence="New renders wait in line until it is fixed." />

        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              {view.photos.length === 0 ? (
                <Banner tone="warning" title="This product has no photo">
                  <p>Add a photo of the garment to the product in Shopify, then come back.</p>
                </Banner>
              ) : byColour ? (
                <Text as="p">
                  Each {colourChoice.optionName.toLowerCase()} is rendered from its own photo, shown under{" "}
                  {colourChoice.optionName}s.
                </Text>
              ) : (
                <BlockStack gap="400">
                  <PhotoChoices
                    title="Front photo (the garment the model wears)"
                    photos={view.photos}
                    selected={front}
                    onChange={setFront}
                    error={errors.frontMediaId}
                  />
                  <PhotoChoices
                    title="Back photo (optional)"
                    photos={view.photos.filter((photo) => photo.mediaId !== front)}
                    selected={back === front ? "" : back}
                    onChange={setBack}
                    noneLabel="No back photo"
                    error={errors.backMediaId}
                  />
                </BlockStack>
              )}
            </Card>
            {colourChoice ? (
              <ColourCard choice={colourChoice} perColour={perColour} onPerColour={setPerColour} />
            ) : null}
            <LookCard looks={view.looks} lookId={lookId} onLook={applyLook}>
              <RenderOptionsFields values={options} onChange={setOptions} catalog={view.catalog} errors={errors} />
              <InlineStack gap="200" blockAlign="end">
                <Box minWidth="240px">
                  <TextField
                    label="Save these options as a look"
                    value={lookName}
                    onChange={setLookName}
                    autoComplete="off"
                    placeholder="For example: Summer 2026"
                    error={errors.lookName}
                  />
                </Box>
                <Button onClick={saveLook} loading={busy && pendingIntent === "save-look"} disabled={!lookName.trim()}>
                  Save look
                </Button>
              </InlineStack>
            </LookCard>
          </BlockStack>
        </Layout.Section>

        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Cost
                </Text>
                <CandidatesSelect
                  label="Candidates"
                  value={candidates}
                  onChange={setCandidates}
                  helpText="Several renders to pick the best from; each is charged."
                  error={errors.candidates}
                />
                <Text as="p" variant="headingLg">
                  {costLine}
                </Text>
                <WhatIsSentList sent={whatIsSent(options, view.catalog)} />
                <Text as="p" tone="subdued">
                  Charged when the render starts; refunded automatically if the service fails it. Nothing is added to
                  the product until you approve it in Review.
                </Text>
                <Button
                  variant="primary"
                  onClick={generate}
                  loading={busy && pendingIntent === "generate"}
                  disabled={!requestKey || cannotRender || (busy && pendingIntent === "generate")}
                >
                  {byColour && renders > 1
                    ? `Generate ${renders} shots for ${cost}`
                    : candidateCount > 1
                      ? `Generate ${candidateCount} candidates for ${cost}`
                      : `Generate for ${cost}`}
                </Button>
              </BlockStack>
            </Card>
            {view.recentRenders.length > 0 ? (
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    Recent renders of this product
                  </Text>
                  {view.recentRenders.map((render) => (
                    <InlineStack key={render.id} align="space-between" blockAlign="center">
                      <RenderStateBadge state={render.state} />
                      <TimeText at={render.createdAt} showAbsolute={false} />
                    </InlineStack>
                  ))}
                  <Button variant="plain" url={`/app/history?productId=${encodeURIComponent(view.product.id)}`}>
                    See all in History
                  </Button>
                </BlockStack>
              </Card>
            ) : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

/** The product's colours, and the choice of one shot per colour with what it will do in plain words. */
function ColourCard(props: {
  choice: NonNullable<Extract<GeneratePageView, { kind: "product" }>["colourChoice"]>;
  perColour: boolean;
  onPerColour: (perColour: boolean) => void;
}) {
  const { choice } = props;
  const name = choice.optionName.toLowerCase();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {`${choice.optionName}s`}
        </Text>
        <Checkbox
          label={
            choice.fallsBack
              ? `One shot per ${name} (no ${name} has a photo of its own)`
              : `One shot per ${name} (${choice.renders} shots)`
          }
          checked={props.perColour}
          onChange={props.onPerColour}
          helpText={props.perColour ? choice.sentence : `Each shot is added to that ${name}'s variants as their image.`}
        />
        <BlockStack gap="200">
          {choice.colours.map((colour) => (
            <InlineStack key={colour.value} gap="200" blockAlign="center" wrap={false}>
              {colour.photoUrl ? (
                <Thumbnail source={colour.photoUrl} alt={`${colour.value} photo`} size="small" />
              ) : null}
              <Text as="span">{colour.value}</Text>
              <Text as="span" tone="subdued">
                {`${colour.variantCount} ${colour.variantCount === 1 ? "variant" : "variants"}${colour.ownPhoto ? "" : ", no photo of its own"}`}
              </Text>
            </InlineStack>
          ))}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}
