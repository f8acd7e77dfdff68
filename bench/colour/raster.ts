/**
 * Drawing primitives for the colour fidelity benchmark's synthetic photos: shapes are painted as labels into a
 * Uint8Array (one byte per pixel: which layer is visible there), then each label is coloured in one pass with
 * its own lighting. Colours are handled in linear RGB so lighting multiplies light, as it does in a photograph.
 */

export interface Point {
  x: number;
  y: number;
}

export class LabelCanvas {
  readonly labels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.labels = new Uint8Array(width * height);
  }

  /** Even-odd scanline fill of a polygon; `where` can restrict which pixels are painted (e.g. only over a label). */
  polygon(points: readonly Point[], label: number, where?: (current: number) => boolean) {
    const ys = points.map((point) => point.y);
    const top = Math.max(0, Math.floor(Math.min(...ys)));
    const bottom = Math.min(this.height - 1, Math.ceil(Math.max(...ys)));
    const crossings: number[] = [];
    for (let y = top; y <= bottom; y++) {
      const scan = y + 0.5;
      crossings.length = 0;
      for (let i = 0; i < points.length; i++) {
        const p = points[i] as Point;
        const q = points[(i + 1) % points.length] as Point;
        if ((p.y <= scan && q.y > scan) || (q.y <= scan && p.y > scan))
          crossings.push(p.x + ((scan - p.y) / (q.y - p.y)) * (q.x - p.x));
      }
      crossings.sort((a, b) => a - b);
      for (let i = 0; i + 1 < crossings.length; i += 2) {
        const from = Math.max(0, Math.round(crossings[i] as number));
        const to = Math.min(this.width, Math.round(crossings[i + 1] as number));
        const row = y * this.width;
        for (let x = from; x < to; x++) {
          if (!where || where(this.labels[row + x] as number)) this.labels[row + x] = label;
        }
      }
    }
  }

  ellipse(
    centre: Point,
    radiusX: number,
    radiusY: number,
    label: number,
    where?: (current: number, x: number, y: number) => boolean,
  ) {
    const top = Math.max(0, Math.floor(centre.y - radiusY));
    const bottom = Math.min(this.height - 1, Math.ceil(centre.y + radiusY));
    for (let y = top; y <= bottom; y++) {
      const dy = (y + 0.5 - centre.y) / radiusY;
      if (dy * dy > 1) continue;
      const half = radiusX * Math.sqrt(1 - dy * dy);
      const from = Math.max(0, Math.round(centre.x - half));
      const to = Math.min(this.width, Math.round(centre.x + half));
      for (let x = from; x < to; x++) {
        const index = y * this.width + x;
        if (!where || where(this.labels[index] as number, x, y)) this.labels[index] = label;
      }
    }
  }

  /** A thick segment with round ends whose radius goes from `r0` at `a` to `r1` at `b` (limbs). */
  capsule(a: Point, b: Point, r0: number, r1: number, label: number) {
    const left = Math.max(0, Math.floor(Math.min(a.x - r0, b.x - r1)));
    const right = Math.min(this.width - 1, Math.ceil(Math.max(a.x + r0, b.x + r1)));
    const top = Math.max(0, Math.floor(Math.min(a.y - r0, b.y - r1)));
    const bottom = Math.min(this.height - 1, Math.ceil(Math.max(a.y + r0, b.y + r1)));
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const lengthSq = dx * dx + dy * dy || 1;
    for (let y = top; y <= bottom; y++) {
      for (let x = left; x <= right; x++) {
        const t = Math.min(1, Math.max(0, ((x + 0.5 - a.x) * dx + (y + 0.5 - a.y) * dy) / lengthSq));
        const px = a.x + t * dx - (x + 0.5);
        const py = a.y + t * dy - (y + 0.5);
        const radius = r0 + (r1 - r0) * t;
        if (px * px + py * py <= radius * radius) this.labels[y * this.width + x] = label;
      }
    }
  }
}

/** sRGB 8-bit → linear. */
export const LINEAR_FROM_8BIT = Float64Array.from({ length: 256 }, (_, value) => {
  const channel = value / 255;
  return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
});

const ENCODE_STEPS = 8192;
/** linear (0..1, sampled) → sRGB 8-bit, as a float so noise can be added before rounding. */
const ENCODE = Float64Array.from({ length: ENCODE_STEPS + 1 }, (_, step) => {
  const linear = step / ENCODE_STEPS;
  const channel = linear <= 0.0031308 ? linear * 12.92 : 1.055 * linear ** (1 / 2.4) - 0.055;
  return channel * 255;
});

export function encodeLinear(linear: number): number {
  if (linear <= 0) return 0;
  if (linear >= 1) return 255;
  return ENCODE[Math.round(linear * ENCODE_STEPS)] as number;
}

const NOISE_SIZE = 1 << 16;
/** Zero-mean, unit-variance noise values (sums of three uniforms), drawn once from a fixed seed. */
const NOISE = (() => {
  let state = 0x9e3779b9;
  const uniform = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  return Float32Array.from({ length: NOISE_SIZE }, () => (uniform() + uniform() + uniform() - 1.5) * 2);
})();

/**
 * Sensor-like noise: a walk through the noise table from a seeded start with an odd stride, one lookup a
 * value (drawing three uniforms per channel per pixel was most of the generator's time).
 */
export function noiseSource(seed: number): () => number {
  let index = seed & (NOISE_SIZE - 1);
  const stride = ((seed >>> 16) | 1) & (NOISE_SIZE - 1);
  return () => {
    index = (index + stride) & (NOISE_SIZE - 1);
    return NOISE[index] as number;
  };
}

export type LinearRgb = [number, number, number];

export function linearFromRgb8([r, g, b]: readonly [number, number, number]): LinearRgb {
  return [LINEAR_FROM_8BIT[r] as number, LINEAR_FROM_8BIT[g] as number, LINEAR_FROM_8BIT[b] as number];
}
