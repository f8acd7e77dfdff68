import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * Compiles the worker process (`npm run start:worker`) and the secrets re-sealing of `npm run setup` to plain
 * JavaScript beside the web app's build, so production runs them with `node` alone. Packages stay external: they
 * come from the production install.
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  build: {
    ssr: true,
    outDir: "build/worker",
    target: "node22",
    sourcemap: true,
    emptyOutDir: true,
    rollupOptions: {
      // The worker, and the re-sealing of stored secrets that `npm run setup` runs after migrations.
      input: { main: "app/worker/main.ts", "secrets-rotate": "scripts/secrets-rotate.ts" },
      output: { entryFileNames: "[name].js", format: "es" },
    },
  },
});
