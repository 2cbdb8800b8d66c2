import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import path from "node:path";

// The SSR build's entry is our Express app (server/app.ts), so it shares one module graph
// with the routes: router context keys and services are the same objects on both sides.
// React Router 8 reads the entry from the ssr environment's build options.
export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: { target: "es2022" },
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
});
