import { z } from "zod";

/** What is stored on a render and shown to staff (Render.colourVerdict / colourDeltaE / colourDetail). */
export const COLOUR_VERDICTS = ["good", "check", "drift", "not_scored"] as const;
export type StoredColourVerdict = (typeof COLOUR_VERDICTS)[number];

export const colourDetailSchema = z.union([
  z.object({
    status: z.literal("scored"),
    thresholds: z.object({ good: z.number(), drift: z.number() }),
    /** Largest product colour first: the photo's swatch, the render's and their CIEDE2000. */
    matched: z.array(z.object({ source: z.string(), render: z.string(), deltaE: z.number(), share: z.number() })),
  }),
  z.object({ status: z.literal("not_scored"), reason: z.string() }),
]);
export type ColourDetail = z.infer<typeof colourDetailSchema>;

/** How staff read a verdict: a label for the badge and the filter. */
export const COLOUR_VERDICT_LABELS: Record<StoredColourVerdict, string> = {
  good: "Colour kept",
  check: "Check colour",
  drift: "Colour drift",
  not_scored: "Colour not scored",
};
