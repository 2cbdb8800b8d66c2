import { defineConfig, devices } from "@playwright/test";

// Browser tests run against the production build in Debian's Chromium (never a downloaded
// browser); the server gets its own fresh database under data/e2e/.
const PORT = Number(process.env.E2E_PORT ?? 3110);
const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  // no retries: a test that fails once is a bug in the test or in the shop, never hidden
  retries: 0,
  timeout: 30_000,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  outputDir: "test-results/e2e",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "ru-RU",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: "node scripts/e2e-server.ts",
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
  },
});
