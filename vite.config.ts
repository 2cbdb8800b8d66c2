import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import path from "node:path";

// The SSR build's entry is our Express app (server/app.ts), so it shares one module graph
// with the routes: router context keys and services are the same objects on both sides.
// React Router 8 reads the entry from the ssr environment's build options.
export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    target: "es2022",
    // A feature is entered through its index files (docs/architecture.md), which re-export all that
    // the feature offers. The shop's own modules do nothing when imported (no module imports one of
    // ours for its side effects), so the bundler may leave out whatever a page does not use, and with
    // it that module's stylesheet; stylesheets and packages keep their side effects.
    rolldownOptions: { treeshake: { moduleSideEffects: (id: string) => !/\/app\/[^?]*\.tsx?$/.test(id) || id.includes("/node_modules/") } },
  },
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
});
