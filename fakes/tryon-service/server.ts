import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { makeSimulatorControls, type SimulatorControls } from "./control-api";
import { type SimulatorHooks, type SimulatorOptionsInput, simulatorOptionsSchema } from "./options";
import { makeRouter } from "./router";
import { createSimulatorState } from "./state";
import { type SampleImageName, sampleImageUrl } from "./static-files";

export interface TryOnSimulator extends SimulatorControls {
  /** e.g. http://127.0.0.1:4455, without a trailing slash. */
  readonly baseUrl: string;
  /** A key the simulator accepts, with `initialCredits`. */
  readonly apiKey: string;
  readonly port: number;
  stop(): Promise<void>;
  sampleImageUrl(name: SampleImageName): string;
}

/** Starts a simulator on 127.0.0.1. Resolves once it listens. */
export async function startTryOnSimulator(
  options: SimulatorOptionsInput = {},
  hooks: SimulatorHooks = {},
): Promise<TryOnSimulator> {
  const state = createSimulatorState(simulatorOptionsSchema.parse(options), hooks);
  const controls = makeSimulatorControls(state);
  const route = makeRouter(state, controls, hooks);

  const server = createServer((req, res) => {
    const started = Date.now();
    res.on("finish", () =>
      hooks.log?.(`${req.method} ${req.url?.split("?")[0]} ${res.statusCode} ${Date.now() - started}ms`),
    );
    void route(req, res);
  });
  // Dropped connections and aborted clients are part of the game; they must not crash the process.
  server.on("clientError", (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(state.settings.port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  state.baseUrl = `http://127.0.0.1:${port}`;

  return {
    ...controls,
    baseUrl: state.baseUrl,
    apiKey: state.defaultKey,
    port,
    stop: async () => {
      controls.releaseHeldAnswers();
      for (const timer of state.pendingTimers) clearTimeout(timer);
      state.pendingTimers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    sampleImageUrl: (name) => sampleImageUrl(state, name),
  };
}
