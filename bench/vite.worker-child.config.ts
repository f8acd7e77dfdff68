import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * The benchmark worker process (bench/worker-child.ts) compiled as `npm run build` compiles the worker
 * (vite.worker.config.ts: SSR build for node22, packages external), so benchmark 4 measures the worker's memory
 * as production runs it: plain JavaScript under `node`, without tsx's loader thread and its transforms.
 * Written to build/bench/ (two levels down, as bench/lib/env.ts expects of the repository root).
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  build: {
    ssr: true,
    outDir: "build/bench",
    target: "node22",
    sourcemap: true,
    emptyOutDir: true,
    rollupOptions: {
      input: { "worker-child": "bench/worker-child.ts" },
      output: {
        entryFileNames: "[name].js",
        format: "es",
        // The app's and the harness's modules in a chunk of their own: scripts that run themselves when they are
        // the entry (`process.argv[1] === import.meta.filename`, e.g. scripts/admin-schema.ts) must not think so.
        manualChunks: (id) => (id.includes("/bench/") ? undefined : "modules"),
      },
    },
  },
});
