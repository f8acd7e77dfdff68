/**
 * The few culori functions app/colour uses. culori ships no types of its own; these declarations are written
 * from its source (src/difference.js, src/formatter.js, src/parse.js, src/lab65/*) rather than adding
 * @types/culori, so the module brings in one package. Colours are plain objects tagged with their mode.
 */
declare module "culori" {
  export interface Rgb {
    mode: "rgb";
    /** 0..1, may leave the range for colours outside the sRGB gamut. */
    r: number;
    g: number;
    b: number;
    alpha?: number;
  }
  export interface Lab65 {
    mode: "lab65";
    l: number;
    a: number;
    b: number;
    alpha?: number;
  }
  export type Color = Rgb | Lab65 | { mode: string; alpha?: number; [channel: string]: number | string | undefined };

  /** CIEDE2000 (Sharma, Wu, Dalal 2005) with the parametric weights kL, kC, kH; inputs converted to Lab D65. */
  export function differenceCiede2000(
    kL?: number,
    kC?: number,
    kH?: number,
  ): (standard: Color, sample: Color) => number;
  export function convertRgbToLab65(color: Omit<Rgb, "mode">): Lab65;
  export function convertLab65ToRgb(color: Omit<Lab65, "mode">): Rgb;
  /** "#rrggbb", channels clamped to the sRGB gamut. */
  export function formatHex(color: Color | string): string | undefined;
  /** CSS colour syntax (hex, rgb(), named colours, lab()…); undefined when it cannot be parsed. */
  export function parse(color: string): Color | undefined;
  export function converter(mode: "lab65"): (color: Color | string) => Lab65 | undefined;
  export function converter(mode: "rgb"): (color: Color | string) => Rgb | undefined;
}
