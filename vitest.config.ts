import { defineConfig } from "vitest/config";

// Unit tests sit beside their code; integration tests drive the built server (tests/integration),
// rebuilt by the global setup whenever the source is newer than it.
// Kept apart from vite.config.ts so the React Router plugin does not run inside Vitest.
export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/lint/**/*.test.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    // integration tests start the production build: rebuilt first when the source is newer
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
