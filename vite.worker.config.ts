import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * Compiles the worker process (`npm run start:worker`) to plain JavaScript beside the web app's build, so
 * production runs it with `node` alone. Packages stay external: they come from the production install.
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  build: {
    ssr: "app/worker/main.ts",
    outDir: "build/worker",
    target: "node22",
    sourcemap: true,
    emptyOutDir: true,
    rollupOptions: { output: { entryFileNames: "main.js", format: "es" } },
  },
});
