/**
 * Benchmark 8, colour fidelity (issue 16, point 6): does scoreColourFidelity (app/colour) flag renders whose
 * garment changed colour, and leave alone those that did not? 240 generated product photo / 2K render pairs
 * (bench/colour/: tee, dress, trousers; plain, stripes, dots, checks in 1–3 colours; renders on a mannequin-like
 * figure with other lighting, scale, place and folds), with a controlled colour shift of 0 to 30 ΔE00, a third
 * each at ≤ 3, 3–10 and ≥ 10. Seeded: the same pairs every run.
 *
 * Detection: a pair shifted by ≥ 10 whose verdict is "drift". False flag: a pair shifted by ≤ 3 whose verdict is
 * not "good" ("check" or "drift"); "not scored" is counted apart. The shift is the ΔE: the share-weighted
 * mean CIEDE2000 (kL = kC = kH = 1) of the garment's colours, on the 8-bit colours actually drawn.
 * The algorithm was tuned on other seeds (16, 17 and this seed's first, kL = 2 labelled pairs); --full also runs
 * two held-out seeds that were not looked at while tuning.
 * Time: scoreColourFidelity on the two encoded images (both decodes included), one at a time, sharp limited
 * to one thread, after a warm-up. Baselines in the same run: decoding alone, and a naive score (the mean
 * colour of the middle of each image).
 */
import os from "node:os";
import sharp from "sharp";
import {
  type ColourFidelityResult,
  DEFAULT_THRESHOLDS,
  DEFAULT_WORKING_SIZE,
  ciede2000,
  decodeWithSharp,
  scoreColourFidelity,
  verdictFor,
} from "~/colour";
import { labPixels } from "~/colour/lab";
import { type Pair, generatePair, targetShift } from "./colour/pairs";
import { STANDARD_WEIGHTS } from "./colour/scenes";
import { seededRandom } from "~/lib/seeded-random";
import { fixed, percentile } from "./lib/stats";
import type { Benchmark } from "./lib/types";

const SEED = 20261123;
const PAIRS = 240;
/** --full: another 90 pairs where the figure also wears a garment the AI added (a top with trousers, trousers with a tee). */
const PAIRS_WITH_OTHER_GARMENT = 90;
/** --full: seeds kept out of development (ADR 043), 240 pairs each, reported beside the seed of record. */
const HELD_OUT_SEEDS = [7001, 7002];
const WARM_UP = 5;
const GOALS = { detection: 0.95, falseFlags: 0.05, p95Ms: 150 };

interface Outcome {
  shift: number;
  shiftHalfLightness: number;
  pattern: string;
  shape: string;
  colours: number;
  result: ColourFidelityResult;
  /** With the render's backdrop colour given as the request would know it. */
  hinted: ColourFidelityResult;
  naive: number;
  wallMs: number;
  cpuMs: number;
  decodeMs: number;
}

const verdictOf = (result: ColourFidelityResult) => (result.status === "scored" ? result.verdict : "not-scored");

/** The naive score: CIEDE2000 between the mean colours of the middle fifth of each image (no segmentation). */
async function naiveScore(pair: Pair): Promise<number> {
  const [photo, render] = await Promise.all([
    decodeWithSharp(pair.productPhoto, DEFAULT_WORKING_SIZE),
    decodeWithSharp(pair.render, DEFAULT_WORKING_SIZE),
  ]);
  const middleMean = (image: { width: number; height: number; rgba: Uint8Array }) => {
    const lab = labPixels(image.rgba, image.width * image.height);
    let l = 0;
    let a = 0;
    let b = 0;
    let n = 0;
    for (let y = Math.floor(image.height * 0.4); y < image.height * 0.6; y++) {
      for (let x = Math.floor(image.width * 0.4); x < image.width * 0.6; x++) {
        const pixel = y * image.width + x;
        l += lab[pixel * 3] as number;
        a += lab[pixel * 3 + 1] as number;
        b += lab[pixel * 3 + 2] as number;
        n++;
      }
    }
    return { l: l / n, a: a / n, b: b / n };
  };
  return ciede2000(middleMean(photo), middleMean(render), STANDARD_WEIGHTS);
}

async function measure(pair: Pair): Promise<Omit<Outcome, "naive">> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await scoreColourFidelity(pair.productPhoto, pair.render);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const decodeStarted = performance.now();
  await decodeWithSharp(pair.productPhoto, DEFAULT_WORKING_SIZE);
  await decodeWithSharp(pair.render, DEFAULT_WORKING_SIZE);
  const decodeMs = performance.now() - decodeStarted;
  const hinted = await scoreColourFidelity(pair.productPhoto, pair.render, {
    renderBackground: pair.renderBackdropHex,
  });
  const garment = pair.truth.garment;
  return {
    shift: pair.truth.shift,
    shiftHalfLightness: pair.truth.shiftHalfLightness,
    pattern: garment.pattern.kind,
    shape: garment.shape,
    colours: garment.colours.length,
    result,
    hinted,
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    decodeMs,
  };
}

const percent = (part: number, whole: number) => (whole === 0 ? "n/a" : `${fixed((100 * part) / whole, 1)} %`);

