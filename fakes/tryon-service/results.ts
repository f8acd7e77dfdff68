import { createHmac, timingSafeEqual } from "node:crypto";
import type { ServerResponse } from "node:http";
import {
  DEFAULT_BACKGROUND_ID,
  findBackground,
  findMannequin,
  findPose,
  SIM_BACKGROUNDS,
  SIM_MANNEQUINS,
  SIM_POSES,
} from "./catalog";
import { HttpProblem, writeBytes } from "./http";
import { fetchInputImage } from "./input-images";
import { type SimJob, viewJob } from "./jobs";
import { outputSize, renderTryOnResult } from "./render";
import type { SimulatorState } from "./state";
import { isUrl } from "./validation";

/** The most recently downloaded results are kept, so a retried download is not drawn again. */
const RENDER_CACHE_SIZE = 16;

const signature = (state: SimulatorState, jobId: string, expires: number) =>
  createHmac("sha256", state.urlSecret).update(`${jobId}.${expires}`).digest("base64url");

/** A signed, expiring result URL, minted afresh for every status answer. */
export function mintResultUrl(state: SimulatorState, job: SimJob) {
  const expired = state.faults.take("status", job.apiKey, ["result_expired"]);
  const expires = expired ? state.now() - 1000 : state.now() + state.settings.resultUrlTtlMs;
  return {
    url: `${state.baseUrl}/results/${job.id}.jpg?expires=${expires}&signature=${signature(state, job.id, expires)}`,
    expiresAt: new Date(expires).toISOString(),
  };
}

/** GET/HEAD /results/{jobId}.jpg?expires&signature: the rendered JPEG, no auth (the signature is the permission). */
export async function serveResult(state: SimulatorState, jobId: string, query: URLSearchParams, res: ServerResponse) {
  const expires = Number(query.get("expires"));
  const given = Buffer.from(query.get("signature") ?? "");
  const expected = Buffer.from(signature(state, jobId, expires));
  if (!Number.isFinite(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new HttpProblem(403, "invalid_signature", "this result URL is not signed by the service");
  }
  const job = state.jobs.get(jobId);
  if (!job || viewJob(job, state.now()).state !== "completed") {
    throw new HttpProblem(404, "not_found", "no result for this job");
  }
  if (expires < state.now())
    throw new HttpProblem(410, "url_expired", "this result URL has expired; poll the job status for a fresh one");
  if (state.faults.take("result", job.apiKey, ["result_not_found"])) {
    throw new HttpProblem(404, "not_found", "no result for this job");
  }
  const hostile = state.faults.take("result", job.apiKey, ["result_not_image", "result_truncated"]);
  if (hostile?.type === "result_not_image") return writeBytes(res, Buffer.from(hostile.body), "image/jpeg", false);
  const image = await renderResult(state, job);
  if (hostile?.type === "result_truncated") {
    return writeBytes(res, image.subarray(0, Math.floor(image.byteLength * hostile.keep)), "image/jpeg", false);
  }
  writeBytes(res, image, "image/jpeg", false);
}

function renderResult(state: SimulatorState, job: SimJob): Promise<Buffer> {
  const { renders } = state;
  const cached = renders.get(job.id);
  if (cached) {
    renders.delete(job.id);
    renders.set(job.id, cached);
    return cached;
  }
  const rendering = (async () => {
    const request = job.request;
    const front = request.product_images[0];
    const productImage = front !== undefined ? await imageBytes(state, front) : undefined;
    const background =
      request.background !== undefined && isUrl(request.background)
        ? ((await imageBytes(state, request.background)) ?? findBackground(DEFAULT_BACKGROUND_ID))
        : findBackground(request.background ?? DEFAULT_BACKGROUND_ID);
    const { width, height } = outputSize(request.resolution, request.aspect_ratio);
    return renderTryOnResult({
      width,
      height,
      mannequin: findMannequin(request.mannequin_id) ?? (SIM_MANNEQUINS[0] as (typeof SIM_MANNEQUINS)[number]),
      pose: findPose(request.pose_id) ?? (SIM_POSES[0] as (typeof SIM_POSES)[number]),
      bodySize: request.body_size ?? "M",
      expression: request.expression ?? "neutral",
      productType: request.product_type,
      background: background ?? (SIM_BACKGROUNDS[0] as (typeof SIM_BACKGROUNDS)[number]),
      productImage,
      colourShift: job.colourShift,
      caption: `SIMULATED try-on ${job.id} (${request.resolution} ${request.aspect_ratio})`,
    });
  })();
  renders.set(job.id, rendering);
  rendering.catch(() => renders.delete(job.id));
  for (const oldest of renders.keys()) {
    if (renders.size <= RENDER_CACHE_SIZE) break;
    renders.delete(oldest);
  }
  return rendering;
}

/** An input image's bytes: from the cache filled at submit, else downloaded again. */
async function imageBytes(state: SimulatorState, url: string): Promise<Buffer | undefined> {
  const cached = state.images.get(url);
  if (cached) return cached;
  const fetched = await fetchInputImage(url, { timeoutMs: state.settings.imageFetchTimeoutMs });
  if (!fetched.ok) return undefined;
  state.images.set(url, fetched.bytes);
  return fetched.bytes;
}
