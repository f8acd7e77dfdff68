/** @jsxImportSource preact */
import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ActionButtons, CandidatesSelect, SentBanner, SentLines } from "@model-shots/extension-shared/ActionOutcome";
import {
  appLink,
  callApp,
  formatCredits,
  newRequestKey,
  readCreatedRender,
  readProductSummary,
  type CreatedRender,
  type ProductSummary,
} from "@model-shots/extension-shared/api";
import { t, setExtensionTranslate } from "@model-shots/extension-shared/i18n";
import { RenderProgressLines, useRenderProgress } from "./RenderProgress";

/**
 * "Generate model shot" in a product's More actions menu: the product's photo, the look (the shop's default or a
 * saved one), what it will send for this product (garment, model, pose, background by name) and its cost, then one
 * click queues the render, says where to review it, and follows it until it is ready for review or fails.
 */
export default async () => {
  setExtensionTranslate(shopify.i18n.translate);
  render(<GenerateModelShot />, document.body);
};

type Loaded = { state: "loading" } | { state: "failed"; error: string } | { state: "ready"; summary: ProductSummary };
type Sent =
  | { state: "idle" }
  | { state: "sending" }
  | { state: "failed"; error: string }
  | { state: "done"; render: CreatedRender };

function GenerateModelShot() {
  const productId = shopify.data.selected[0]?.id ?? "";
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [lookId, setLookId] = useState("");
  const [candidates, setCandidates] = useState(1);
  const [sent, setSent] = useState<Sent>({ state: "idle" });
  const [perColour, setPerColour] = useState(false);
  // A garment staff chose for a product that is not clothing or that the app cannot place ("" until they do).
  const [garment, setGarment] = useState("");
  // Made once per opening: clicking twice, or retrying after a dropped answer, queues one render.
  const [requestKey] = useState(newRequestKey);
  const progress = useRenderProgress(sent.state === "done" ? sent.render.renderIds : null);

  useEffect(() => {
    const chosen = garment ? `&garment=${encodeURIComponent(garment)}` : "";
    void callApp(`/api/product-summary?productId=${encodeURIComponent(productId)}${chosen}`, readProductSummary).then(
      (result) =>
        setLoaded(result.ok ? { state: "ready", summary: result.data } : { state: "failed", error: result.error }),
    );
  }, [productId, garment]);

  const summary = loaded.state === "ready" ? loaded.summary : null;
  const look = summary?.looks.find((choice) => (choice.id ?? "") === lookId) ?? summary?.looks[0];
  const blocked = !summary || summary.problem !== null || !look || look.problem !== null;
  const colours = summary?.colours ?? null;
  // One per colour: a render per colour with its own photo; the estimate counts them.
  // One per colour and candidates multiply: each colour's render is made `candidates` times.
  const renders = (perColour && colours ? colours.renders : 1) * candidates;
  const credits = (look?.credits ?? 0) * renders;

  const generate = async () => {
    if (blocked || sent.state === "sending" || sent.state === "done") return;
    setSent({ state: "sending" });
    const result = await callApp("/api/renders", readCreatedRender, {
      productId,
      requestKey,
      candidates,
      perColour,
      ...(garment ? { garment } : {}),
      ...(look?.id ? { lookId: look.id } : {}),
    });
    setSent(result.ok ? { state: "done", render: result.data } : { state: "failed", error: result.error });
  };

  return (
    <s-admin-action heading={t("product.heading")} loading={loaded.state === "loading"}>
      <s-stack gap="base">
        {loaded.state === "failed" ? <s-banner tone="critical">{loaded.error}</s-banner> : null}
        {summary ? (
          <s-stack direction="inline" gap="base" alignItems="center">
            {summary.product.imageUrl ? (
              <s-thumbnail src={summary.product.imageUrl} alt={summary.product.title} size="small" />
            ) : null}
            <s-text type="strong">{summary.product.title}</s-text>
          </s-stack>
        ) : null}
        {summary?.garment ? <GarmentDecision garment={summary.garment} chosen={garment} onChoose={setGarment} /> : null}
        {summary?.problem ? <s-banner tone="warning">{summary.problem}</s-banner> : null}
        {summary?.paused ? <s-banner tone="warning">{t("product.paused", { reason: summary.paused })}</s-banner> : null}
        {summary && summary.looks.length > 1 ? (
          <s-select label={t("product.look")} value={lookId} onChange={(event) => setLookId(event.currentTarget.value)}>
            {summary.looks.map((choice) => (
              <s-option key={choice.id ?? "default"} value={choice.id ?? ""}>
                {choice.name}
              </s-option>
            ))}
          </s-select>
        ) : null}
        {colours ? (
          <s-checkbox
            label={t("product.perColour", {
              detail: colours.fallsBack
                ? t("product.perColourNoPhotos")
                : t("product.shots", { count: colours.renders }),
            })}
            details={perColour ? (colours.sentence ?? undefined) : `${colours.values.join(", ")}`}
            checked={perColour}
            disabled={sent.state === "sending" || sent.state === "done"}
            onChange={(event) => setPerColour(event.currentTarget.checked)}
          />
        ) : null}
        {look?.problem ? <s-banner tone="warning">{look.problem}</s-banner> : null}
        <CandidatesSelect label={t("product.candidates")} value={candidates} onChange={setCandidates} />
        {look?.sends ? (
          <s-stack gap="small-200">
            <SentLines sent={look.sends} />
            <s-paragraph>
              <s-text type="strong">{t("product.cost", { credits: formatCredits(credits) })}</s-text>
              {renders > 1 ? t("product.costRenders", { renders, credits: formatCredits(look.credits) }) : ""}
              {t("product.costTerms")}
            </s-paragraph>
          </s-stack>
        ) : null}
        {summary ? <s-link href={appLink(summary.generatePath)}>{t("product.openApp")}</s-link> : null}
        <SentBanner
          error={sent.state === "failed" ? sent.error : null}
          done={
            sent.state === "done"
              ? {
                  heading: sent.render.created
                    ? t("product.queued", { count: sent.render.count })
                    : t("product.alreadyQueued"),
                  body: (
                    <>
                      {t("product.takesMinutes")}{" "}
                      <s-link href={appLink(sent.render.reviewPath)}>{t("product.reviewLink")}</s-link>{" "}
                      {t("product.whenReady")}
                    </>
                  ),
                }
              : null
          }
        />
        {sent.state === "done" ? <RenderProgressLines progress={progress} /> : null}
      </s-stack>
      <ActionButtons
        label={look ? t("product.generateFor", { credits: formatCredits(credits) }) : t("product.generate")}
        onSend={() => void generate()}
        sending={sent.state === "sending"}
        done={sent.state === "done"}
        blocked={blocked}
        onClose={() => shopify.close()}
      />
    </s-admin-action>
  );
}

/**
 * What the product is and where the app read it. A product that is not clothing, or that the app cannot place, is
 * rendered only as a garment staff choose here: nothing is spent on a guess.
 */
function GarmentDecision(props: {
  garment: NonNullable<ProductSummary["garment"]>;
  chosen: string;
  onChoose: (garment: string) => void;
}) {
  const { garment, chosen } = props;
  if (garment.kind === "garment" && !chosen) return <s-paragraph>{garment.sentence}</s-paragraph>;
  return (
    <s-stack gap="small-200">
      {chosen ? null : <s-banner tone="warning">{garment.sentence}</s-banner>}
      <s-select
        label={t("product.renderAs")}
        value={chosen}
        onChange={(event) => props.onChoose(event.currentTarget.value)}
      >
        <s-option value="">{t("product.chooseGarment")}</s-option>
        {garment.choices.map((choice) => (
          <s-option key={choice.value} value={choice.value}>
            {choice.label}
          </s-option>
        ))}
      </s-select>
    </s-stack>
  );
}
