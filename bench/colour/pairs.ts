/**
 * Product photo / render pairs for the colour fidelity benchmark, with what was done to the render's colours.
 * Shifts are stratified: a third at most 3 ΔE00 (a quarter of those exactly 0), a third between 3 and 10, a
 * third between 10 and 30, so each rate the benchmark reports rests on about as many pairs.
 */
import { ciede2000 } from "~/colour/lab";
import {
  type GarmentSpec,
  type Rgb8,
  STANDARD_WEIGHTS,
  drawProductPhoto,
  drawRender,
  labOf,
  photoBackdrop,
  randomGarment,
  renderBackdrop,
  shiftColours,
} from "./scenes";

export interface PairTruth {
  garment: GarmentSpec;
  /** Applied shift: share-weighted mean CIEDE2000 (kL = kC = kH = 1) of the garment's colours as drawn. */
  shift: number;
  /** The same with lightness at half weight (kL = 2): how the benchmark's first labels measured it. */
  shiftHalfLightness: number;
  scope: "all" | "one";
  renderedColours: Rgb8[];
  colourShares: number[];
  photoSize: string;
  otherGarment: boolean;
}

export interface Pair {
  productPhoto: Buffer;
  render: Buffer;
  /** The render's backdrop as "#rrggbb", what a caller would pass as the background hint. */
  renderBackdropHex: string;
  truth: PairTruth;
}

/** Smallest CIEDE2000 between any garment colour and either backdrop: a white tee on white is a known limit, not sampled. */
const MIN_BACKDROP_CONTRAST = 12;

export function targetShift(index: number, random: () => number): number {
  switch (index % 3) {
    case 0:
      return random() < 0.25 ? 0 : 0.5 + random() * 2.5;
    case 1:
      return 3 + random() * 7;
    default:
      return 10 + random() * 20;
  }
}

const contrasts = (garment: GarmentSpec, backdrop: Rgb8) =>
  garment.colours.every(
    (colour) => ciede2000(labOf(colour), labOf(backdrop), STANDARD_WEIGHTS) >= MIN_BACKDROP_CONTRAST,
  );

const hex = (rgb: Rgb8) => `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;

export async function generatePair(
  random: () => number,
  target: number,
  options: { otherGarment: boolean },
): Promise<Pair> {
  for (;;) {
    const garment = randomGarment(random);
    const backdrop = photoBackdrop(random);
    if (!contrasts(garment, backdrop)) continue;
    const photo = await drawProductPhoto(garment, backdrop, random);
    const shift = shiftColours(garment.colours, photo.colourShares, target, random);
    if (!shift) continue;
    const rendered: GarmentSpec = { ...garment, colours: shift.colours };
    let backdropOfRender = renderBackdrop(random);
    for (
      let tries = 0;
      tries < 20 && !(contrasts(garment, backdropOfRender) && contrasts(rendered, backdropOfRender));
      tries++
    ) {
      backdropOfRender = renderBackdrop(random);
    }
    if (!(contrasts(garment, backdropOfRender) && contrasts(rendered, backdropOfRender))) continue;
    const render = await drawRender(
      { garment: rendered, backdrop: backdropOfRender, otherGarment: options.otherGarment },
      random,
    );
    return {
      productPhoto: photo.jpeg,
      render: render.jpeg,
      renderBackdropHex: hex(backdropOfRender),
      truth: {
        garment,
        shift: shift.deltaE,
        shiftHalfLightness: shift.deltaEHalfLightness,
        scope: shift.scope,
        renderedColours: shift.colours,
        colourShares: photo.colourShares,
        photoSize: `${photo.width}×${photo.height}`,
        otherGarment: options.otherGarment,
      },
    };
  }
}
