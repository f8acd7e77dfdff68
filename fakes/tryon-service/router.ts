import type { IncomingMessage, ServerResponse } from "node:http";
import { handleControlRequest, type SimulatorControls } from "./control-api";
import { errorAnswer, HttpProblem, writeJson } from "./http";
import type { SimulatorHooks } from "./options";
import { serveResult } from "./results";
import { apiEndpoint, handleApi } from "./service-api";
import type { SimulatorState } from "./state";
import { serveStaticFile } from "./static-files";

/** The simulator's request handler: static files, results, health, the control API, then the service's API. */
export function makeRouter(state: SimulatorState, controls: SimulatorControls, hooks: SimulatorHooks) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    state.settle();
    const url = new URL(req.url ?? "/", "http://simulator.invalid");
    const path = url.pathname;
    const method = req.method ?? "GET";
    try {
      if ((method === "GET" || method === "HEAD") && path.startsWith("/static/")) {
        if (await serveStaticFile(state, path, res)) return;
        throw new HttpProblem(404, "not_found", "no such file");
      }
      const result = /^\/results\/([\w-]+)\.jpg$/.exec(path);
      if (result?.[1] !== undefined && (method === "GET" || method === "HEAD")) {
        await serveResult(state, result[1], url.searchParams, res);
        return;
      }
      if (path === "/health") {
        writeJson(res, { status: 200, body: { data: { ok: true } } });
        return;
      }
      if (state.settings.testEndpoints && path.startsWith("/__simulator/")) {
        const answer = await handleControlRequest(state, controls, req, path, url.searchParams);
        if (!answer) throw new HttpProblem(404, "not_found", "no such test endpoint");
        writeJson(res, answer);
        return;
      }
      const endpoint = apiEndpoint(method, path);
      if (!endpoint) throw new HttpProblem(404, "not_found", `no endpoint ${method} ${path}`);
      await handleApi(state, req, res, endpoint, path, url.searchParams);
    } catch (error) {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof HttpProblem) {
        writeJson(res, errorAnswer(error));
        return;
      }
      hooks.log?.(`internal error: ${(error as Error).stack ?? String(error)}`);
      writeJson(res, errorAnswer(new HttpProblem(500, "internal_error", "the simulator failed")));
    }
  };
}
