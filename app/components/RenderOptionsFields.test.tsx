import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WithTranslations } from "~/i18n/WithTranslations";
import type { CatalogResult } from "~/tryon/catalog-view";
import { formValuesOf } from "~/web/render-options-form";
import { CatalogPicker } from "./CatalogPicker";
import { RenderOptionsFields } from "./RenderOptionsFields";

/** Components rendered to HTML as the server does (no DOM library needed): what staff would see first. */
const render = (node: React.ReactNode) =>
  renderToString(
    <WithTranslations>
      <AppProvider i18n={en}>{node}</AppProvider>
    </WithTranslations>,
  );

const catalog: CatalogResult = {
  ok: true,
  catalog: {
    mannequins: [
      { id: "mnq_amara", name: "Amara", thumbnailUrl: "https://tryon.test/thumbs/amara.png" },
      { id: "mnq_kenji", name: "Kenji", thumbnailUrl: null },
    ],
    backgrounds: [{ id: "bg_studio_white", name: "Studio white", thumbnailUrl: "https://tryon.test/thumbs/white.png" }],
    posesByProductType: {
      top: [{ id: "pose_front_relaxed", name: "Front, relaxed", thumbnailUrl: null }],
      bottom: [{ id: "pose_walking", name: "Walking", thumbnailUrl: null }],
    },
  },
};

describe("RenderOptionsFields", () => {
  const values = { ...formValuesOf(null), productType: "top", mannequinId: "mnq_amara", poseId: "pose_front_relaxed" };

  it("shows the catalog's models with their thumbnails and only the poses of the garment type", () => {
    const html = render(
      <RenderOptionsFields values={values} onChange={() => undefined} catalog={catalog} errors={{}} />,
    );
    expect(html).toContain('src="https://tryon.test/thumbs/amara.png"');
    expect(html).toContain("Kenji");
    expect(html).toContain("Front, relaxed");
    expect(html).not.toContain("Walking");
    expect(html).toContain("2K (5 credits)");
    expect(html).toContain("4K (6 credits)");
  });

  it("shows a server error next to its field", () => {
    const html = render(
      <RenderOptionsFields
        values={values}
        onChange={() => undefined}
        catalog={catalog}
        errors={{ poseId: "Choose a pose.", userInstruction: "Keep the instruction under 1,000 characters." }}
      />,
    );
    expect(html).toContain("Choose a pose.");
    expect(html).toContain("Keep the instruction under 1,000 characters.");
  });

  it("explains why the pickers are missing when the catalog could not be read", () => {
    const html = render(
      <RenderOptionsFields
        values={values}
        onChange={() => undefined}
        catalog={{
          ok: false,
          reason: "no_key",
          message: "Add your try-on service key in Settings to choose a model, pose and background.",
        }}
        errors={{}}
      />,
    );
    expect(html).toContain("Add your try-on service key in Settings");
    expect(html).not.toContain("Amara");
  });
});

describe("CatalogPicker", () => {
  it("offers the service default when asked, and flags a value the catalog no longer lists", () => {
    const html = render(
      <CatalogPicker
        title="Model"
        name="mannequinId"
        items={catalog.ok ? catalog.catalog.mannequins : []}
        value="mnq_retired"
        onChange={() => undefined}
        noneLabel="Service default"
      />,
    );
    expect(html).toContain("Service default");
    expect(html).toContain("is not in the catalog any more");
  });
});
