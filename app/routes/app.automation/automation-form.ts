import { z } from "zod";
import { RESOLUTIONS } from "~/tryon/wire";
import { checkbox } from "~/web/forms";
import { AUTOMATION_WORDS as WORDS } from "./automation-words";

/** A comma-separated list as staff type it: trimmed, empty entries dropped, at most 50. */
const list = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  )
  .pipe(z.array(z.string().max(255)).max(50, "At most 50 entries."));

const categoryIds = list.transform((ids) =>
  ids.map((id) => (id.startsWith("gid://") ? id : `gid://shopify/TaxonomyCategory/${id}`)),
);

/** The rule form as posted (save and preview both read it). */
export const ruleFormSchema = z.object({
  ruleId: z.string().max(64).optional().default(""),
  name: z.string().trim().min(1, "Give the rule a name.").max(80, "At most 80 characters."),
  collectionId: z
    .string()
    .default("")
    .refine((value) => value === "" || /^gid:\/\/shopify\/Collection\/\d+$/.test(value), "Choose a collection again."),
  collectionTitle: z.string().max(255).default(""),
  categoryIds,
  productTypes: list,
  tags: list,
  vendors: list,
  lookId: z.string().max(64).default(""),
  resolution: z.enum(RESOLUTIONS, { error: "Choose a resolution." }),
  candidates: z.coerce.number().int().min(1, "At least 1.").max(4, "At most 4."),
  monthlyBudgetCredits: z
    .string()
    .default("")
    .transform((value) => (value.trim() === "" ? null : Number(value)))
    .pipe(z.number({ error: "Enter a whole number." }).int("Enter a whole number.").min(0).max(10_000_000).nullable()),
  enabled: checkbox,
});
export type RuleForm = z.output<typeof ruleFormSchema>;

export const shopBudgetFormSchema = z.object({
  shopBudgetCredits: z
    .string()
    .default("")
    .transform((value) => (value.trim() === "" ? null : Number(value)))
    .pipe(z.number({ error: "Enter a whole number." }).int("Enter a whole number.").min(0).max(10_000_000).nullable()),
});

export const toggleFormSchema = z.object({ ruleId: z.string().min(1).max(64), enabled: checkbox });

export const INTENTS = ["save", "preview", "toggle", "shop-budget"] as const;
export const intentSchema = z.enum(INTENTS, { error: WORDS.notFound });