interface Rates {
  detected: number;
  shifted: number;
  flagged: number;
  unshifted: number;
  notScoredUnshifted: number;
  notScored: number;
}

function rates(
  outcomes: readonly Outcome[],
  verdict: (outcome: Outcome) => string,
  shiftOf: (outcome: Outcome) => number = (outcome) => outcome.shift,
): Rates {
  const shifted = outcomes.filter((outcome) => shiftOf(outcome) >= 10);
  const unshifted = outcomes.filter((outcome) => shiftOf(outcome) <= 3);
  return {
    detected: shifted.filter((outcome) => verdict(outcome) === "drift").length,
    shifted: shifted.length,
    flagged: unshifted.filter((outcome) => verdict(outcome) === "check" || verdict(outcome) === "drift").length,
    unshifted: unshifted.length,
    notScoredUnshifted: unshifted.filter((outcome) => verdict(outcome) === "not-scored").length,
    notScored: outcomes.filter((outcome) => verdict(outcome) === "not-scored").length,
  };
}

const describeRates = (r: Rates) =>
  `detection ${r.detected}/${r.shifted} = ${percent(r.detected, r.shifted)}; false flags ${r.flagged}/${r.unshifted} = ${percent(r.flagged, r.unshifted)}; not scored ${r.notScored}`;

async function runPairs(
  count: number,
  random: () => number,
  otherGarment: boolean,
  log: (line: string) => void,
): Promise<{ outcomes: Outcome[]; generateMs: number }> {
  const outcomes: Outcome[] = [];
  let generateMs = 0;
  for (let index = 0; index < count; index++) {
    const generated = performance.now();
    const pair = await generatePair(random, targetShift(index, random), { otherGarment });
    generateMs += performance.now() - generated;
    outcomes.push({ ...(await measure(pair)), naive: await naiveScore(pair) });
    if ((index + 1) % 40 === 0) log(`${index + 1}/${count} pairs`);
  }
  return { outcomes, generateMs };
}

