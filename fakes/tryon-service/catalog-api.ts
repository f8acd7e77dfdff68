import { posesFor, SIM_BACKGROUNDS, SIM_MANNEQUINS, SIM_POSES, SIMULATOR_ENUMS } from "./catalog";
import { type Answer, HttpProblem } from "./http";
import { MANNEQUINS_PATH, POSES_PATH } from "./paths";
import type { SimulatorState } from "./state";
import { catalogThumbnailUrl } from "./static-files";

/** GET /api/v1/mannequins, /poses (optionally ?product_type=) and /backgrounds. */
export function handleCatalog(state: SimulatorState, path: string, query: URLSearchParams): Answer {
  if (path === MANNEQUINS_PATH) {
    return {
      status: 200,
      body: {
        data: SIM_MANNEQUINS.map((mannequin) => ({
          id: mannequin.id,
          name: mannequin.name,
          skin_tone: mannequin.skinTone,
          height_cm: mannequin.heightCm,
          body_sizes: SIMULATOR_ENUMS.bodySizes,
          thumbnail_url: catalogThumbnailUrl(state, "mannequins", mannequin.id),
        })),
      },
    };
  }
  if (path === POSES_PATH) {
    const productType = query.get("product_type");
    if (productType !== null && !(SIMULATOR_ENUMS.productTypes as readonly string[]).includes(productType)) {
      throw new HttpProblem(422, "validation_failed", "unknown product type", [
        {
          field: "product_type",
          code: "invalid_value",
          message: `product_type must be one of ${SIMULATOR_ENUMS.productTypes.join(", ")}`,
        },
      ]);
    }
    const poses = productType === null ? SIM_POSES : posesFor(productType);
    return {
      status: 200,
      body: {
        data: poses.map((pose) => ({
          id: pose.id,
          name: pose.name,
          product_types: pose.productTypes,
          thumbnail_url: catalogThumbnailUrl(state, "poses", pose.id),
        })),
      },
    };
  }
  return {
    status: 200,
    body: {
      data: SIM_BACKGROUNDS.map((background) => ({
        id: background.id,
        name: background.name,
        thumbnail_url: catalogThumbnailUrl(state, "backgrounds", background.id),
      })),
    },
  };
}
