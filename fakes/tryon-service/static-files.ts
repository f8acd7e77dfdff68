import type { ServerResponse } from "node:http";
import { findBackground, findMannequin, findPose, SIM_MANNEQUINS, SIM_POSES } from "./catalog";
import { writeBytes } from "./http";
import { renderBackgroundThumbnail, renderFigureThumbnail, renderSampleGarment } from "./render";
import type { SimulatorState } from "./state";

/** Sample product photos served by the simulator, so a curl walk-through needs no other image host. */
export const SAMPLE_IMAGES = {
  "tee-front.jpg": { color: "#2f6fb0", format: "jpeg", shape: "tee" },
  "tee-back.jpg": { color: "#285f98", format: "jpeg", shape: "tee" },
  "tee-front.webp": { color: "#c0392b", format: "webp", shape: "tee" },
  "trousers-front.png": { color: "#3d3d3d", format: "png", shape: "trousers" },
  "tee-front.gif": { color: "#27ae60", format: "gif", shape: "tee" },
} as const;
export type SampleImageName = keyof typeof SAMPLE_IMAGES;

export const catalogThumbnailUrl = (state: SimulatorState, kind: string, id: string) =>
  `${state.baseUrl}/static/thumbnails/${kind}/${id}.png`;

export const sampleImageUrl = (state: SimulatorState, name: SampleImageName) =>
  `${state.baseUrl}/static/samples/${name}`;

/** Serves catalog thumbnails and sample photos: GET and HEAD, no auth, like a CDN. False when there is no such file. */
export async function serveStaticFile(state: SimulatorState, path: string, res: ServerResponse): Promise<boolean> {
  const thumbnail = /^\/static\/thumbnails\/(mannequins|poses|backgrounds)\/([\w-]+)\.png$/.exec(path);
  if (thumbnail) {
    const [, kind, id = ""] = thumbnail;
    let make: (() => Promise<Buffer>) | undefined;
    const defaultPose = SIM_POSES[0];
    const defaultMannequin = SIM_MANNEQUINS[0];
    if (kind === "mannequins") {
      const mannequin = findMannequin(id);
      if (mannequin && defaultPose) make = () => renderFigureThumbnail(mannequin, defaultPose);
    } else if (kind === "poses") {
      const pose = findPose(id);
      if (pose && defaultMannequin) make = () => renderFigureThumbnail(defaultMannequin, pose);
    } else {
      const background = findBackground(id);
      if (background) make = () => renderBackgroundThumbnail(background);
    }
    if (!make) return false;
    writeBytes(res, await cachedStatic(state, path, make), "image/png", true);
    return true;
  }
  const sample = /^\/static\/samples\/([\w.-]+)$/.exec(path);
  const name = sample?.[1];
  if (name !== undefined && name in SAMPLE_IMAGES) {
    const spec = SAMPLE_IMAGES[name as SampleImageName];
    const bytes = await cachedStatic(state, path, () => renderSampleGarment({ ...spec, size: 600 }));
    writeBytes(res, bytes, `image/${spec.format}`, true);
    return true;
  }
  return false;
}

function cachedStatic(state: SimulatorState, key: string, make: () => Promise<Buffer>) {
  let entry = state.staticFiles.get(key);
  if (!entry) {
    entry = make();
    state.staticFiles.set(key, entry);
    entry.catch(() => state.staticFiles.delete(key));
  }
  return entry;
}
