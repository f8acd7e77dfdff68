/**
 * The simulator's colour faults (issue 16 point 5): a render whose garment changed colour, as AI try-on sometimes
 * does, so tests and the sandbox show drift. `shift` moves every garment colour by one offset in the a*b* plane,
 * across the garment's mean hue; `fade` washes it out (less chroma, more lightness). The strength is found by
 * bisection so that the garment's mean colour moves by the chosen CIEDE2000 (kL = 1, the standard weights): a
 * property of the output, independent of how the app scores it. Written on culori, not on the app's colour code.
 */
import { convertLab65ToRgb, convertRgbToLab65, differenceCiede2000, type Lab65 } from "culori";

export type ColourShiftMode = "shift" | "fade";

interface Lab {
  l: number;
  a: number;
  b: number;
}

const deltaE00 = differenceCiede2000();
const asLab = (lab: Lab): Lab65 => ({ mode: "lab65", ...lab });

function transform(lab: Lab, mode: ColourShiftMode, strength: number, direction: { a: number; b: number }): Lab {
  if (mode === "fade") {
    return { l: lab.l + (100 - lab.l) * strength * 0.6, a: lab.a * (1 - strength), b: lab.b * (1 - strength) };
  }
  return { l: lab.l, a: lab.a + direction.a * strength, b: lab.b + direction.b * strength };
}

/** The garment layer is cut out of its photo (render.ts): every opaque pixel is garment. */
const isGarment = (rgba: Uint8Array, i: number) => (rgba[i + 3] ?? 0) >= 128;

/** Mean Lab of the garment's pixels. */
function meanLab(rgba: Uint8Array): Lab | undefined {
  let l = 0;
  let a = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < rgba.length; i += 4) {
    if (!isGarment(rgba, i)) continue;
    const lab = convertRgbToLab65({ r: rgba[i]! / 255, g: rgba[i + 1]! / 255, b: rgba[i + 2]! / 255 });
    l += lab.l;
    a += lab.a;
    b += lab.b;
    n++;
  }
  return n === 0 ? undefined : { l: l / n, a: a / n, b: b / n };
}

/**
 * Recolours the garment's pixels in place (transparent ones are left alone) so their mean colour moves by about
 * `deltaE`.
 * Returns the CIEDE2000 actually reached by the mean (fading cannot move a white garment far, say).
 */
export function shiftGarmentColours(rgba: Uint8Array, mode: ColourShiftMode, deltaE: number): number {
  const mean = meanLab(rgba);
  if (!mean) return 0;
  const chroma = Math.hypot(mean.a, mean.b);
  // Across the hue (a turn of hue), or a fixed direction for a grey garment.
  const direction = chroma > 2 ? { a: -mean.b / chroma, b: mean.a / chroma } : { a: 0.6, b: 0.8 };
  const reached = (strength: number) => deltaE00(asLab(mean), asLab(transform(mean, mode, strength, direction)));
  let low = 0;
  let high = mode === "fade" ? 1 : 120;
  if (reached(high) < deltaE) low = high;
  else {
    for (let step = 0; step < 30; step++) {
      const middle = (low + high) / 2;
      if (reached(middle) < deltaE) low = middle;
      else high = middle;
    }
  }
  const strength = reached(low) >= deltaE ? low : high;
  const cache = new Map<number, [number, number, number]>();
  for (let i = 0; i < rgba.length; i += 4) {
    if (!isGarment(rgba, i)) continue;
    const key = (rgba[i]! << 16) | (rgba[i + 1]! << 8) | rgba[i + 2]!;
    let out = cache.get(key);
    if (!out) {
      const lab = convertRgbToLab65({ r: rgba[i]! / 255, g: rgba[i + 1]! / 255, b: rgba[i + 2]! / 255 });
      const rgb = convertLab65ToRgb(transform(lab, mode, strength, direction));
      const channel = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 255);
      out = [channel(rgb.r), channel(rgb.g), channel(rgb.b)];
      cache.set(key, out);
    }
    rgba[i] = out[0];
    rgba[i + 1] = out[1];
    rgba[i + 2] = out[2];
  }
  return reached(strength);
}
