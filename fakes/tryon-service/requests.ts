import type { TryOnSimulator } from "./server";

/** Raw HTTP against a simulator, for tests that check the wire itself rather than the client. */
export async function callSimulator(
  simulator: TryOnSimulator,
  method: string,
  path: string,
  options: { body?: unknown; apiKey?: string | null; contentType?: string; rawBody?: string } = {},
): Promise<{ status: number; headers: Headers; json: unknown }> {
  const apiKey = options.apiKey === undefined ? simulator.apiKey : options.apiKey;
  const headers: Record<string, string> = {};
  if (apiKey !== null) headers.Authorization = `Bearer ${apiKey}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers["Content-Type"] = options.contentType ?? "application/json";
  const response = await fetch(`${simulator.baseUrl}${path}`, { method, headers, ...(body !== undefined && { body }) });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, headers: response.headers, json };
}

/** A submit body the simulator accepts, using its own sample image. */
export function validSubmitBody(simulator: TryOnSimulator, overrides: Record<string, unknown> = {}) {
  return {
    product_type: "top",
    product_images: [simulator.sampleImageUrl("tee-front.jpg")],
    product_category: "t_shirt",
    mannequin_id: "mnq_lena",
    pose_id: "pose_front_relaxed",
    background: "bg_studio_white",
    lock_background: false,
    resolution: "2K",
    aspect_ratio: "3:4",
    body_size: "M",
    expression: "neutral",
    user_instruction: "Tuck the shirt in loosely.",
    ...overrides,
  };
}

/** The `data` envelope of a simulator answer, typed loosely for assertions. */
export function dataOf(json: unknown): Record<string, unknown> {
  return (json as { data: Record<string, unknown> }).data;
}

export function errorOf(json: unknown): { code: string; message: string; details?: Array<Record<string, string>> } {
  return (json as { error: { code: string; message: string; details?: Array<Record<string, string>> } }).error;
}
