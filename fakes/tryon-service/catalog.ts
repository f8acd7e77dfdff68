import { ASPECT_RATIOS, BODY_SIZES, EXPRESSIONS, PRODUCT_CATEGORIES, PRODUCT_TYPES, RESOLUTIONS } from "~/tryon/wire";
/**
 * The enums the simulator accepts: the sets docs/tryon-service.md records where the spec only samples values, defined
 * once beside the wire format (app/tryon/wire.ts). The contract tests prove every value is accepted end to end.
 */
export const SIMULATOR_ENUMS = {
  productTypes: PRODUCT_TYPES,
  productCategories: PRODUCT_CATEGORIES,
  bodySizes: BODY_SIZES,
  expressions: EXPRESSIONS,
  resolutions: RESOLUTIONS,
  aspectRatios: ASPECT_RATIOS,
} as const;

export type SimProductType = (typeof SIMULATOR_ENUMS.productTypes)[number];

export interface SimMannequin {
  id: string;
  name: string;
  skinTone: string;
  hairColor: string;
  heightCm: number;
}

export interface SimPose {
  id: string;
  name: string;
  productTypes: readonly SimProductType[];
  /** Arm angle from the body, degrees; 0 hangs straight down. Negative bends the arms inward (hands on hips...). */
  armAngle: number;
  /** Feet apart, as a fraction of hip width. */
  stance: number;
}

export interface SimBackground {
  id: string;
  name: string;
  topColor: string;
  bottomColor: string;
}

export const SIM_MANNEQUINS: readonly SimMannequin[] = [
  { id: "mnq_amara", name: "Amara", skinTone: "#8d5524", hairColor: "#1b1b1b", heightCm: 176 },
  { id: "mnq_lena", name: "Lena", skinTone: "#f1c27d", hairColor: "#b5793b", heightCm: 170 },
  { id: "mnq_kenji", name: "Kenji", skinTone: "#e0ac69", hairColor: "#111111", heightCm: 181 },
  { id: "mnq_sofia", name: "Sofía", skinTone: "#c68642", hairColor: "#3b2314", heightCm: 168 },
  { id: "mnq_noah", name: "Noah", skinTone: "#ffdbac", hairColor: "#d9b166", heightCm: 184 },
  { id: "mnq_imani", name: "Imani", skinTone: "#5c3a1e", hairColor: "#0d0d0d", heightCm: 173 },
];

export const SIM_POSES: readonly SimPose[] = [
  {
    id: "pose_front_relaxed",
    name: "Front, relaxed",
    productTypes: ["top", "bottom", "dress", "outerwear", "jumpsuit"],
    armAngle: 12,
    stance: 0.2,
  },
  {
    id: "pose_hands_on_hips",
    name: "Hands on hips",
    productTypes: ["top", "dress", "outerwear", "jumpsuit"],
    armAngle: -35,
    stance: 0.35,
  },
  {
    id: "pose_three_quarter",
    name: "Three-quarter turn",
    productTypes: ["top", "dress", "outerwear"],
    armAngle: 6,
    stance: 0.1,
  },
  {
    id: "pose_arms_open",
    name: "Arms open",
    productTypes: ["top", "outerwear", "jumpsuit"],
    armAngle: 40,
    stance: 0.3,
  },
  { id: "pose_walking", name: "Walking", productTypes: ["bottom", "dress", "jumpsuit"], armAngle: 18, stance: 0.6 },
  { id: "pose_wide_stance", name: "Wide stance", productTypes: ["bottom", "outerwear"], armAngle: 8, stance: 0.9 },
];

export const SIM_BACKGROUNDS: readonly SimBackground[] = [
  { id: "bg_studio_white", name: "Studio white", topColor: "#fafafa", bottomColor: "#e6e6e6" },
  { id: "bg_warm_beige", name: "Warm beige", topColor: "#f3e6d3", bottomColor: "#d8c3a5" },
  { id: "bg_concrete_grey", name: "Concrete grey", topColor: "#b7b9bb", bottomColor: "#7d8084" },
  { id: "bg_garden_green", name: "Garden green", topColor: "#cfe8c4", bottomColor: "#5d8a4f" },
  { id: "bg_sunset", name: "Sunset", topColor: "#ffb38a", bottomColor: "#7b4b94" },
];

/** Used when a job names no background. */
export const DEFAULT_BACKGROUND_ID = "bg_studio_white";

export function posesFor(productType: string): SimPose[] {
  return SIM_POSES.filter((pose) => (pose.productTypes as readonly string[]).includes(productType));
}

export const findMannequin = (id: string) => SIM_MANNEQUINS.find((item) => item.id === id);
export const findPose = (id: string) => SIM_POSES.find((item) => item.id === id);
export const findBackground = (id: string) => SIM_BACKGROUNDS.find((item) => item.id === id);
