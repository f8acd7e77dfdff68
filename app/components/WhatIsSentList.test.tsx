import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { UiLocale } from "~/i18n/locales";
import { WithTranslations } from "~/i18n/WithTranslations";
import { whatIsSent } from "~/looks/what-is-sent";
import type { CatalogResult } from "~/tryon/catalog-view";
import { CandidatesSelect } from "./CandidatesSelect";
import { LookCard } from "./LookCard";
import { WhatIsSentList } from "./WhatIsSentList";

/** The shared cards of the pages that queue renders, rendered to HTML as the server does, in a language. */
const render = (locale: UiLocale, node: React.ReactNode) =>
  renderToString(
    <WithTranslations locale={locale}>
      <AppProvider i18n={en}>{node}</AppProvider>
    </WithTranslations>,
  )
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'");

const catalog: CatalogResult = {
  ok: true,
  catalog: {
    mannequins: [{ id: "mnq_amara", name: "Amara", thumbnailUrl: null }],
    backgrounds: [{ id: "bg_studio_white", name: "Studio white", thumbnailUrl: null }],
    posesByProductType: { bottom: [{ id: "pose_walking", name: "Walking", thumbnailUrl: null }] },
  },
};

describe("WhatIsSentList", () => {
  const jeans = whatIsSent(
    {
      productType: "bottom",
      productCategory: "jeans",
      mannequinId: "mnq_amara",
      poseId: "pose_walking",
      background: "bg_studio_white",
      resolution: "2K",
    },
    catalog,
  );

  it("names the garment in the staff member's language and the catalog's names as the catalog has them", () => {
    const english = render("en", <WhatIsSentList sent={jeans} heading="2 renders as:" />);
    expect(english).toContain("Garment: Bottom (Jeans)");
    expect(english).toContain("Model: Amara");
    expect(english).toContain("Pose: Walking");
    expect(english).toContain("Background: Studio white");

    const german = render("de", <WhatIsSentList sent={jeans} />);
    expect(german).toContain("Kleidungsstück: Unterteil (Jeans)");
    expect(german).toContain("Model: Amara");
    expect(german).toContain("Hintergrund: Studio white");
  });

  it("says the stand-ins for names the catalog could not give in the staff member's language", () => {
    const unknown = whatIsSent(
      { productType: "dress", mannequinId: "mnq_gone", poseId: "pose_gone", resolution: "2K" },
      { ok: false, reason: "unavailable", message: "The try-on service did not answer." },
    );
    const french = render("fr", <WhatIsSentList sent={unknown} />);
    expect(french).toContain("Vêtement : Robe");
    expect(french).toContain("Mannequin : Le mannequin choisi dans le look");
    expect(french).toContain("Arrière-plan : L'arrière-plan par défaut du service");
    expect(french).not.toMatch(/chosen in the look|default background/);
  });
});

describe("LookCard and CandidatesSelect", () => {
  it("speak the staff member's language, with one and several candidates in its plural", () => {
    const html = render(
      "ja",
      <LookCard looks={[]} lookId="" onLook={() => undefined}>
        <CandidatesSelect label="候補" value="1" onChange={() => undefined} helpText="" error={undefined} />
      </LookCard>,
    );
    expect(html).toContain("ルック");
    expect(html).toContain("保存したルックはまだありません");
    expect(html).toContain("1（レンダリング 1 件）");
    expect(html).toContain("3 件から選択");
  });
});
