import { defineConfig, devices } from "@playwright/test";

// Browser tests run against the production build in Debian's Chromium (never a downloaded
// browser). Each worker has a server of its own on port E2E_PORT + its parallel index, with a fresh
// database under data/e2e/<index>/ (tests/e2e/e2e-server-data.ts): the tests of one worker run one
// after another, as they would against one shop, and two workers never see each other's changes.
const PORT = Number(process.env.E2E_PORT ?? 3110);
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";
// set by Playwright in each worker process; undefined in the runner, which only starts the servers
const serverIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export default defineConfig({
  testDir: "tests/e2e",
  // a file's tests stay together in one worker, in order
  fullyParallel: false,
  workers: WORKERS,
  // no retries: a test that fails once is a bug in the test or in the shop, never hidden
  retries: 0,
  timeout: 30_000,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  outputDir: "test-results/e2e",
  use: {
    baseURL: `http://127.0.0.1:${PORT + serverIndex}`,
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
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: "node scripts/e2e-server.ts",
    url: `http://127.0.0.1:${PORT + index}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT + index), HOST: "127.0.0.1", LOG_LEVEL: "warn", E2E_DATA_DIR: `data/e2e/${index}` },
  })),
});