export const colourFidelity: Benchmark = {
  id: "colour-fidelity",
  number: 8,
  title: "Colour fidelity score",
  summary:
    "scoreColourFidelity on 240 seeded product photo (1000–2000 px) / 2K render (1536×2048 JPEG) pairs: tees, dresses, trousers in plain, stripes, dots, checks of 1–3 colours, worn by a mannequin-like figure under other lighting, scale and place, colour-shifted by 0–30 ΔE00; detection at ≥ 10, false flags at ≤ 3, time per render on one thread. Baselines: decoding alone, a naive mean-colour score. No database.",
  async run(ctx) {
    const previousConcurrency = sharp.concurrency();
    sharp.concurrency(1);
    try {
      const random = seededRandom(SEED);
      // Warm-up: the first calls compile the scorer's loops; a worker scoring renders all day is past that.
      ctx.log(`warm-up on ${WARM_UP} pairs, then ${PAIRS} measured…`);
      for (let index = 0; index < WARM_UP; index++)
        await measure(await generatePair(seededRandom(index + 1), 5, { otherGarment: false }));
      const loadBefore = os.loadavg()[0] ?? Number.NaN;
      const { outcomes, generateMs } = await runPairs(PAIRS, random, false, ctx.log);
      const loadAfter = os.loadavg()[0] ?? Number.NaN;

      const main = rates(outcomes, (outcome) => verdictOf(outcome.result));
      const hinted = rates(outcomes, (outcome) => verdictOf(outcome.hinted));
      const halfLightness = rates(
        outcomes,
        (outcome) => verdictOf(outcome.result),
        (outcome) => outcome.shiftHalfLightness,
      );
      const naive = rates(outcomes, (outcome) => verdictFor(outcome.naive, DEFAULT_THRESHOLDS));
      const wall = outcomes.map((outcome) => outcome.wallMs);
      const cpu = outcomes.map((outcome) => outcome.cpuMs);
      const decode = outcomes.map((outcome) => outcome.decodeMs);
      const p50 = percentile(wall, 50);
      const p95 = percentile(wall, 95);

      const byPattern = ["plain", "stripes", "dots", "checks"].map((pattern) => {
        const r = rates(
          outcomes.filter((outcome) => outcome.pattern === pattern),
          (outcome) => verdictOf(outcome.result),
        );
        return `${pattern}: ${r.detected}/${r.shifted} detected, ${r.flagged}/${r.unshifted} flagged`;
      });
      const errors = (from: number, to: number) => {
        const band = outcomes.filter(
          (outcome) => outcome.result.status === "scored" && outcome.shift >= from && outcome.shift <= to,
        );
        const differences = band.map(
          (outcome) => (outcome.result.status === "scored" ? outcome.result.deltaE : 0) - outcome.shift,
        );
        return `${from}–${to}: median ${fixed(percentile(differences, 50), 1)}, p5 ${fixed(percentile(differences, 5), 1)}, p95 ${fixed(percentile(differences, 95), 1)} (${band.length} pairs)`;
      };
      const middle = outcomes.filter((outcome) => outcome.shift > 3 && outcome.shift < 10);
      const middleVerdicts = ["good", "check", "drift", "not-scored"].map(
        (verdict) => `${verdict} ${middle.filter((outcome) => verdictOf(outcome.result) === verdict).length}`,
      );

      const figures: Array<[string, string]> = [
        [
          "pairs",
          `${outcomes.length} (seed ${SEED}): ${main.shifted} shifted ≥ 10, ${main.unshifted} shifted ≤ 3 (${outcomes.filter((outcome) => outcome.shift === 0).length} not at all), ${middle.length} between; generated in ${fixed(generateMs / 1000, 1)} s`,
        ],
        ["score", describeRates(main)],
        ["score, render backdrop colour given", describeRates(hinted)],
        ["by pattern", byPattern.join("; ")],
        ["3–10 ΔE (no goal)", middleVerdicts.join(", ")],
        ["score − shift", [errors(0, 3), errors(3, 10), errors(10, 30)].join("; ")],
        ["shift measured with kL = 2 instead (the first labels, for comparison)", describeRates(halfLightness)],
        [
          "time per render, wall",
          `p50 ${fixed(p50, 1)} ms, p95 ${fixed(p95, 1)} ms, max ${fixed(Math.max(...wall), 1)} ms`,
        ],
        [
          "time per render, CPU (process)",
          `p50 ${fixed(percentile(cpu, 50), 1)} ms, p95 ${fixed(percentile(cpu, 95), 1)} ms`,
        ],
        [
          "baseline: decoding both images alone",
          `p50 ${fixed(percentile(decode, 50), 1)} ms, p95 ${fixed(percentile(decode, 95), 1)} ms`,
        ],
        ["baseline: naive mean colour of each image's middle", describeRates(naive)],
        [
          "machine load (1-minute average) before / after",
          `${fixed(loadBefore)} / ${fixed(loadAfter)} on ${os.availableParallelism()} cores`,
        ],
      ];

      if (ctx.full) {
        const pooled: Outcome[] = [];
        for (const seed of HELD_OUT_SEEDS) {
          ctx.log(`--full: ${PAIRS} pairs of held-out seed ${seed}…`);
          const heldOut = await runPairs(PAIRS, seededRandom(seed), false, ctx.log);
          pooled.push(...heldOut.outcomes);
          const wallHeldOut = heldOut.outcomes.map((outcome) => outcome.wallMs);
          figures.push([
            `held-out seed ${seed} (--full)`,
            `${describeRates(rates(heldOut.outcomes, (outcome) => verdictOf(outcome.result)))}; p95 ${fixed(percentile(wallHeldOut, 95), 1)} ms`,
          ]);
        }
        figures.push([
          "held-out seeds pooled (--full)",
          describeRates(rates(pooled, (outcome) => verdictOf(outcome.result))),
        ]);
        ctx.log(`--full: ${PAIRS_WITH_OTHER_GARMENT} pairs where the figure also wears a garment the AI added…`);
        const other = await runPairs(PAIRS_WITH_OTHER_GARMENT, seededRandom(SEED + 1), true, ctx.log);
        figures.push([
          "with an added garment (--full, no goal)",
          describeRates(rates(other.outcomes, (outcome) => verdictOf(outcome.result))),
        ]);
      }

      const detection = main.detected / main.shifted;
      const falseFlags = main.flagged / main.unshifted;
      const notes: string[] = [];
      if (detection < GOALS.detection)
        notes.push(`Detection ${percent(main.detected, main.shifted)} is under ${GOALS.detection * 100} %.`);
      if (falseFlags > GOALS.falseFlags)
        notes.push(`False flags ${percent(main.flagged, main.unshifted)} are over ${GOALS.falseFlags * 100} %.`);
      if (p95 > GOALS.p95Ms)
        notes.push(
          `p95 ${fixed(p95, 1)} ms is over ${GOALS.p95Ms} ms (CPU p95 ${fixed(percentile(cpu, 95), 1)} ms; load ${fixed(loadBefore)}–${fixed(loadAfter)}).`,
        );
      notes.push(
        "Generated images are drawings (flat shapes, procedural prints and lighting), not photographs: the figures say the algorithm behaves on the cases it was built for, not how it does on real renders.",
      );
      return {
        id: this.id,
        title: this.title,
        database: "none",
        figures,
        headline: `detection ${percent(main.detected, main.shifted)}, false flags ${percent(main.flagged, main.unshifted)}, p50 ${fixed(p50, 0)} ms, p95 ${fixed(p95, 0)} ms per 2K render (${outcomes.length} pairs)`,
        baseline: `decoding alone p50 ${fixed(percentile(decode, 50), 0)} ms (score ${fixed(p50 / percentile(decode, 50))}×); naive mean colour: detection ${percent(naive.detected, naive.shifted)}, false flags ${percent(naive.flagged, naive.unshifted)}`,
        goal: "detection ≥ 95 %, false flags ≤ 5 %, p95 ≤ 150 ms",
        met: detection >= GOALS.detection && falseFlags <= GOALS.falseFlags && p95 <= GOALS.p95Ms,
        notes,
      };
    } finally {
      sharp.concurrency(previousConcurrency);
    }
  },
};
